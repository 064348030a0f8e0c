/**
 * CSV for the accountant's exports (RFC 4180): every cell quoted when it holds a comma, a quote or
 * a line break, lines ended by CRLF, and a byte-order mark so spreadsheet programs read the file as
 * UTF-8 (Bengali names, the taka sign).
 */
export type CsvCell = string | number | null;

/** What makes a spreadsheet run a cell as a formula; a customer chooses her own name. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  // Numbers are ours (amounts, minutes), never a formula; only text a person typed is guarded.
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** `attachment; filename=...` for a name built from our own words and calendar dates. */
export function attachmentName(stem: string, filter: { from?: string | undefined; to?: string | undefined }): string {
  return `attachment; filename="${[stem, filter.from && `from-${filter.from}`, filter.to && `to-${filter.to}`].filter(Boolean).join('-')}.csv"`;
}

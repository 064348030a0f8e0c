/**
 * CSV for the accountant's exports (RFC 4180): every cell quoted when it holds a comma, a quote or
 * a line break, lines ended by CRLF, and a byte-order mark so spreadsheet programs read the file as
 * UTF-8 (Bengali names, the taka sign).
 */
import { z } from 'zod';
import type { FastifyReply } from 'fastify';

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

/** The list as a file: the JSON list's schema does not apply, so the text goes out as it is. */
export function sendCsv(reply: FastifyReply, csv: string, disposition: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', disposition)
    .serializer((payload: unknown) => payload as string)
    .send(csv);
}

/** A list answered as JSON, or (format=csv) as a CSV file: both media types are documented. */
export function listOrCsv<T extends z.ZodType>(list: T, description: string) {
  return {
    description,
    content: {
      'application/json': { schema: list },
      'text/csv': { schema: z.string().describe('A header row, then one row per record (UTF-8)') },
    },
  };
}

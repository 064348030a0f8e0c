import { formatMoney, SALON_CURRENCY } from '../money.js';

/**
 * Messages that carry a value (docs/decisions/047): 'Overlaps or touches 10:00 – 13:00', 'Try again
 * in 12 minutes.'. The `errors` catalogue's key is the message's template, its values named
 * ('Overlaps or touches {{start, time}} – {{end, time}}'), and the English message is written from
 * that same template by `englishMessage`, so the two cannot drift apart. Translating reads a
 * message against the catalogue's templates, takes its values back out and writes them into the
 * other language's template in that language's digits and words.
 *
 * A placeholder's format says what its value is, and so how each language writes it:
 * - none: text written as it is in both (a service title, a stylist's name);
 * - `number`: 12 in English, ১২ in Bangla;
 * - `time`: a wall-clock time, '10:00' / '১০:০০';
 * - `date`: a calendar date, '2026-12-06' / '৬ ডিসেম্বর, ২০২৬';
 * - `money`: taka, '৳1,200' / '১,২০০৳';
 * - `dayTime`: a day and time on the salon's clock, 'Sat 12 Dec, 10:30' / 'শনি ১২ ডিসে, ১০:৩০'
 *   (the English from `dayTimeValue`);
 * - `term`: one of our own words, as code names it ('no-show', a booking's status), which the
 *   catalogue translates under that word as its key ('no-show' → 'আসেননি');
 * - `label`: a field's label as the English form names it ('Opening time'), translated the same way.
 *
 * No zod here: the first page's modules import this (see my-language.ts for why that matters).
 */

export type MessageValue = string | number;
export type MessageValues = Readonly<Record<string, MessageValue>>;

/**
 * A message that counts in English ('1 minute', '12 minutes'): one template for Intl.PluralRules'
 * 'one', one for 'other', both catalogue keys. The count is the value named `count`.
 */
export type CountedTemplate = { readonly one: string; readonly other: string };

interface Format {
  /** How the English message writes the value. */
  english(value: MessageValue): string;
  /** What that English looks like (a regular expression's source, no groups of its own). */
  readonly pattern: string;
  /**
   * The value, read from its English, as `locale` writes it (`catalogue`: the language's errors
   * catalogue); undefined when it cannot be read.
   */
  local(english: string, locale: string, catalogue: Readonly<Record<string, unknown>>): string | undefined;
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numbers(locale: string): Intl.NumberFormat {
  const key = `number|${locale}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.NumberFormat(locale)));
  return format;
}
function dates(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${locale}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })));
  return format;
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DAY_TIME: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', ...TIME };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Sat 12 Dec, 10:30': an instant on the salon's clock as a `dayTime` value's English. */
export function dayTimeValue(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { ...DAY_TIME, timeZone }).format(instant);
}

const asText = (value: MessageValue) => String(value);

/** A `term` or `label`: the catalogue's words for it, under the English as its key. */
const catalogueWords: Format['local'] = (english, _locale, catalogue) => {
  const words = catalogue[english];
  return typeof words === 'string' ? words : undefined;
};

const FORMATS: Record<string, Format> = {
  text: { english: asText, pattern: '[\\s\\S]+?', local: (english) => english },
  term: {
    english: asText,
    pattern: '[a-z]+(?:-[a-z]+)*',
    local: catalogueWords,
  },
  label: {
    english: asText,
    pattern: '[A-Z][a-z]*(?: [a-z]+)*',
    local: catalogueWords,
  },
  number: {
    english: asText,
    pattern: '-?\\d+(?:\\.\\d+)?',
    local: (english, locale) => numbers(locale).format(Number(english)),
  },
  time: {
    english: asText,
    pattern: '\\d{2}:\\d{2}',
    local: (english, locale) => {
      const [hour, minute] = english.split(':').map(Number) as [number, number];
      return hour < 24 && minute < 60 ? dates(locale, TIME).format(Date.UTC(2000, 0, 1, hour, minute)) : undefined;
    },
  },
  date: {
    english: asText,
    pattern: '\\d{4}-\\d{2}-\\d{2}',
    local: (english, locale) => {
      const ms = Date.parse(`${english}T00:00:00Z`);
      return Number.isNaN(ms) ? undefined : dates(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(ms);
    },
  },
  money: {
    english: (value) => formatMoney(Number(value)),
    pattern: '-?৳\\d{1,3}(?:,\\d{3})*(?:\\.\\d{2})?',
    local: (english, locale) => formatMoney(Number(english.replace(/[৳,]/g, '')), SALON_CURRENCY, locale),
  },
  dayTime: {
    english: asText,
    pattern: `(?:${WEEKDAYS.join('|')}) \\d{1,2} (?:${MONTHS.join('|')}), \\d{2}:\\d{2}`,
    local: (english, locale) => {
      const [weekday = '', day = '', month = '', time = ''] = english.replace(',', '').split(' ');
      const [hour, minute] = time.split(':').map(Number) as [number, number];
      // The English has no year: the one around now in which that day is that weekday (a refusal
      // names a visit of hers, weeks away at most).
      const thisYear = new Date().getUTCFullYear();
      for (const year of [thisYear, thisYear + 1, thisYear - 1, thisYear + 2]) {
        const ms = Date.UTC(year, MONTHS.indexOf(month), Number(day), hour, minute);
        if (new Date(ms).getUTCDate() === Number(day) && new Date(ms).getUTCDay() === WEEKDAYS.indexOf(weekday)) {
          return dates(locale, DAY_TIME).format(ms);
        }
      }
      return undefined;
    },
  },
};

/** The formats a placeholder may name (the catalogue test checks the catalogue names no other). */
export const MESSAGE_FORMATS: readonly string[] = Object.keys(FORMATS).filter((name) => name !== 'text');

const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

const formatOf = (name: string | undefined): Format => (name && FORMATS[name]) || FORMATS.text!;

/** `template` with each placeholder replaced by `write(name, format)`, in one pass (a value is never read as a template). */
function fill(template: string, write: (name: string, format: string | undefined) => string): string {
  return template.replace(PLACEHOLDER, (_, name: string, format: string | undefined) => write(name, format));
}

/** The template of a counted message for `count`, as English counts. */
let englishPlurals: Intl.PluralRules | undefined;
function chosen(template: string | CountedTemplate, values: MessageValues): string {
  if (typeof template === 'string') return template;
  const count = values.count;
  if (typeof count !== 'number') throw new Error(`A counted message needs a number named count: ${template.other}`);
  // Made on first use: the first page's modules import this, and Intl's data loads take time there.
  englishPlurals ??= new Intl.PluralRules('en-GB');
  return englishPlurals.select(count) === 'one' ? template.one : template.other;
}

/** The English message: its template with the values written in. */
export function englishMessage(template: string | CountedTemplate, values: MessageValues = {}): string {
  const text = chosen(template, values);
  return fill(text, (name, format) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The message '${text}' needs a value named ${name}`);
    return formatOf(format).english(value);
  });
}

interface Compiled {
  readonly template: string;
  readonly regex: RegExp;
  /** Each placeholder's name and format, in the order of the regex's groups. */
  readonly slots: readonly { name: string; format: string | undefined }[];
  /** How much of it is words, not values: the longer, the more precise a match. */
  readonly literal: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(template: string): Compiled | undefined {
  const slots: { name: string; format: string | undefined }[] = [];
  let source = '';
  let literal = 0;
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const words = template.slice(last, match.index);
    source += escape(words);
    literal += words.trim().length;
    slots.push({ name: match[1]!, format: match[2] });
    source += `(${formatOf(match[2]).pattern})`;
    last = match.index + match[0].length;
  }
  const rest = template.slice(last);
  source += escape(rest);
  literal += rest.trim().length;
  // A template of values only would read any message as its own.
  if (slots.length === 0 || literal === 0) return undefined;
  return { template, regex: new RegExp(`^${source}$`), slots, literal };
}

const compiledCatalogues = new WeakMap<object, readonly Compiled[]>();

/** A catalogue's templates (its keys with placeholders), the most precise first. */
function templatesOf(catalogue: Readonly<Record<string, unknown>>): readonly Compiled[] {
  let compiled = compiledCatalogues.get(catalogue);
  if (!compiled) {
    compiled = Object.keys(catalogue)
      .filter((key) => key.includes('{{'))
      .map(compile)
      .filter((c): c is Compiled => c !== undefined)
      .sort((a, b) => b.literal - a.literal);
    compiledCatalogues.set(catalogue, compiled);
  }
  return compiled;
}

/** The catalogue's template that wrote `message`, with the text of each value as the English wrote it. */
function find(message: string, catalogue: Readonly<Record<string, unknown>>): { compiled: Compiled; texts: string[] } | undefined {
  for (const compiled of templatesOf(catalogue)) {
    const found = compiled.regex.exec(message);
    if (found) return { compiled, texts: found.slice(1) };
  }
  return undefined;
}

/** The template `message` was written from, and its values as the English wrote them; undefined if none. */
export function matchTemplate(
  message: string,
  catalogue: Readonly<Record<string, unknown>>,
): { template: string; values: Record<string, string> } | undefined {
  const found = find(message, catalogue);
  if (!found) return undefined;
  const values = Object.fromEntries(found.compiled.slots.map((slot, index) => [slot.name, found.texts[index]!]));
  return { template: found.compiled.template, values };
}

/**
 * `message` in the catalogue's language when one of its templates wrote it: that language's
 * template with the values in `locale` (an Intl locale: `intlLocale(language, latinDigits)`).
 * Undefined for a message no template wrote: the caller shows it as it came. `given`: values the
 * salon wrote in that language itself (a service's Bangla title), by name, written as they are.
 */
export function translateTemplated(
  message: string,
  catalogue: Readonly<Record<string, unknown>>,
  locale: string,
  given?: Readonly<Record<string, string>>,
): string | undefined {
  const found = find(message, catalogue);
  const translated = found && catalogue[found.compiled.template];
  if (!found || typeof translated !== 'string') return undefined;
  // Each value in its own words: the English's format says how to read it.
  const local = new Map(
    found.compiled.slots.map((slot, index) => {
      const english = found.texts[index]!;
      return [slot.name, given?.[slot.name] ?? formatOf(slot.format).local(english, locale, catalogue) ?? english] as const;
    }),
  );
  return fill(translated, (name) => local.get(name) ?? '');
}

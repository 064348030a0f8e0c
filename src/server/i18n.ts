import { createInstance, type TFunction } from 'i18next';
import enMail from '../shared/i18n/locales/en/mail.json' with { type: 'json' };
import bnMail from '../shared/i18n/locales/bn/mail.json' with { type: 'json' };
import enCalendar from '../shared/i18n/locales/en/calendar.json' with { type: 'json' };
import bnCalendar from '../shared/i18n/locales/bn/calendar.json' with { type: 'json' };
import enCsv from '../shared/i18n/locales/en/csv.json' with { type: 'json' };
import bnCsv from '../shared/i18n/locales/bn/csv.json' with { type: 'json' };
import enCommon from '../shared/i18n/locales/en/common.json' with { type: 'json' };
import bnCommon from '../shared/i18n/locales/bn/common.json' with { type: 'json' };
import { salonDateTimeParts, timeZoneLabel } from '../shared/calendar.js';
import { formatMoney, fromMinorUnits } from '../shared/money.js';
import { intlLocale, latinDigitsProcessor, type Language } from '../shared/i18n/language.js';

/**
 * What the server writes for a reader rather than for a page: e-mails, calendar files, CSV files
 * (docs/decisions/051), from the shared catalogues (namespaces `mail`, `calendar`, `csv`, and
 * `common` for the salon's address). One i18next instance holds both languages; `getFixedT` gives a
 * language's own function, so two e-mails in two languages can be written at once.
 */
const i18n = createInstance();
// With the salon's Latin digits, the catalogues' own numbers are written in Latin too (docs/decisions/050).
i18n.use(latinDigitsProcessor);
void i18n.init({
  lng: 'en',
  fallbackLng: false,
  supportedLngs: ['en', 'bn'],
  ns: ['mail', 'calendar', 'csv', 'common'],
  defaultNS: 'mail',
  resources: {
    en: { mail: enMail, calendar: enCalendar, csv: enCsv, common: enCommon },
    bn: { mail: bnMail, calendar: bnCalendar, csv: bnCsv, common: bnCommon },
  },
  initAsync: false,
  // Plain text out: the e-mails' HTML escapes every value itself (templates.ts).
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A language's texts, and its way of writing numbers, money, dates and times. */
export type Texts = {
  language: Language;
  t: TFunction;
  /** '60' or '৬০'. */
  number(n: number): string;
  /** '৳1,200' or '১,২০০৳' (bn-BD: Bengali digits, lakh grouping). */
  money(minor: number): string;
  /** { date: 'Tue, 2 Jun 2026', time: '10:00' } or { date: 'মঙ্গল, ২ জুন, ২০২৬', time: '১০:০০' } on the salon's clock. */
  dateTime(instant: Date, timeZone: string): { date: string; time: string };
  /** 'Tue, 2 Jun 2026 at 10:00' or 'মঙ্গল, ২ জুন, ২০২৬, ১০:০০'. */
  when(instant: Date, timeZone: string): string;
  /** 'Dhaka time (Asia/Dhaka)' or 'ঢাকার সময়'; another zone by its IANA name in Bangla. */
  zone(timeZone: string): string;
};

/** The same catalogues, every text through the Latin digits post-processor (the store is shared). */
const latinI18n = i18n.cloneInstance({ postProcess: [latinDigitsProcessor.name] });

// Building an Intl format costs far more than using one: kept per zone and digits.
const banglaFormats = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();
function banglaFormat(timeZone: string, latinDigits: boolean) {
  const key = `${latinDigits}|${timeZone}`;
  let format = banglaFormats.get(key);
  if (!format) {
    const locale = intlLocale('bn', latinDigits);
    format = {
      date: new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
      time: new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
    banglaFormats.set(key, format);
  }
  return format;
}

function textsOf(language: Language, latinDigits = false): Texts {
  const t = (latinDigits ? latinI18n : i18n).getFixedT(language);
  const locale = intlLocale(language, latinDigits);
  const numbers = new Intl.NumberFormat(locale);
  const money = (minor: number) => (language === 'bn' ? formatMoney(fromMinorUnits(minor), 'BDT', locale) : formatMoney(fromMinorUnits(minor)));
  const dateTime = (instant: Date, timeZone: string) => {
    if (language === 'en') return salonDateTimeParts(instant, timeZone);
    const format = banglaFormat(timeZone, latinDigits);
    return { date: format.date.format(instant), time: format.time.format(instant) };
  };
  return {
    language,
    t,
    number: (n) => (language === 'bn' ? numbers.format(n) : String(n)),
    money,
    dateTime,
    when: (instant, timeZone) => t('mail:at', dateTime(instant, timeZone)),
    zone: (timeZone) => (timeZone === 'Asia/Dhaka' ? t('mail:dhakaTime') : language === 'en' ? timeZoneLabel(timeZone) : timeZone),
  };
}

const byLanguage: Record<Language, Texts> = { en: textsOf('en'), bn: textsOf('bn') };
const banglaInLatinDigits = textsOf('bn', true);

/** A language's texts; Bangla in Latin digits when the salon chose them (settings.latinDigits). */
export function textsFor(language: Language = 'en', latinDigits = false): Texts {
  return language === 'bn' && latinDigits ? banglaInLatinDigits : byLanguage[language];
}

import { formatSalonShortDateTime, formatSalonTime } from '../../shared/calendar.js';
import { PHONE_CODE_MINUTES } from '../../shared/sms.js';
import { intlLocale, type Language } from '../../shared/i18n/language.js';

/**
 * Every text the salon sends, in one place, in English and Bangla (the customer's language,
 * docs/decisions/047). English is short and in GSM-7 characters only (no curly quotes, no taka sign)
 * so that it costs one SMS, not three; Bangla is Unicode (70 characters a segment), its length
 * measured the same way (shared/sms.ts). Service titles are the salon's own, as it wrote them: a
 * Bangla text names the Bangla title when the salon wrote one. Its digits follow the salon's choice.
 */
export type SmsVisit = { title: string; titleBn?: string | null; startsAt: Date; staffName: string | null };
type Where = { timeZone: string; language?: Language; latinDigits?: boolean };

// Building an Intl format costs far more than using one: kept per zone and kind.
const banglaFormats = new Map<string, Intl.DateTimeFormat>();
function banglaFormat(timeZone: string, withDay: boolean, latinDigits: boolean): Intl.DateTimeFormat {
  const key = `${withDay}|${latinDigits}|${timeZone}`;
  let format = banglaFormats.get(key);
  if (!format) {
    const day = withDay ? ({ weekday: 'short', day: 'numeric', month: 'short' } as const) : {};
    format = new Intl.DateTimeFormat(intlLocale('bn', latinDigits), { timeZone, ...day, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    banglaFormats.set(key, format);
  }
  return format;
}
/** 'বৃহস্পতি, ৩ ডিসে, ১১:০০': Bengali digits and names, on the salon's clock. */
const banglaDateTime = (instant: Date, where: Where) => banglaFormat(where.timeZone, true, where.latinDigits ?? false).format(instant);
const banglaTime = (instant: Date, where: Where) => banglaFormat(where.timeZone, false, where.latinDigits ?? false).format(instant);
const BANGLA_NUMBER = new Intl.NumberFormat(intlLocale('bn'));
const LATIN_BANGLA_NUMBER = new Intl.NumberFormat(intlLocale('bn', true));
const banglaNumber = (n: number, where: { latinDigits?: boolean } = {}) => (where.latinDigits ? LATIN_BANGLA_NUMBER : BANGLA_NUMBER).format(n);
/** The title a Bangla text names: the salon's Bangla one, else its English one. */
const banglaTitle = (visit: SmsVisit) => visit.titleBn || visit.title;

const when = (visit: SmsVisit, where: Where) =>
  where.language === 'bn' ? banglaDateTime(visit.startsAt, where) : formatSalonShortDateTime(visit.startsAt, where.timeZone);
const withWhom = (visit: SmsVisit, where: Where) =>
  visit.staffName ? (where.language === 'bn' ? ` (${visit.staffName})` : ` with ${visit.staffName}`) : '';

export const smsTexts = {
  verification: (input: { code: string; language?: Language; latinDigits?: boolean }) =>
    input.language === 'bn'
      ? `${input.code} আপনার Parlour কোড। ${banglaNumber(PHONE_CODE_MINUTES, input)} মিনিটের মধ্যে ব্যবহার করুন। কাউকে জানাবেন না।`
      : `${input.code} is your Parlour code. It expires in ${PHONE_CODE_MINUTES} minutes. Do not share it.`,

  confirmation: (input: Where & { visits: readonly SmsVisit[] }) => {
    const [first, ...rest] = input.visits;
    if (!first) throw new Error('a confirmation needs a visit');
    if (input.language === 'bn') {
      const more = rest.length > 0 ? `, আরও ${banglaNumber(rest.length, input)}টি` : '';
      return `Parlour: বুকিং হয়েছে! ${banglaTitle(first)}${withWhom(first, input)}, ${when(first, input)}${more}। দেখা হবে।`;
    }
    const more = rest.length > 0 ? ` and ${rest.length} more` : '';
    return `Parlour: booked! ${first.title}${withWhom(first, input)}, ${when(first, input)}${more}. See you then.`;
  },

  reminder: (input: Where & { visit: SmsVisit }) =>
    input.language === 'bn'
      ? `Parlour মনে করিয়ে দিচ্ছে: ${banglaTitle(input.visit)}${withWhom(input.visit, input)}, ${when(input.visit, input)}। বদলাতে আপনার Parlour অ্যাকাউন্টে যান।`
      : `Parlour reminder: ${input.visit.title}${withWhom(input.visit, input)}, ${when(input.visit, input)}. To change it, open your Parlour account.`,

  moved: (input: Where & { visit: SmsVisit; previousStartsAt: Date }) =>
    input.language === 'bn'
      ? `Parlour: আপনার ${banglaTitle(input.visit)} এখন ${when(input.visit, input)} (আগে ছিল ${banglaDateTime(input.previousStartsAt, input)})।`
      : `Parlour: your ${input.visit.title} has moved to ${when(input.visit, input)} (was ${formatSalonShortDateTime(input.previousStartsAt, input.timeZone)}).`,

  waitlistOffer: (input: Where & { visit: SmsVisit; expiresAt: Date }) =>
    input.language === 'bn'
      ? `Parlour: একটি সময় খালি হয়েছে! ${banglaTitle(input.visit)}${withWhom(input.visit, input)}, ${when(input.visit, input)}। ${banglaTime(input.expiresAt, input)} পর্যন্ত আপনার জন্য রাখা আছে: Parlour-এ আপনার বুকিং তালিকা থেকে বুক করুন।`
      : `Parlour: a place is free! ${input.visit.title}${withWhom(input.visit, input)}, ${when(input.visit, input)}. Held for you until ${formatSalonTime(input.expiresAt, input.timeZone)}: book it in your Parlour booking list.`,

  cancelled: (input: Where & { visit: SmsVisit; by: 'customer' | 'salon' }) =>
    input.language === 'bn'
      ? `Parlour: ${when(input.visit, input)}-এর আপনার ${banglaTitle(input.visit)} বাতিল করা হয়েছে${input.by === 'salon' ? ' সেলুনের পক্ষ থেকে। আমরা দুঃখিত' : ''}।`
      : `Parlour: your ${input.visit.title} on ${when(input.visit, input)} is cancelled${input.by === 'salon' ? ' by the salon. We are sorry' : ''}.`,
} as const;

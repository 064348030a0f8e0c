import { formatSalonShortDateTime, formatSalonTime } from '../../shared/calendar.js';
import { PHONE_CODE_MINUTES } from '../../shared/sms.js';
import type { Language } from '../../shared/i18n/language.js';

/**
 * Every text the salon sends, in one place, in English and Bangla (the customer's language,
 * docs/decisions/047). English is short and in GSM-7 characters only (no curly quotes, no taka sign)
 * so that it costs one SMS, not three; Bangla is Unicode (70 characters a segment), its length
 * measured the same way (shared/sms.ts). Service titles are the salon's own, as it wrote them.
 */
export type SmsVisit = { title: string; startsAt: Date; staffName: string | null };
type Where = { timeZone: string; language?: Language };

// Building an Intl format costs far more than using one: kept per zone and kind.
const banglaFormats = new Map<string, Intl.DateTimeFormat>();
function banglaFormat(timeZone: string, withDay: boolean): Intl.DateTimeFormat {
  const key = `${withDay}|${timeZone}`;
  let format = banglaFormats.get(key);
  if (!format) {
    const day = withDay ? ({ weekday: 'short', day: 'numeric', month: 'short' } as const) : {};
    format = new Intl.DateTimeFormat('bn-BD', { timeZone, ...day, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    banglaFormats.set(key, format);
  }
  return format;
}
/** 'বৃহস্পতি, ৩ ডিসে, ১১:০০': Bengali digits and names, on the salon's clock. */
const banglaDateTime = (instant: Date, timeZone: string) => banglaFormat(timeZone, true).format(instant);
const banglaTime = (instant: Date, timeZone: string) => banglaFormat(timeZone, false).format(instant);
const BANGLA_NUMBER = new Intl.NumberFormat('bn-BD');
const banglaNumber = (n: number) => BANGLA_NUMBER.format(n);

const when = (visit: SmsVisit, where: Where) =>
  where.language === 'bn' ? banglaDateTime(visit.startsAt, where.timeZone) : formatSalonShortDateTime(visit.startsAt, where.timeZone);
const withWhom = (visit: SmsVisit, where: Where) =>
  visit.staffName ? (where.language === 'bn' ? ` (${visit.staffName})` : ` with ${visit.staffName}`) : '';

export const smsTexts = {
  verification: (input: { code: string; language?: Language }) =>
    input.language === 'bn'
      ? `${input.code} আপনার Parlour কোড। ${banglaNumber(PHONE_CODE_MINUTES)} মিনিটের মধ্যে ব্যবহার করুন। কাউকে জানাবেন না।`
      : `${input.code} is your Parlour code. It expires in ${PHONE_CODE_MINUTES} minutes. Do not share it.`,

  confirmation: (input: Where & { visits: readonly SmsVisit[] }) => {
    const [first, ...rest] = input.visits;
    if (!first) throw new Error('a confirmation needs a visit');
    if (input.language === 'bn') {
      const more = rest.length > 0 ? `, আরও ${banglaNumber(rest.length)}টি` : '';
      return `Parlour: বুকিং হয়েছে! ${first.title}${withWhom(first, input)}, ${when(first, input)}${more}। দেখা হবে।`;
    }
    const more = rest.length > 0 ? ` and ${rest.length} more` : '';
    return `Parlour: booked! ${first.title}${withWhom(first, input)}, ${when(first, input)}${more}. See you then.`;
  },

  reminder: (input: Where & { visit: SmsVisit }) =>
    input.language === 'bn'
      ? `Parlour মনে করিয়ে দিচ্ছে: ${input.visit.title}${withWhom(input.visit, input)}, ${when(input.visit, input)}। বদলাতে আপনার Parlour অ্যাকাউন্টে যান।`
      : `Parlour reminder: ${input.visit.title}${withWhom(input.visit, input)}, ${when(input.visit, input)}. To change it, open your Parlour account.`,

  moved: (input: Where & { visit: SmsVisit; previousStartsAt: Date }) =>
    input.language === 'bn'
      ? `Parlour: আপনার ${input.visit.title} এখন ${when(input.visit, input)} (আগে ছিল ${banglaDateTime(input.previousStartsAt, input.timeZone)})।`
      : `Parlour: your ${input.visit.title} has moved to ${when(input.visit, input)} (was ${formatSalonShortDateTime(input.previousStartsAt, input.timeZone)}).`,

  waitlistOffer: (input: Where & { visit: SmsVisit; expiresAt: Date }) =>
    input.language === 'bn'
      ? `Parlour: একটি সময় খালি হয়েছে! ${input.visit.title}${withWhom(input.visit, input)}, ${when(input.visit, input)}। ${banglaTime(input.expiresAt, input.timeZone)} পর্যন্ত আপনার জন্য রাখা আছে: Parlour-এ আপনার বুকিং তালিকা থেকে বুক করুন।`
      : `Parlour: a place is free! ${input.visit.title}${withWhom(input.visit, input)}, ${when(input.visit, input)}. Held for you until ${formatSalonTime(input.expiresAt, input.timeZone)}: book it in your Parlour booking list.`,

  cancelled: (input: Where & { visit: SmsVisit; by: 'customer' | 'salon' }) =>
    input.language === 'bn'
      ? `Parlour: ${when(input.visit, input)}-এর আপনার ${input.visit.title} বাতিল করা হয়েছে${input.by === 'salon' ? ' সেলুনের পক্ষ থেকে। আমরা দুঃখিত' : ''}।`
      : `Parlour: your ${input.visit.title} on ${when(input.visit, input)} is cancelled${input.by === 'salon' ? ' by the salon. We are sorry' : ''}.`,
} as const;

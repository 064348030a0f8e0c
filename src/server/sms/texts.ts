import { formatSalonShortDateTime, formatSalonTime } from '../../shared/calendar.js';
import { PHONE_CODE_MINUTES } from '../../shared/sms.js';

/**
 * Every text the salon sends, in one place: short, in GSM-7 characters only (no curly quotes, no
 * taka sign) so that an English text costs one SMS, not three. The Bangla texts come with the
 * Bangla issue; their length is measured the same way (shared/sms.ts).
 */
export type SmsVisit = { title: string; startsAt: Date; staffName: string | null };
type Where = { timeZone: string };

const when = (visit: SmsVisit, where: Where) => formatSalonShortDateTime(visit.startsAt, where.timeZone);
const withWhom = (visit: SmsVisit) => (visit.staffName ? ` with ${visit.staffName}` : '');

export const smsTexts = {
  verification: (input: { code: string }) =>
    `${input.code} is your Parlour code. It expires in ${PHONE_CODE_MINUTES} minutes. Do not share it.`,

  confirmation: (input: Where & { visits: readonly SmsVisit[] }) => {
    const [first, ...rest] = input.visits;
    if (!first) throw new Error('a confirmation needs a visit');
    const more = rest.length > 0 ? ` and ${rest.length} more` : '';
    return `Parlour: booked! ${first.title}${withWhom(first)}, ${when(first, input)}${more}. See you then.`;
  },

  reminder: (input: Where & { visit: SmsVisit }) =>
    `Parlour reminder: ${input.visit.title}${withWhom(input.visit)}, ${when(input.visit, input)}. To change it, open your Parlour account.`,

  moved: (input: Where & { visit: SmsVisit; previousStartsAt: Date }) =>
    `Parlour: your ${input.visit.title} has moved to ${when(input.visit, input)} (was ${formatSalonShortDateTime(input.previousStartsAt, input.timeZone)}).`,

  waitlistOffer: (input: Where & { visit: SmsVisit; expiresAt: Date }) =>
    `Parlour: a place is free! ${input.visit.title}${withWhom(input.visit)}, ${when(input.visit, input)}. Held for you until ${formatSalonTime(input.expiresAt, input.timeZone)}: book it in your Parlour booking list.`,

  cancelled: (input: Where & { visit: SmsVisit; by: 'customer' | 'salon' }) =>
    `Parlour: your ${input.visit.title} on ${when(input.visit, input)} is cancelled${input.by === 'salon' ? ' by the salon. We are sorry' : ''}.`,
} as const;

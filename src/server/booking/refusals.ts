import { HOLD_TAKEN_MESSAGE } from '../../shared/cart.js';
import { HttpError } from '../http-error.js';
import { dayTimeValue, englishMessage, matchTemplate } from '../../shared/i18n/message-templates.js';

export const STYLIST_NOT_QUALIFIED_MESSAGE = 'That stylist does not do this service (or no longer works here).';

/** A stylist asked for who cannot do the service: not hers, retired, or unknown (400, on staffId). */
export function stylistRefused(): HttpError {
  return new HttpError(400, STYLIST_NOT_QUALIFIED_MESSAGE, [{ path: 'staffId', message: STYLIST_NOT_QUALIFIED_MESSAGE }]);
}
import type { SlotRejection } from './slots.js';
import type { StaffSlotRejection } from './staff-slots.js';

/** Why a time cannot be booked, in the words the booking page shows under the time picker. */
export const rejectionMessages: Record<SlotRejection, string> = {
  closed: 'The salon is closed that day.',
  'off-grid': 'Pick one of the offered start times.',
  'outside-hours': 'That time is outside opening hours (the service must end by closing time).',
  'too-soon': 'That time is too soon. Please pick a later time.',
  'too-far': 'That date is too far ahead to book yet.',
  full: HOLD_TAKEN_MESSAGE,
  'overlaps-own': 'That time overlaps another of your appointments.',
};

/** Her other appointment in the way, as she reads it ('your') and as the front desk does ('her'). */
const OVERLAP_YOURS = 'That time overlaps your {{title}} ({{when, dayTime}}). Pick another time.';
const OVERLAP_HERS = 'That time overlaps her {{title}} ({{when, dayTime}}). Pick another time.';

/** Names her other appointment, in the salon's zone, so she knows which one is in the way. */
export function overlapMessage(other: { title: string; startsAt: Date }, timeZone: string): string {
  return englishMessage(OVERLAP_YOURS, { title: other.title, when: dayTimeValue(other.startsAt, timeZone) });
}

/** The same refusal said to the front desk: 'her' appointment; any other message as it is. */
export function asHers(message: string): string {
  const yours = matchTemplate(message, { [OVERLAP_YOURS]: OVERLAP_HERS });
  return yours ? englishMessage(OVERLAP_HERS, yours.values) : message;
}

/** A stylist's reasons: the time is hers to give or not. */
const stylistMessages: Record<Exclude<StaffSlotRejection, SlotRejection>, string> = {
  'not-qualified': STYLIST_NOT_QUALIFIED_MESSAGE,
  'staff-off': 'The stylist is not working at that time. Pick another time or another stylist.',
  'staff-busy': 'The stylist is with another client at that time. Pick another time or another stylist.',
};

/**
 * The refusal of a time, for a hold and a move alike: the place is gone (409: a chair or the
 * stylist taken), or the time breaks a rule (400, on startsAt; on staffId when she does not do it).
 */
export function timeRefused(reason: StaffSlotRejection | 'taken'): HttpError {
  if (reason === 'taken' || reason === 'full') return new HttpError(409, HOLD_TAKEN_MESSAGE);
  if (reason === 'staff-busy') return new HttpError(409, stylistMessages[reason]);
  if (reason === 'not-qualified') return stylistRefused();
  const message = reason === 'staff-off' ? stylistMessages[reason] : rejectionMessages[reason];
  return new HttpError(400, message, [{ path: 'startsAt', message }]);
}

/** Her other appointment is in the way (409, on startsAt), named by its Bangla title in a Bangla reply when it has one. */
export function overlapRefused(other: { title: string; titleBn: string | null; startsAt: Date }, timeZone: string): HttpError {
  const message = overlapMessage(other, timeZone);
  return new HttpError(409, message, [{ path: 'startsAt', message }], banglaTitle(other.titleBn));
}

/** A refusal's Bangla for the service it names (`{{title}}`), when the salon wrote one. */
export function banglaTitle(titleBn: string | null | undefined): { title: string } | undefined {
  return titleBn ? { title: titleBn } : undefined;
}

/**
 * The salon's notice rule, written once: the server decides with it (cancel, move, the booking's
 * `canCancel`/`canMove`, account deletion's refunds) and the browser's fake server in the client
 * tests answers with it, so the two cannot drift apart.
 */

const HOUR_MS = 3_600_000;

/**
 * Whether a customer may still cancel or move an appointment starting at `startsAt`: up to
 * `noticeHours` before it starts (exactly the notice still counts). The salon is not bound by it.
 */
export function mayStillChange(startsAt: Date, now: Date, noticeHours: number): boolean {
  return startsAt.getTime() - now.getTime() >= noticeHours * HOUR_MS;
}

type PaidPlan = { payPlan: 'full' | 'deposit' | 'at-salon'; onlineMinor: number; refundedMinor: number };

/**
 * Whether a customer may cancel her own visit now: in time always; late only when she did not pay
 * it in full online (a deposit is what a late cancellation costs her; a visit to be paid at the
 * salon costs nothing but the salon's chair). A visit paid in full is the salon's to cancel late.
 */
export function customerMayCancel(booking: Pick<PaidPlan, 'payPlan'>, inTime: boolean): boolean {
  return inTime || booking.payPlan !== 'full';
}

/**
 * What a cancellation gives back (minor units), written once for the server's decision and the
 * page that warns her first (docs/decisions/042): everything paid online when it is in time or the
 * salon cancels; nothing when she cancels a deposit-paid visit late (the salon keeps the deposit).
 * A late cancellation of a visit paid in full is the salon's (customerMayCancel), so refunds it.
 */
export function cancellationRefundMinor(booking: PaidPlan, decision: { by: 'customer' | 'salon'; inTime: boolean }): number {
  const paidOnline = booking.onlineMinor - booking.refundedMinor;
  if (decision.by === 'customer' && !decision.inTime && booking.payPlan === 'deposit') return 0;
  return paidOnline;
}

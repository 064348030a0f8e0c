import { isPayAtSalonRecord, type Booking, type Payment } from '../shared/payments.js';
import { toCsv } from './csv.js';
import { salonLocalDateTime } from '../shared/calendar.js';
import type { Language } from '../shared/i18n/language.js';
import { textsFor } from './i18n.js';

/**
 * The order list as the admin (or a customer, her own) sees it; amounts in taka, times on the salon's
 * clock. New columns go at the end ('Stylist', empty for a visit before the salon had stylists; then
 * the visit's money as booking.money says it): files written before them keep every column where a
 * spreadsheet's formulas expect it. 'Paid online' is after refunds, 'Due' is 0 for a cancelled or
 * missed visit, and 'Deposit kept' is the part of 'Paid online' the salon kept (a late cancellation
 * or a no-show).
 *
 * The header row, the status words and the payment kinds are in the requester's language (the `csv`
 * catalogue, docs/decisions/051); numbers, dates and times stay as spreadsheets read them (Latin
 * digits, '2026-12-06 10:30'), or a Bangla file's sums and sorting would not work.
 */
export function bookingsCsv(list: Booking[], timeZone: string, language: Language = 'en'): string {
  const { t } = textsFor(language);
  const columns = ['booking', 'starts', 'ends', 'service', 'minutes', 'price', 'refunded', 'status', 'customer', 'email', 'payment', 'stylist'];
  return toCsv(
    [...columns, 'paidOnline', 'paidAtSalon', 'due', 'depositKept'].map((column) => t(`csv:column.${column}`)),
    list.map((b) => [
      b._id,
      salonLocalDateTime(b.startsAt, timeZone),
      salonLocalDateTime(b.endsAt, timeZone),
      b.title,
      b.duration,
      b.price,
      b.refunded,
      t(`csv:bookingStatus.${b.status}`),
      b.customer.name,
      b.customer.email,
      b.paymentId,
      b.staffName,
      b.money.paidOnline,
      b.money.paidAtSalon,
      b.money.due,
      b.money.depositKept,
    ]),
  );
}

/**
 * The payment history; 'Net' is what the salon kept after refunds. A payment's services share one
 * cell, so each names its stylist there, as the pages do ('Classic Manicure with Nila').
 */
export function paymentsCsv(list: Payment[], timeZone: string, language: Language = 'en'): string {
  const { t } = textsFor(language);
  const columns = ['payment', 'created', 'paid', 'customer', 'email', 'services', 'amount', 'refunded', 'net', 'status', 'gateway', 'reference', 'paidBy'];
  return toCsv(
    columns.map((column) => t(`csv:column.${column}`)),
    list.map((p) => [
      p._id,
      salonLocalDateTime(p.createdAt, timeZone),
      p.paidAt ? salonLocalDateTime(p.paidAt, timeZone) : null,
      p.customer.name,
      p.customer.email,
      p.services.map((s) => (s.staffName ? t('csv:withStylist', { services: s.title, name: s.staffName }) : s.title)).join('; '),
      p.amount,
      p.refunded,
      // In minor units so 0.1 + 0.2 style sums never show in an accountant's column.
      Math.round(p.amount * 100 - p.refunded * 100) / 100,
      t(`csv:paymentStatus.${p.status}`),
      p.gateway,
      p.gatewayRef,
      // Empty until a charge succeeds (or when the processor did not say); a list booked with
      // nothing online says so rather than look like an unpaid ৳0 charge.
      isPayAtSalonRecord(p) ? t('csv:paidBy.atSalon') : p.method ? t(`csv:paidBy.${p.method}`) : null,
    ]),
  );
}

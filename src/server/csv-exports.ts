import { isPayAtSalonRecord, PAY_AT_SALON_LABEL, PAYMENT_METHOD_NAMES, type Booking, type Payment } from '../shared/payments.js';
import { toCsv } from './csv.js';
import { salonLocalDateTime } from '../shared/calendar.js';
import { withStylist } from '../shared/staff.js';

/**
 * The order list as the admin (or a customer, her own) sees it; amounts in taka, times on the salon's
 * clock. New columns go at the end ('Stylist', empty for a visit before the salon had stylists; then
 * the visit's money as booking.money says it): files written before them keep every column where a
 * spreadsheet's formulas expect it. 'Paid online' is after refunds, 'Due' is 0 for a cancelled or
 * missed visit, and 'Deposit kept' is the part of 'Paid online' the salon kept (a late cancellation
 * or a no-show).
 */
export function bookingsCsv(list: Booking[], timeZone: string): string {
  return toCsv(
    [
      ...['Booking', 'Starts', 'Ends', 'Service', 'Minutes', 'Price (BDT)', 'Refunded (BDT)', 'Status', 'Customer', 'E-mail', 'Payment', 'Stylist'],
      ...['Paid online (BDT)', 'Paid at the salon (BDT)', 'Due (BDT)', 'Deposit kept (BDT)'],
    ],
    list.map((b) => [
      b._id,
      salonLocalDateTime(b.startsAt, timeZone),
      salonLocalDateTime(b.endsAt, timeZone),
      b.title,
      b.duration,
      b.price,
      b.refunded,
      b.status,
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
export function paymentsCsv(list: Payment[], timeZone: string): string {
  return toCsv(
    ['Payment', 'Created', 'Paid', 'Customer', 'E-mail', 'Services', 'Amount (BDT)', 'Refunded (BDT)', 'Net (BDT)', 'Status', 'Gateway', 'Reference', 'Paid by'],
    list.map((p) => [
      p._id,
      salonLocalDateTime(p.createdAt, timeZone),
      p.paidAt ? salonLocalDateTime(p.paidAt, timeZone) : null,
      p.customer.name,
      p.customer.email,
      p.services.map((s) => [s.title, withStylist(s.staffName)].filter(Boolean).join(' ')).join('; '),
      p.amount,
      p.refunded,
      // In minor units so 0.1 + 0.2 style sums never show in an accountant's column.
      Math.round(p.amount * 100 - p.refunded * 100) / 100,
      p.status,
      p.gateway,
      p.gatewayRef,
      // Empty until a charge succeeds (or when the processor did not say); a list booked with
      // nothing online says so rather than look like an unpaid ৳0 charge.
      isPayAtSalonRecord(p) ? PAY_AT_SALON_LABEL : p.method ? PAYMENT_METHOD_NAMES[p.method] : null,
    ]),
  );
}

import type { PaymentStatus } from '../../../../shared/payments';

/** The words a customer reads for each payment state (the API's values stay machine names). */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  succeeded: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  canceled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

const tone: Record<PaymentStatus, string> = {
  succeeded: 'border-success/40 bg-success/10 text-success',
  pending: 'border-warning/40 bg-warning/10 text-warning',
  failed: 'border-error/40 bg-error/10 text-error',
  canceled: 'border-base-300 bg-base-200 text-base-content/80',
  refunded: 'border-info/40 bg-info/10 text-info',
  partially_refunded: 'border-info/40 bg-info/10 text-info',
};

/**
 * `atSalon`: the ৳0 record of a list booked to pay at the salon. Its status is 'succeeded' (settled
 * at once), but nothing was paid: it reads 'Booked'.
 */
export function PaymentStatusBadge({ status, atSalon = false }: { status: PaymentStatus; atSalon?: boolean }) {
  if (atSalon && status === 'succeeded') return <span className={`badge badge-sm font-medium whitespace-nowrap ${tone.canceled}`}>Booked</span>;
  return <span className={`badge badge-sm font-medium whitespace-nowrap ${tone[status]}`}>{paymentStatusLabels[status]}</span>;
}

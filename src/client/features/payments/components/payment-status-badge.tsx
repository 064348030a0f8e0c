import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PaymentStatus } from '@shared/payments';

/** The words a customer reads for each payment state (the API's values stay machine names): keys of the `payment` catalogue. */
export const paymentStatusKeys = {
  succeeded: 'status.succeeded',
  pending: 'status.pending',
  failed: 'status.failed',
  canceled: 'status.canceled',
  refunded: 'status.refunded',
  partially_refunded: 'status.partiallyRefunded',
} as const satisfies Record<PaymentStatus, string>;

/** How she paid, in the page's language (bKash and Nagad are names, the same in both). */
export const paymentMethodKeys = {
  card: 'method.card',
  bkash: 'method.bkash',
  nagad: 'method.nagad',
  rocket: 'method.rocket',
  bank: 'method.bank',
} as const satisfies Record<PaymentMethod, string>;

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
  const { t } = useTranslation('payment');
  if (atSalon && status === 'succeeded') return <span className={`badge badge-sm font-medium whitespace-nowrap ${tone.canceled}`}>{t('status.booked')}</span>;
  return <span className={`badge badge-sm font-medium whitespace-nowrap ${tone[status]}`}>{t(paymentStatusKeys[status])}</span>;
}

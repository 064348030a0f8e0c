import { useTranslation } from 'react-i18next';
import type { BookingStatus } from '@shared/payments';

const STATUS_KEYS = {
  pending: 'visits.status.pending',
  confirmed: 'visits.status.confirmed',
  completed: 'visits.status.completed',
  cancelled: 'visits.status.cancelled',
  'no-show': 'visits.status.noShow',
} as const satisfies Record<BookingStatus, string>;

const tone: Record<BookingStatus, string> = {
  pending: 'border-warning/40 bg-warning/10 text-warning',
  confirmed: 'border-success/40 bg-success/10 text-success',
  completed: 'border-info/40 bg-info/10 text-info',
  cancelled: 'border-base-300 bg-base-200 text-base-content/80',
  'no-show': 'border-error/40 bg-error/10 text-error',
};

/** A status's name in the page's language, as the badge says it (a calendar block's name says it too). */
export function useBookingStatusLabel(): (status: BookingStatus) => string {
  const { t } = useTranslation('dashboard');
  return (status) => t(STATUS_KEYS[status]);
}

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const label = useBookingStatusLabel();
  return <span className={`badge badge-sm font-medium whitespace-nowrap ${tone[status]}`}>{label(status)}</span>;
}

import type { BookingStatus } from '../../../../shared/payments';

export const bookingStatusLabels: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'no-show': 'No-show',
};

const tone: Record<BookingStatus, string> = {
  pending: 'border-warning/40 bg-warning/10 text-warning',
  confirmed: 'border-success/40 bg-success/10 text-success',
  completed: 'border-info/40 bg-info/10 text-info',
  cancelled: 'border-base-300 bg-base-200 text-base-content/80',
  'no-show': 'border-error/40 bg-error/10 text-error',
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`badge badge-sm font-medium whitespace-nowrap ${tone[status]}`}>{bookingStatusLabels[status]}</span>;
}

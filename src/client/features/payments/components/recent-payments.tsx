import { ArrowRight, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { paths } from '../../../config/paths';
import { formatSalonDateTime } from '../../../../shared/calendar';
import { withStylist } from '../../../../shared/staff';
import { usePayments } from '../api/get-payments';
import { PaymentStatusBadge } from './payment-status-badge';
import { paymentAmountLabel } from './payments-table';
import { isPayAtSalonRecord } from '../../../../shared/payments';

const RECENT_COUNT = 5;

/** The user home's last few payments, with the way to all of them. */
export function RecentPayments({ timeZone }: { timeZone: string }) {
  const payments = usePayments();

  return (
    <section aria-labelledby="recent-payments" className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-payments" className="text-xl font-semibold">
          Recent payments
        </h2>
        <Link to={paths.dashboard.paymentHistory} className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline">
          Payment History
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <RecentPaymentsBody payments={payments} timeZone={timeZone} />
    </section>
  );
}

function RecentPaymentsBody({ payments, timeZone }: { payments: ReturnType<typeof usePayments>; timeZone: string }) {
  if (payments.isPending) {
    return (
      <div role="status" aria-label="Loading your payments" className="mt-4 space-y-3">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="skeleton h-10 w-full" />
        ))}
      </div>
    );
  }
  if (payments.isError) {
    return (
      <div className="mt-4">
        <ErrorState title="Something went wrong" message={payments.error.message} onRetry={() => void payments.refetch()} isRetrying={payments.isFetching} />
      </div>
    );
  }
  if (payments.data.length === 0) {
    return (
      <p className="mt-4 flex items-center gap-2 text-base-content/75">
        <Receipt aria-hidden="true" className="size-4 text-primary" />
        No payments yet.
      </p>
    );
  }

  const recent = [...payments.data].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, RECENT_COUNT);
  return (
    <ul aria-label="Your last payments" className="mt-3 divide-y divide-base-300/70">
      {recent.map((payment) => {
        const when = payment.paidAt ?? payment.createdAt;
        return (
          <li key={payment._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium [overflow-wrap:anywhere]">{payment.services.map((service) => [service.title, withStylist(service.staffName)].filter(Boolean).join(' ')).join(', ')}</p>
              <p className="text-sm text-base-content/70">
                <time dateTime={when}>{formatSalonDateTime(when, timeZone)}</time>
              </p>
            </div>
            <p className="font-semibold">{paymentAmountLabel(payment)}</p>
            <PaymentStatusBadge status={payment.status} atSalon={isPayAtSalonRecord(payment)} />
          </li>
        );
      })}
    </ul>
  );
}

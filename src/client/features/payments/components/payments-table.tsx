import { useId } from 'react';
import { Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '../../../../shared/money';
import type { Payment } from '../../../../shared/payments';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { formatSalonDateTime, timesAreInZone } from '../../../lib/salon-time';
import { usePayments, type PaymentFilters } from '../api/get-payments';
import { PaymentStatusBadge } from './payment-status-badge';

export function paymentMoney(payment: Pick<Payment, 'currency'>, amount: number): string {
  return formatMoney(amount, payment.currency.toUpperCase());
}

interface PaymentsTableProps {
  filters: PaymentFilters;
  /** The admin sees everyone's payments, so each row names its customer. */
  showCustomer: boolean;
  timeZone: string;
}

/** /dashboard/paymentHistory's table: newest first, in the salon's time zone. */
export function PaymentsTable({ filters, showCustomer, timeZone }: PaymentsTableProps) {
  const payments = usePayments(filters);
  const captionId = useId();
  const isFiltered = Boolean(filters.from || filters.to || filters.status);

  return (
    <QueryState
      query={payments}
      className="mt-6"
      loading={{
        label: 'Loading the payments',
        rows: 4,
        row: (
          <>
            <div className="skeleton h-4 w-32" />
            <div className="skeleton h-4 flex-1" />
            <div className="skeleton h-4 w-20" />
            <div className="skeleton h-5 w-16 rounded-full" />
          </>
        ),
      }}
      empty={{
        icon: Receipt,
        title: isFiltered ? 'No payments match these filters' : 'No payments yet',
        message: isFiltered ? 'Try a wider date range or another status.' : 'Once an appointment is paid for, its payment appears here.',
        action:
          !isFiltered && !showCustomer ? (
            <Link to={paths.dashboard.book} className="btn mt-2 rounded-full btn-primary">
              Book a treatment
            </Link>
          ) : null,
      }}
    >
      {(loaded) => {
        const rows = [...loaded].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
        return (
          <div className="mt-6 overflow-hidden rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70" aria-busy={payments.isFetching}>
            <p id={captionId} className="border-b border-base-300/70 px-5 py-3 text-sm text-base-content/75">
              {rows.length} {rows.length === 1 ? 'payment' : 'payments'}. {timesAreInZone(timeZone)}.
            </p>
            <div className="overflow-x-auto">
              <table className="table table-sm sm:table-md" aria-describedby={captionId}>
                <caption className="sr-only">Payments</caption>
                <thead>
                  <tr className="text-xs tracking-wide text-base-content/75 uppercase">
                    <th scope="col">Date</th>
                    {showCustomer ? <th scope="col">Customer</th> : null}
                    <th scope="col">Services</th>
                    <th scope="col" className="text-right">
                      Amount
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((payment) => {
                    const when = payment.paidAt ?? payment.createdAt;
                    return (
                      <tr key={payment._id} className="align-top hover:bg-base-200/50">
                        <td className="whitespace-nowrap">
                          <time dateTime={when}>{formatSalonDateTime(when, timeZone)}</time>
                        </td>
                        {showCustomer ? (
                          <td>
                            <p className="font-semibold [overflow-wrap:anywhere]">{payment.customer.name}</p>
                            <p className="text-xs text-base-content/70 [overflow-wrap:anywhere]">{payment.customer.email}</p>
                          </td>
                        ) : null}
                        <td>
                          <ul className="space-y-0.5">
                            {payment.services.map((service) => (
                              <li key={`${service.title}@${service.startsAt}`} className="[overflow-wrap:anywhere]">
                                {service.title}
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td className="text-right whitespace-nowrap">
                          <p className="font-semibold">{paymentMoney(payment, payment.amount)}</p>
                          {payment.refunded > 0 ? (
                            <p className="text-xs text-base-content/70">{paymentMoney(payment, payment.refunded)} refunded</p>
                          ) : null}
                        </td>
                        <td>
                          <PaymentStatusBadge status={payment.status} />
                          {payment.declines.length > 0 ? (
                            <p className="mt-1 text-xs text-base-content/70">
                              {payment.declines.length === 1 ? 'Card declined' : `Card declined ${payment.declines.length} times`}:{' '}
                              {payment.declines.at(-1)!.message}
                            </p>
                          ) : payment.status === 'failed' && payment.failureMessage ? (
                            <p className="mt-1 text-xs text-base-content/70">{payment.failureMessage}</p>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </div>
        );
      }}
    </QueryState>
  );
}

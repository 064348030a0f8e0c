import { CustomerContactText } from '../../../components/ui/customer-contact';
import { useId } from 'react';
import { Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '../../../../shared/money';
import { isPayAtSalonRecord, PAY_AT_SALON_LABEL, PAYMENT_METHOD_NAMES, type Payment } from '../../../../shared/payments';
import { withStylist } from '../../../../shared/staff';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { formatSalonDateTime, timesAreInZone } from '../../../../shared/calendar';
import { usePayments, type PaymentFilters } from '../api/get-payments';
import { PaymentStatusBadge } from './payment-status-badge';
import { TableScrollBox } from '../../../components/ui/table-scroll-box';

export function paymentMoney(payment: Pick<Payment, 'currency'>, amount: number): string {
  return formatMoney(amount, payment.currency.toUpperCase());
}

/**
 * What a payment took online; a list booked with nothing online took no money: it reads 'Pay at
 * the salon', not ৳0 charged (what is taken at the counter is on the visit).
 */
export function paymentAmountLabel(payment: Pick<Payment, 'currency' | 'gateway' | 'amount'>): string {
  return isPayAtSalonRecord(payment) ? PAY_AT_SALON_LABEL : paymentMoney(payment, payment.amount);
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
        // A list booked to pay at the salon is listed (it is her order) but is no payment: counted apart.
        const atSalon = rows.filter(isPayAtSalonRecord).length;
        const paid = rows.length - atSalon;
        return (
          <div className="mt-6 overflow-hidden rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70" aria-busy={payments.isFetching}>
            <p id={captionId} className="border-b border-base-300/70 px-5 py-3 text-sm text-base-content/75">
              {paid} {paid === 1 ? 'payment' : 'payments'}
              {atSalon > 0 ? `, ${atSalon} ${atSalon === 1 ? 'booking' : 'bookings'} to pay at the salon` : ''}. {timesAreInZone(timeZone)}.
            </p>
            <TableScrollBox label="Payments" className="hidden md:block">
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
                    <th scope="col">Paid by</th>
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
                            <p className="font-semibold">{payment.customer.name}</p>
                            <CustomerContactText customer={payment.customer} />
                          </td>
                        ) : null}
                        <td>
                          <ul className="space-y-0.5">
                            {payment.services.map((service) => (
                              <li key={`${service.title}@${service.startsAt}`}>
                                {service.title}
                                <StylistOf staffName={service.staffName} />
                                <CounterMoneyOf service={service} />
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td className="text-right whitespace-nowrap">
                          <PaymentAmount payment={payment} />
                        </td>
                        <td>
                          <PaymentStatusBadge status={payment.status} atSalon={isPayAtSalonRecord(payment)} />
                          <PaymentProblem payment={payment} />
                        </td>
                        <td className="whitespace-nowrap">{paidBy(payment)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScrollBox>
            {/* Below md each payment is a card: nothing hides in a sideways scroll on a phone. */}
            <ul aria-label="Payments" className="divide-y divide-base-300/70 md:hidden">
              {rows.map((payment) => (
                <PaymentCard key={payment._id} payment={payment} showCustomer={showCustomer} timeZone={timeZone} />
              ))}
            </ul>
          </div>
        );
      }}
    </QueryState>
  );
}

/** How she paid ('Card', 'bKash', ...); a dash until a charge succeeds. */
function paidBy(payment: Payment): string {
  return payment.method ? PAYMENT_METHOD_NAMES[payment.method] : '—';
}

/** What was taken online (paymentAmountLabel), and what of it was refunded. */
function PaymentAmount({ payment }: { payment: Payment }) {
  return (
    <>
      <p className="font-semibold">{paymentAmountLabel(payment)}</p>
      {payment.refunded > 0 ? <p className="text-xs text-base-content/70">{paymentMoney(payment, payment.refunded)} refunded</p> : null}
    </>
  );
}

/**
 * Why an attempt was refused, under the status. On a payment a later attempt paid, the declines are
 * history, not a failure: they read as earlier attempts, in the same muted text as the refund line.
 */
function PaymentProblem({ payment }: { payment: Payment }) {
  const last = payment.declines.at(-1);
  if (last && payment.paidAt !== null) {
    const count = payment.declines.length;
    return (
      <p className="mt-1 text-xs text-base-content/70">
        {count === 1 ? 'Earlier attempt declined' : `${count} earlier attempts declined, the last`}: {last.message}
      </p>
    );
  }
  if (last) {
    return (
      <p className="mt-1 text-xs text-base-content/70">
        {/* A card or a wallet: the message names which. */}
        {payment.declines.length === 1 ? 'Declined' : `Declined ${payment.declines.length} times`}: {last.message}
      </p>
    );
  }
  if (payment.status === 'failed' && payment.failureMessage) return <p className="mt-1 text-xs text-base-content/70">{payment.failureMessage}</p>;
  return null;
}

/** 'with Nila' after a service's name, muted; nothing when the visit named no stylist. */
function StylistOf({ staffName }: { staffName: string | null }) {
  return staffName ? <span className="text-base-content/70"> {withStylist(staffName)}</span> : null;
}

/**
 * Money the counter took for a visit, which the payment's own amount (online) leaves out, and what of
 * it was handed back when the visit was cancelled: the history nets it as the admin home does.
 */
function CounterMoneyOf({ service }: { service: Payment['services'][number] }) {
  if (service.takenAtSalon === 0) return null;
  return (
    <span className="block text-xs text-base-content/70">
      {formatMoney(service.takenAtSalon)} paid at the salon
      {service.handedBack > 0 ? ` · ${formatMoney(service.handedBack)} given back at the counter` : null}
    </span>
  );
}

function PaymentCard({ payment, showCustomer, timeZone }: { payment: Payment; showCustomer: boolean; timeZone: string }) {
  const when = payment.paidAt ?? payment.createdAt;
  return (
    <li className="space-y-2 px-4 py-4">
      <div className="flex items-start justify-between gap-3">
        <time dateTime={when} className="text-sm font-medium">
          {formatSalonDateTime(when, timeZone)}
        </time>
        <PaymentStatusBadge status={payment.status} atSalon={isPayAtSalonRecord(payment)} />
      </div>
      {showCustomer ? (
        <div className="min-w-0">
          <p className="font-semibold wrap-break-word">{payment.customer.name}</p>
          <CustomerContactText customer={payment.customer} truncate />
        </div>
      ) : null}
      <div className="flex items-end justify-between gap-3">
        <ul className="min-w-0 space-y-0.5 text-sm">
          {payment.services.map((service) => (
            <li key={`${service.title}@${service.startsAt}`} className="wrap-break-word">
              {service.title}
              <StylistOf staffName={service.staffName} />
              <CounterMoneyOf service={service} />
            </li>
          ))}
        </ul>
        <div className="shrink-0 text-right">
          <PaymentAmount payment={payment} />
          {payment.method ? <p className="text-xs text-base-content/70">Paid by {paidBy(payment)}</p> : null}
        </div>
      </div>
      <PaymentProblem payment={payment} />
    </li>
  );
}

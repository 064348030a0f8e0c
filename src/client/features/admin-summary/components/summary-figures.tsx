import { formatMoney } from '../../../../shared/money';
import type { AdminSummary } from '../../../../shared/admin-summary';

// One decimal: a quiet month's 0.4 % is not 0 %.
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('en-US');

/** The period's figures as cards: a label and one number each, two to a row on a phone. */
export function SummaryFigures({ summary }: { summary: AdminSummary }) {
  const figures = [
    { label: 'Revenue', value: formatMoney(summary.revenue), note: summary.refunds > 0 ? `after ${formatMoney(summary.refunds)} refunded` : 'net of refunds' },
    { label: 'Bookings', value: count.format(summary.bookings), note: 'booked, not cancelled' },
    { label: 'Average payment', value: formatMoney(summary.averagePayment), note: 'per paid checkout' },
    { label: 'Cancellations', value: count.format(summary.cancellations), note: 'cancelled in the period' },
    { label: 'No-shows', value: count.format(summary.noShows), note: 'visits missed' },
    { label: 'New customers', value: count.format(summary.newCustomers), note: 'accounts opened' },
    { label: 'Utilisation', value: percent.format(summary.utilisation), note: 'of chair time in opening hours' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className="flex min-w-0 flex-col rounded-box bg-base-100 p-4 shadow-soft ring-1 ring-base-300/70">
          <dt className="text-xs font-semibold tracking-wide text-base-content/75 uppercase">{figure.label}</dt>
          <dd className="order-first mt-0 font-display text-2xl font-semibold text-base-content sm:text-3xl">{figure.value}</dd>
          <dd className="mt-1 text-xs text-base-content/70">{figure.note}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The services that earned most in the period, highest first. */
export function TopServices({ services }: { services: AdminSummary['topServices'] }) {
  if (services.length === 0) return <p className="text-base-content/75">No services were booked in this period.</p>;
  return (
    <ol className="divide-y divide-base-300/70">
      {services.map((service, index) => (
        <li key={service.serviceId} className="flex items-baseline gap-3 py-2.5">
          <span aria-hidden="true" className="w-5 shrink-0 text-sm font-semibold text-primary">
            {index + 1}
          </span>
          <span className="min-w-0 flex-1">
            {service.title}
            <span className="block text-xs text-base-content/70">
              {service.bookings} {service.bookings === 1 ? 'booking' : 'bookings'}
            </span>
          </span>
          <span className="font-semibold whitespace-nowrap">{formatMoney(service.revenue)}</span>
        </li>
      ))}
    </ol>
  );
}

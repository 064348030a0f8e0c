import { Link } from 'react-router';
import { formatMoney } from '../../../../shared/money';
import { FIGURE_DEFINITIONS, type AdminSummary } from '../../../../shared/admin-summary';
import { paths } from '../../../config/paths';

// One decimal: a quiet month's 0.4 % is not 0 %.
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('en-US');

/** The period's figures as cards: a label and one number each, two to a row on a phone. */
export function SummaryFigures({ summary }: { summary: AdminSummary }) {
  const figures = [
    { label: 'Revenue', value: formatMoney(summary.revenue), note: summary.refunds > 0 ? `after ${formatMoney(summary.refunds)} refunded` : 'net of refunds' },
    { label: 'Paid online', value: formatMoney(summary.paidOnline), note: 'of the revenue, less refunds' },
    { label: 'Paid at the salon', value: formatMoney(summary.paidAtSalon), note: 'of the revenue, taken at the desk' },
    { label: 'Deposits kept', value: formatMoney(summary.depositsKept), note: 'late cancellations and no-shows' },
    { label: 'Due at the salon', value: formatMoney(summary.dueUpcoming), note: 'for visits to come' },
    { label: 'Unpaid past visits', value: formatMoney(summary.duePast), note: 'not recorded as paid' },
    { label: 'Bookings', value: count.format(summary.bookings), note: 'visits, not cancelled' },
    { label: 'Average per visit', value: formatMoney(summary.averagePerVisit), note: 'revenue ÷ bookings' },
    { label: 'Cancellations', value: count.format(summary.cancellations), note: 'visits cancelled' },
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

/**
 * What each figure counts and on what date basis, a line each (the server's definitions, from the
 * shared contract): the owner reads the revenue, the bookings beside it and the top services below
 * it as the same visits, and knows where money by payment date is.
 */
export function FigureDefinitions() {
  return (
    <section aria-labelledby="figure-definitions-heading" className="text-sm text-base-content/80">
      <h3 id="figure-definitions-heading" className="font-semibold text-base-content">
        What these figures count
      </h3>
      <p className="mt-1">
        All by visit date: an appointment counts on the day of its visit (the salon&apos;s time zone), with what was paid for it, whenever that was paid.
        Money by the day it was paid is in{' '}
        <Link to={paths.dashboard.paymentHistory} className="link link-primary">
          Payment History
        </Link>
        .
      </p>
      <ul className="mt-2 space-y-1">
        {FIGURE_DEFINITIONS.map(({ figure, counts }) => (
          <li key={figure}>
            <span className="font-semibold text-base-content">{figure}</span>: {counts}.
          </li>
        ))}
      </ul>
    </section>
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

/**
 * The period's visits by who did them: each stylist's bookings, booked minutes and revenue, and the
 * visits booked before the salon had stylists as 'No stylist'. A list, not a table: at 390 px each
 * stylist keeps one readable row.
 */
export function BookingsByStylist({ stylists }: { stylists: AdminSummary['byStylist'] }) {
  if (stylists.length === 0) return <p className="text-base-content/75">No visits in this period.</p>;
  return (
    <ul className="divide-y divide-base-300/70">
      {stylists.map((stylist) => (
        <li key={stylist.staffId ?? 'none'} className="flex items-baseline gap-3 py-2.5">
          <span className="min-w-0 flex-1 wrap-break-word">
            {stylist.name ?? <span className="italic">No stylist</span>}
            <span className="block text-xs text-base-content/70">
              {stylist.bookings} {stylist.bookings === 1 ? 'booking' : 'bookings'} · {count.format(stylist.minutes)} min booked
            </span>
          </span>
          <span className="font-semibold whitespace-nowrap">{formatMoney(stylist.revenue)}</span>
        </li>
      ))}
    </ul>
  );
}

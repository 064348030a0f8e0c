import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { AdminSummary } from '@shared/admin-summary';
import { paths } from '@/config/paths';
import { useIntlLocale, useLanguage, useSalonTexts } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';

/** The percentage in the page's language; one decimal: a quiet month's 0.4 % is not 0 %. */
function usePercent(): (value: number) => string {
  const language = useLanguage();
  const locale = useIntlLocale();
  const formatter = new Intl.NumberFormat(language === 'en' ? 'en-US' : locale, { style: 'percent', maximumFractionDigits: 1 });
  return (value) => formatter.format(value);
}

/** The period's figures as cards: a label and one number each, two to a row on a phone. */
export function SummaryFigures({ summary }: { summary: AdminSummary }) {
  const { t } = useTranslation('admin');
  const { money, number } = useSalonFormat();
  const percent = usePercent();
  const figures = [
    { label: t('figures.revenue'), value: money(summary.revenue), note: summary.refunds > 0 ? t('figures.revenueAfterRefunds', { amount: money(summary.refunds) }) : t('figures.revenueNote') },
    { label: t('figures.paidOnline'), value: money(summary.paidOnline), note: t('figures.paidOnlineNote') },
    { label: t('figures.paidAtSalon'), value: money(summary.paidAtSalon), note: t('figures.paidAtSalonNote') },
    { label: t('figures.depositsKept'), value: money(summary.depositsKept), note: t('figures.depositsKeptNote') },
    { label: t('figures.dueUpcoming'), value: money(summary.dueUpcoming), note: t('figures.dueUpcomingNote') },
    { label: t('figures.duePast'), value: money(summary.duePast), note: t('figures.duePastNote') },
    { label: t('figures.bookings'), value: number(summary.bookings), note: t('figures.bookingsNote') },
    { label: t('figures.averagePerVisit'), value: money(summary.averagePerVisit), note: t('figures.averagePerVisitNote') },
    { label: t('figures.cancellations'), value: number(summary.cancellations), note: t('figures.cancellationsNote') },
    { label: t('figures.noShows'), value: number(summary.noShows), note: t('figures.noShowsNote') },
    { label: t('figures.newCustomers'), value: number(summary.newCustomers), note: t('figures.newCustomersNote') },
    { label: t('figures.utilisation'), value: percent(summary.utilisation), note: t('figures.utilisationNote') },
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
  const { t } = useTranslation('admin');
  // The shared contract's FIGURE_DEFINITIONS, in the page's language (the English catalogue holds them word for word).
  const definitions = [
    [t('definitions.revenue.figure'), t('definitions.revenue.counts')],
    [t('definitions.paidOnline.figure'), t('definitions.paidOnline.counts')],
    [t('definitions.paidAtSalon.figure'), t('definitions.paidAtSalon.counts')],
    [t('definitions.depositsKept.figure'), t('definitions.depositsKept.counts')],
    [t('definitions.dueUpcoming.figure'), t('definitions.dueUpcoming.counts')],
    [t('definitions.duePast.figure'), t('definitions.duePast.counts')],
    [t('definitions.bookings.figure'), t('definitions.bookings.counts')],
    [t('definitions.averagePerVisit.figure'), t('definitions.averagePerVisit.counts')],
    [t('definitions.cancellations.figure'), t('definitions.cancellations.counts')],
    [t('definitions.noShows.figure'), t('definitions.noShows.counts')],
    [t('definitions.newCustomers.figure'), t('definitions.newCustomers.counts')],
    [t('definitions.utilisation.figure'), t('definitions.utilisation.counts')],
    [t('definitions.topServices.figure'), t('definitions.topServices.counts')],
    [t('definitions.byStylist.figure'), t('definitions.byStylist.counts')],
  ] as const;
  return (
    <section aria-labelledby="figure-definitions-heading" className="text-sm text-base-content/80">
      <h3 id="figure-definitions-heading" className="font-semibold text-base-content">
        {t('definitions.heading')}
      </h3>
      <p className="mt-1">
        <Trans
          t={t}
          i18nKey="definitions.intro"
          components={{ history: <Link to={paths.dashboard.paymentHistory} className="link link-primary" /> }}
        />
      </p>
      <ul className="mt-2 space-y-1">
        {definitions.map(([figure, counts]) => (
          <li key={figure}>
            <span className="font-semibold text-base-content">{figure}</span>: {counts}
            {t('definitions.end')}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The services that earned most in the period, highest first. */
export function TopServices({ services }: { services: AdminSummary['topServices'] }) {
  const { t } = useTranslation('admin');
  const { money, number } = useSalonFormat();
  const texts = useSalonTexts();
  if (services.length === 0) return <p className="text-base-content/75">{t('summary.noServices')}</p>;
  return (
    <ol className="divide-y divide-base-300/70">
      {services.map((service, index) => {
        const title = texts(service.title, service.title_bn);
        return (
          <li key={service.serviceId} className="flex items-baseline gap-3 py-2.5">
            <span aria-hidden="true" className="w-5 shrink-0 text-sm font-semibold text-primary">
              {number(index + 1)}
            </span>
            <span className="min-w-0 flex-1">
              <span lang={title.lang}>{title.text}</span>
              <span className="block text-xs text-base-content/70">{t('summary.bookingCount', { count: service.bookings })}</span>
            </span>
            <span className="font-semibold whitespace-nowrap">{money(service.revenue)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The period's visits by who did them: each stylist's bookings, booked minutes and revenue, and the
 * visits booked before the salon had stylists as 'No stylist'. A list, not a table: at 390 px each
 * stylist keeps one readable row.
 */
export function BookingsByStylist({ stylists }: { stylists: AdminSummary['byStylist'] }) {
  const { t } = useTranslation('admin');
  const { money } = useSalonFormat();
  if (stylists.length === 0) return <p className="text-base-content/75">{t('summary.noVisits')}</p>;
  return (
    <ul className="divide-y divide-base-300/70">
      {stylists.map((stylist) => (
        <li key={stylist.staffId ?? 'none'} className="flex items-baseline gap-3 py-2.5">
          <span className="min-w-0 flex-1 wrap-break-word">
            {stylist.name ? <span translate="no">{stylist.name}</span> : <span className="italic">{t('noStylist')}</span>}
            <span className="block text-xs text-base-content/70">
              {t('summary.bookingCount', { count: stylist.bookings })} · {t('summary.minutesBooked', { count: stylist.minutes })}
            </span>
          </span>
          <span className="font-semibold whitespace-nowrap">{money(stylist.revenue)}</span>
        </li>
      ))}
    </ul>
  );
}

import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import type { AdminSummary } from '@shared/admin-summary';
import { useAdminSummary } from '../api/get-admin-summary';
import type { Period } from '../period';
import { SummaryChart } from './summary-chart';
import { BookingsByStylist, FigureDefinitions, SummaryFigures, TopServices } from './summary-figures';

const panel = 'rounded-box bg-base-100 p-4 shadow-soft ring-1 ring-base-300/70 sm:p-5';

/** The figures, chart, top services and bookings by stylist of a valid period, in every state of their query. */
export function PeriodSummary({ period }: { period: Pick<Period, 'from' | 'to'> }) {
  const summary = useAdminSummary(period);
  const { t } = useTranslation('admin');
  return (
    <QueryState
      query={summary}
      errorTitle={t('summary.loadFailed')}
      loading={{
        label: t('summary.loading'),
        placeholders: (
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <div key={index} className="skeleton h-24 rounded-box" />
            ))}
          </div>
        ),
      }}
    >
      {(data) => <Summary data={data} refreshing={summary.isFetching} />}
    </QueryState>
  );
}

function Summary({ data, refreshing }: { data: AdminSummary; refreshing: boolean }) {
  const { t } = useTranslation('admin');
  const quiet = data.bookings === 0 && data.revenue === 0 && data.refunds === 0 && data.cancellations === 0 && data.noShows === 0 && data.newCustomers === 0;
  return (
    <div className="space-y-4" aria-busy={refreshing}>
      <SummaryFigures summary={data} />
      {quiet ? (
        <div className={`${panel} flex flex-col items-center gap-2 text-center`}>
          <BarChart3 aria-hidden="true" className="size-8 text-primary" />
          <p className="font-display text-xl font-semibold">{t('summary.quietTitle')}</p>
          <p className="text-base-content/75">{t('summary.quietText')}</p>
        </div>
      ) : (
        <div className="grid gap-4 xl:grid-cols-3">
          <section className={`${panel} min-w-0 xl:col-span-2`}>
            <SummaryChart byDay={data.byDay} />
          </section>
          <section className={panel} aria-labelledby="top-services-heading">
            <h3 id="top-services-heading" className="font-display text-xl font-semibold">
              {t('summary.topServices')}
            </h3>
            <div className="mt-2">
              <TopServices services={data.topServices} />
            </div>
          </section>
          <section className={`${panel} xl:col-span-3`} aria-labelledby="by-stylist-heading">
            <h3 id="by-stylist-heading" className="font-display text-xl font-semibold">
              {t('summary.byStylist')}
            </h3>
            <div className="mt-2">
              <BookingsByStylist stylists={data.byStylist} />
            </div>
          </section>
        </div>
      )}
      <FigureDefinitions />
    </div>
  );
}

import { lazy, Suspense, useId, useState } from 'react';
import { BarChart3, Table2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminSummary } from '@shared/admin-summary';
import { useIntlLocale } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';

// Its own chunk: the chart library is fetched when an admin opens this page, never by public pages.
const RevenueChart = lazy(() => import('./revenue-chart'));

/**
 * Revenue and bookings per day: the chart for the eye and a table of the same numbers, which
 * screen readers always get and anyone can choose to see instead.
 */
export function SummaryChart({ byDay }: { byDay: AdminSummary['byDay'] }) {
  const [asTable, setAsTable] = useState(false);
  const captionId = useId();
  const { t } = useTranslation('admin');
  const format = useSalonFormat();
  const locale = useIntlLocale();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={captionId} className="font-display text-xl font-semibold">
          {t('chart.heading')}
        </h3>
        <button type="button" className="btn rounded-full btn-ghost btn-sm" aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)}>
          {asTable ? <BarChart3 aria-hidden="true" className="size-4" /> : <Table2 aria-hidden="true" className="size-4" />}
          {asTable ? t('chart.showChart') : t('chart.showTable')}
        </button>
      </div>
      {asTable ? null : (
        <div className="mt-3 min-h-[300px]">
          <Suspense fallback={<div role="status" aria-label={t('chart.loading')} className="skeleton h-[260px] w-full" />}>
            <RevenueChart byDay={byDay} locale={locale} labels={{ revenue: t('chart.revenueAxis'), bookings: t('chart.bookings') }} />
          </Suspense>
        </div>
      )}
      {/* Shown, a long period scrolls in this box: a named region that takes focus, so a keyboard can scroll it. */}
      <div
        className={asTable ? 'mt-3 max-h-96 overflow-y-auto' : 'sr-only'}
        role={asTable ? 'region' : undefined}
        aria-label={asTable ? t('chart.tableLabel') : undefined}
        tabIndex={asTable ? 0 : undefined}
      >
        <table className="table table-sm" aria-labelledby={captionId}>
          <thead>
            {/* daisyUI draws column headers at 60% of the text colour: 4.47:1 on this panel, under 4.5. */}
            <tr className="text-base-content/80">
              <th scope="col">{t('chart.date')}</th>
              <th scope="col" className="text-right">
                {t('chart.bookings')}
              </th>
              <th scope="col" className="text-right">
                {t('chart.revenue')}
              </th>
            </tr>
          </thead>
          <tbody>
            {byDay.map((day) => (
              <tr key={day.date}>
                <th scope="row" className="font-normal">
                  {format.calendarDate(day.date)}
                </th>
                <td className="text-right">{format.number(day.bookings)}</td>
                <td className="text-right">{format.money(day.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

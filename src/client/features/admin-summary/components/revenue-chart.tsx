import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from '../../../../shared/money';
import type { AdminSummary } from '../../../../shared/admin-summary';

const HEIGHT = 260;
const PRIMARY = '#be185d';
const GOLD = '#a07a2c';
const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const compactTaka = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** x values: each salon date's midnight as a UTC timestamp (uPlot counts in seconds). */
function seconds(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}

/**
 * Revenue per day as bars (left axis, ৳) and bookings as a line (right axis), drawn on a canvas by
 * uPlot (docs/decisions/016-admin-summary.md). Loaded only through React.lazy from the admin home,
 * so neither this module nor uPlot is in any public page's JavaScript. The canvas is decorative for
 * assistive technology: the same numbers are in the table beside it.
 */
export default function RevenueChart({ byDay }: { byDay: AdminSummary['byDay'] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [byDay.map((day) => seconds(day.date)), byDay.map((day) => day.revenue), byDay.map((day) => day.bookings)];
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height: HEIGHT,
        // Dates are calendar days; read them in UTC so the browser's zone cannot shift them.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        // Labels only: the numbers are in the table beside the chart.
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, taka: { range: (_u, _min, max) => [0, Math.max(max, 1)] }, count: { range: (_u, _min, max) => [0, Math.max(max, 1)] } },
        series: [
          { value: (_u, ts) => (ts == null ? '' : shortDate.format(new Date(ts * 1000))) },
          {
            label: 'Revenue (৳)',
            scale: 'taka',
            stroke: PRIMARY,
            fill: 'rgba(190, 24, 93, 0.28)',
            paths: uPlot.paths.bars!({ size: [0.7, 48] }),
            points: { show: false },
            value: (_u, v) => (v == null ? '' : formatMoney(v)),
          },
          { label: 'Bookings', scale: 'count', stroke: GOLD, width: 2, points: { show: true, size: 6, fill: GOLD }, value: (_u, v) => (v == null ? '' : String(v)) },
        ],
        axes: [
          { values: (_u, splits) => splits.map((ts) => shortDate.format(new Date(ts * 1000))), stroke: '#57534e' },
          { scale: 'taka', values: (_u, splits) => splits.map((v) => compactTaka.format(v)), stroke: '#57534e', size: 48 },
          { scale: 'count', side: 1, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')), stroke: '#57534e', grid: { show: false }, size: 36 },
        ],
      },
      data,
      element,
    );
    // The chart follows its box (a phone turned, a sidebar opened).
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [byDay]);

  return <div ref={box} aria-hidden="true" data-testid="revenue-chart" className="w-full min-w-0 overflow-hidden" />;
}

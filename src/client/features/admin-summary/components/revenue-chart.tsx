import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from '@shared/money';
import type { AdminSummary } from '@shared/admin-summary';

const HEIGHT = 260;
const PRIMARY = '#be185d';
const GOLD = '#a07a2c';
const DAY_SECONDS = 86_400;
/**
 * The canvas does not inherit the page's font: it draws with the font its options name. Inter has
 * no taka sign, so the site's one-glyph 'Parlour Taka' comes next, as in the page's own stack
 * (styles/index.css); without it '৳' is drawn as a missing-glyph box.
 */
const FONT_STACK = '"Inter Variable", "Parlour Taka", "Parlour Bengali", ui-sans-serif, system-ui, sans-serif';
const AXIS_FONT = `12px ${FONT_STACK}`;

/**
 * Resolves once the chart's faces are loaded. A canvas that draws before a web font has loaded
 * keeps the fallback's glyphs (a box for '৳'): unlike HTML it is not redrawn when the font
 * arrives. The taka face loads only for text that holds the sign, so it is asked for by it.
 */
function chartFontsReady(revenueLabel: string): Promise<unknown> {
  if (typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  // Bengali digits too: on a Bangla page the axes count in them (drawn in the Bengali face).
  return Promise.all([document.fonts.load(AXIS_FONT, '৳0123456789০১২৩৪৫৬৭৮৯'), document.fonts.load(`600 14px ${FONT_STACK}`, revenueLabel)]).catch(() => undefined);
}

/** The chart's words: English unless the page gives its own. */
const ENGLISH_LABELS = { revenue: 'Revenue (৳)', bookings: 'Bookings' };

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
export default function RevenueChart({
  byDay,
  locale = 'en-GB',
  labels = ENGLISH_LABELS,
}: {
  byDay: AdminSummary['byDay'];
  /** The page's Intl locale: dates, counts and taka on the axes and legend in its digits. */
  locale?: string;
  labels?: { revenue: string; bookings: string };
}) {
  const box = useRef<HTMLDivElement>(null);
  const { revenue: revenueLabel, bookings: bookingsLabel } = labels;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    const shortDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    // English counts keep their en-US form ('1.2K'); another language writes its own.
    const compactTaka = new Intl.NumberFormat(locale.startsWith('en') ? 'en-US' : locale, { notation: 'compact', maximumFractionDigits: 1 });
    const counter = new Intl.NumberFormat(locale);
    const count = { format: (value: number) => (locale.startsWith('en') ? String(value) : counter.format(value)) };
    const money = (amount: number) => (locale.startsWith('en') ? formatMoney(amount) : formatMoney(amount, undefined, locale));
    const data: uPlot.AlignedData = [byDay.map((day) => seconds(day.date)), byDay.map((day) => day.revenue), byDay.map((day) => day.bookings)];
    void chartFontsReady(revenueLabel).then(() => {
      if (gone) return;
      plot = new uPlot(
        {
          width: Math.max(element.clientWidth, 240),
          height: HEIGHT,
          // Dates are calendar days; read them in UTC so the browser's zone cannot shift them.
          tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          // Labels only: the numbers are in the table beside the chart.
          legend: { show: true, live: false },
          cursor: { drag: { x: false, y: false } },
          scales: {
            // Half a day either side: each day's bar is centred on its date, so a range that ended
            // at the last date cut that day's bar in half at the right edge (and the first at the left).
            x: { time: true, range: (_u, min, max) => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] },
            taka: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
            count: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
          },
          series: [
            { value: (_u, ts) => (ts == null ? '' : shortDate.format(new Date(ts * 1000))) },
            {
              label: revenueLabel,
              scale: 'taka',
              stroke: PRIMARY,
              fill: 'rgba(190, 24, 93, 0.28)',
              paths: uPlot.paths.bars!({ size: [0.7, 48] }),
              points: { show: false },
              value: (_u, v) => (v == null ? '' : money(v)),
            },
            { label: bookingsLabel, scale: 'count', stroke: GOLD, width: 2, points: { show: true, size: 6, fill: GOLD }, value: (_u, v) => (v == null ? '' : count.format(v)) },
          ],
          axes: [
            {
              // Whole days only: the padded range would otherwise earn ticks at noon.
              incrs: [DAY_SECONDS, 2 * DAY_SECONDS, 7 * DAY_SECONDS, 14 * DAY_SECONDS, 28 * DAY_SECONDS, 91 * DAY_SECONDS],
              values: (_u, splits) => splits.map((ts) => shortDate.format(new Date(ts * 1000))),
              stroke: '#57534e',
              font: AXIS_FONT,
            },
            { scale: 'taka', values: (_u, splits) => splits.map((v) => compactTaka.format(v)), stroke: '#57534e', size: 48, font: AXIS_FONT },
            {
              scale: 'count',
              side: 1,
              values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? count.format(v) : '')),
              stroke: '#57534e',
              grid: { show: false },
              size: 36,
              font: AXIS_FONT,
            },
          ],
        },
        data,
        element,
      );
      const drawn = plot;
      // The legend is uPlot's HTML in uPlot's own font stack, which has no taka sign either. Its
      // stylesheet is outside Tailwind's layers, so it beats any utility class: set on the element.
      drawn.root.style.fontFamily = FONT_STACK;
      // The chart follows its box (a phone turned, a sidebar opened).
      observer = new ResizeObserver(() => drawn.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }));
      observer.observe(element);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [byDay, locale, revenueLabel, bookingsLabel]);

  return <div ref={box} aria-hidden="true" data-testid="revenue-chart" className="w-full min-w-0 overflow-hidden" />;
}

import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingStatus } from '@shared/payments';
import { useSalonTexts } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { columnKeyOf, dayFrame, placeBookings, type CalendarColumn, type CalendarEntry, type CalendarViewProps, type DayFrame } from '@/features/bookings/calendar-layout';
import { BookingStatusBadge } from '../booking-status-badge';
import { useBlockName } from './use-block-name';

/** The grid's scale: 2 px a minute, so a 15-minute visit still has a line of text. */
const MINUTE_PX = 2;
const px = (minutes: number) => `${minutes * MINUTE_PX}px`;

/** Each state reads apart at a glance, beside its badge: an unpaid checkout is dashed, a cancelled visit greyed. */
export const blockTone: Record<BookingStatus, string> = {
  confirmed: 'border-success bg-success/10',
  completed: 'border-info bg-info/10',
  'no-show': 'border-error bg-error/10',
  pending: 'border-warning border-dashed bg-warning/10',
  cancelled: 'border-base-content/40 bg-base-200 text-base-content/80',
};

type DayGridProps<T extends CalendarEntry> = CalendarViewProps<T> & {
  date: string;
  /** What the grid is called to a screen reader: the admin's has every stylist, a stylist's own has hers. */
  label?: string;
};

/**
 * One day as a grid: the hours down the side, a column per stylist, each booking a block as long
 * as the visit (and, hatched under it, her buffer before the next client).
 */
export function DayGrid<T extends CalendarEntry>({ date, settings, columns, bookings, chosenKey, selectedId, onOpen, label }: DayGridProps<T>) {
  const { t } = useTranslation('calendar');
  const format = useSalonFormat();
  const frame = dayFrame(settings, date, bookings);
  const closed = frame === undefined || frame.hours === null;
  const closedNote = (
    <p className="rounded-box border border-base-300 bg-base-200/60 px-4 py-3 text-sm font-medium">
      {t(bookings.length > 0 ? 'grid.closedWithBookings' : 'grid.closedOn', { date: format.calendarDate(date) })}
    </p>
  );
  if (!frame) return closedNote;
  if (columns.length === 0) {
    return <p className="rounded-box bg-base-100 p-6 text-center shadow-soft ring-1 ring-base-300/70">{t('grid.noStylists')}</p>;
  }
  const columnCount = { '--columns': columns.length } as CSSProperties;
  return (
    <>
      {closed ? <div className="mb-3">{closedNote}</div> : null}
      {/* From sm up the columns stand side by side, at least 10rem each; with more stylists than fit, this box scrolls, not the page. */}
      <div role="region" aria-label={label ?? t('grid.label')} tabIndex={0} data-calendar-grid="" className="overflow-x-auto rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70">
        <div className="grid grid-cols-[3rem_minmax(0,1fr)] sm:grid-cols-[3.5rem_repeat(var(--columns),minmax(10rem,1fr))]" style={columnCount}>
          <TimeGutter frame={frame} />
          {columns.map((column) => (
            <DayColumn
              key={column.key}
              column={column}
              date={date}
              frame={frame}
              timeZone={settings.timeZone}
              bookings={bookings.filter((booking) => columnKeyOf(booking) === column.key)}
              shownOnPhone={column.key === chosenKey}
              selectedId={selectedId}
              onOpen={onOpen}
            />
          ))}
        </div>
      </div>
    </>
  );
}

const HEADER = 'h-14 border-b border-base-300/70';

/** The hour lines, faint, every 60 minutes from the top of the grid (which starts on the hour). */
const hourLines = (): CSSProperties => ({
  backgroundImage: `repeating-linear-gradient(to bottom, var(--color-base-300) 0 1px, transparent 1px ${px(60)})`,
});

/** The hours beside the grid; only for the eye: each block's name says its times. */
function TimeGutter({ frame }: { frame: DayFrame }) {
  const format = useSalonFormat();
  const hours: number[] = [];
  for (let minute = frame.start; minute < frame.end; minute += 60) hours.push(minute);
  return (
    <div aria-hidden="true" className="sticky left-0 z-10 bg-base-100">
      <div className={HEADER} />
      <div className="relative" style={{ height: px(frame.end - frame.start) }}>
        {hours.map((minute) => (
          <span key={minute} className="absolute right-1.5 text-xs text-base-content/70 tabular-nums" style={{ top: px(minute - frame.start + 2) }}>
            {format.clock(minute)}
          </span>
        ))}
      </div>
    </div>
  );
}

interface DayColumnProps {
  column: CalendarColumn;
  date: string;
  frame: DayFrame;
  timeZone: string;
  bookings: readonly CalendarEntry[];
  shownOnPhone: boolean;
  selectedId: string | null;
  onOpen: (bookingId: string) => void;
}

function DayColumn({ column, date, frame, timeZone, bookings, shownOnPhone, selectedId, onOpen }: DayColumnProps) {
  const { t } = useTranslation('calendar');
  const { range, blockName } = useBlockName();
  const salonText = useSalonTexts();
  const nameId = useId();
  const placed = placeBookings(bookings, date, frame.start, timeZone);
  const height = frame.end - frame.start;
  return (
    // Named by her name alone; 'Retired' is said under it.
    <section aria-labelledby={nameId} className={`min-w-0 border-l border-base-300/70 ${shownOnPhone ? '' : 'hidden sm:block'}`}>
      <h3 className={`${HEADER} flex flex-col justify-center px-2 text-sm font-semibold`}>
        <span id={nameId} className="truncate" title={column.name}>
          {column.name}
        </span>
        {column.retired ? <span className="text-xs font-normal text-base-content/70">{t('grid.retired')}</span> : null}
      </h3>
      <div className="relative" style={{ height: px(height), ...hourLines() }}>
        <ClosedHours frame={frame} />
        {placed.length === 0 ? (
          <p className="sr-only">{t('grid.noBookings')}</p>
        ) : (
          <ul>
            {placed.map(({ booking, top, length, buffer, lane, lanes }) => {
              const title = salonText(booking.title, booking.title_bn);
              return (
                <li
                  key={booking._id}
                  className="absolute px-0.5 pt-px"
                  style={{ top: px(top), height: px(length + buffer), left: `${(lane / lanes) * 100}%`, width: `${100 / lanes}%` }}
                >
                  <button
                    type="button"
                    data-calendar-booking={booking._id}
                    aria-label={blockName(booking, column.name, timeZone)}
                    aria-expanded={booking._id === selectedId}
                    className={`relative flex w-full flex-col overflow-hidden rounded-field border-l-4 px-1.5 py-0.5 text-left text-xs leading-4 hover:brightness-95 focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary ${blockTone[booking.status]} ${booking._id === selectedId ? 'ring-2 ring-primary' : ''}`}
                    style={{ height: `calc(${px(length)} - 1px)` }}
                    onClick={() => onOpen(booking._id)}
                  >
                    {/* Lines in order of need: a short visit shows its customer, a longer one the rest (never squeezed: shrink-0). */}
                    <span translate="no" className={`shrink-0 truncate font-semibold ${booking.status === 'cancelled' ? 'line-through' : ''}`}>
                      {booking.customer.name}
                    </span>
                    <span lang={title.lang} className="shrink-0 truncate">
                      {title.text}
                    </span>
                    <span className="flex shrink-0 flex-wrap items-center gap-x-1.5 gap-y-0.5">
                      <span className="whitespace-nowrap tabular-nums text-base-content/80">{range(booking, timeZone)}</span>
                      <BookingStatusBadge status={booking.status} />
                    </span>
                  </button>
                  {buffer > 0 ? (
                    <div
                      aria-hidden="true"
                      title={t('grid.buffer')}
                      className="rounded-b-field bg-[repeating-linear-gradient(135deg,var(--color-base-300)_0_4px,transparent_4px_8px)]"
                      style={{ height: px(buffer) }}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Shades the grid outside the day's opening hours (all of it on a closed day with bookings). */
function ClosedHours({ frame }: { frame: DayFrame }) {
  const shade = 'absolute inset-x-0 bg-base-200/70';
  if (!frame.hours) return <div aria-hidden="true" className={`${shade} inset-y-0`} />;
  const before = frame.hours.open - frame.start;
  const after = frame.end - frame.hours.close;
  return (
    <>
      {before > 0 ? <div aria-hidden="true" className={`${shade} top-0`} style={{ height: px(before) }} /> : null}
      {after > 0 ? <div aria-hidden="true" className={`${shade} bottom-0`} style={{ height: px(after) }} /> : null}
    </>
  );
}

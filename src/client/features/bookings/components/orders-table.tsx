import { CustomerContactText } from '@/components/ui/customer-contact';
import { useId, useRef, useSyncExternalStore, type ComponentType } from 'react';
import { CheckCheck, ClipboardList, UserX, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@shared/payments';
import { QueryState } from '@/components/ui/query-state';
import { useLanguage, useServiceTitle } from '@/hooks/use-language';
import { SalonText } from '@/components/ui/salon-text';
import { TimesInZone, useSalonFormat } from '@/hooks/use-salon-format';
import { useBookings, type BookingFilters } from '../api/get-bookings';
import { useBookingActions } from '../use-booking-actions';
import { BookingStatusBadge } from './booking-status-badge';
import { MoveButton, MovePanel, useMoveControls, useMoveDisclosure, type MoveControl, type MoveDisclosure, type MovePickerProps } from './move-appointment';
import { TableScrollBox } from '@/components/ui/table-scroll-box';
import { bookingMoneyLine, bookingPaid, type MoneyLineWords } from '../booking-money';
import { BookingMoneyNote } from './booking-money-note';
import { RecordButton, RecordPanel, useRecordControls, type RecordControl } from './record-payment';
import { CounterHandBack } from './counter-hand-back';

interface OrdersTableProps {
  filters: BookingFilters;
  timeZone: string;
  /** The time picker 'Move' opens; without one no Move is offered. */
  MovePicker?: ComponentType<MovePickerProps> | undefined;
}

/** /dashboard/orderlist (admin): every booking, its customer, what was paid, and its actions. */
export function OrdersTable({ filters, timeZone, MovePicker }: OrdersTableProps) {
  const bookings = useBookings(filters);
  const scope = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLParagraphElement>(null);
  const actions = useBookingActions('admin', { scope, heading, timeZone });
  const rowProps = rowPropsOf(actions, timeZone, useMoveControls(MovePicker, actions.move), useRecordControls(actions.record));
  // Both layouts are drawn and one is hidden by CSS; the open time picker goes only into the one shown.
  const wide = useMediaQuery(WIDE);
  const captionId = useId();
  const isFiltered = Boolean(filters.from || filters.to || filters.status);
  const { t } = useTranslation('admin');

  return (
    <QueryState
      query={bookings}
      className="mt-6"
      loading={{
        label: t('orders.loading'),
        rows: 4,
        row: (
          <>
            <div className="flex-1 space-y-2">
              <div className="skeleton h-3.5 w-2/5" />
              <div className="skeleton h-3 w-3/5" />
            </div>
            <div className="skeleton h-4 w-32" />
            <div className="skeleton h-8 w-28 rounded-full" />
          </>
        ),
      }}
      empty={{
        icon: ClipboardList,
        title: isFiltered ? t('orders.noMatchTitle') : t('orders.emptyTitle'),
        message: isFiltered ? t('orders.noMatchText') : t('orders.emptyText'),
      }}
    >
      {(loaded) => {
        // Latest first: the filters narrow it to a day or a week when the salon needs that.
        const rows = [...loaded].sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
        return (
          <div ref={scope} className="mt-6 overflow-hidden rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70" aria-busy={bookings.isFetching}>
            <p ref={heading} id={captionId} className="border-b border-base-300/70 px-5 py-3 text-sm text-base-content/75">
              {t('orders.count', { count: rows.length })}. <TimesInZone timeZone={timeZone} />.
            </p>
            {/* Six columns and up to four actions a row: beside the dashboard menu the table only fits from
                1280 px, so tablets get the cards too, with every action in view. */}
            <TableScrollBox label={t('orders.label')} className="hidden xl:block">
              <table className="table table-sm sm:table-md" aria-describedby={captionId}>
                <caption className="sr-only">{t('orders.label')}</caption>
                <thead>
                  <tr className="text-xs tracking-wide text-base-content/75 uppercase">
                    <th scope="col">{t('orders.customer')}</th>
                    <th scope="col">{t('orders.service')}</th>
                    <th scope="col">{t('orders.time')}</th>
                    <th scope="col">{t('orders.status')}</th>
                    <th scope="col" className="text-right">
                      {t('orders.paid')}
                    </th>
                    <th scope="col" className="text-right">
                      <span className="sr-only sm:not-sr-only">{t('orders.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((booking) => (
                    <OrderRow key={booking._id} {...rowProps(booking)} showsPicker={wide} />
                  ))}
                </tbody>
              </table>
            </TableScrollBox>
            {/* Below md each booking is a card with its actions in view, not a row scrolled off-screen. */}
            <ul aria-label={t('orders.label')} className="divide-y divide-base-300/70 xl:hidden">
              {rows.map((booking) => (
                <OrderCard key={booking._id} {...rowProps(booking)} showsPicker={!wide} />
              ))}
            </ul>
          </div>
        );
      }}
    </QueryState>
  );
}

/** What each row of an admin list of bookings is given: the booking and its actions. */
export interface BookingRowProps {
  booking: Booking;
  timeZone: string;
  busy: boolean;
  onCancel: () => void;
  onComplete: () => void;
  onNoShow: () => void;
  /** 'Handed back': the counter money of a visit she cancelled online went back to her. */
  onHandBack: () => void;
  /** 'Move' and its time picker, when the booking may be moved and the page offers a picker. */
  move: MoveControl | undefined;
  /** 'Record payment' and its form, when the booking owes money and the list lets the salon record it. */
  record?: RecordControl | undefined;
}

/** Binds a list's actions (useBookingActions) and its Move pickers (useMoveControls) to each of its rows. */
export function rowPropsOf(
  actions: ReturnType<typeof useBookingActions>,
  timeZone: string,
  moveOf: (booking: Booking) => MoveControl | undefined,
  recordOf?: (booking: Booking) => RecordControl | undefined,
) {
  return (booking: Booking): BookingRowProps => ({
    move: moveOf(booking),
    record: recordOf?.(booking),
    booking,
    timeZone,
    busy: actions.busyId === booking._id,
    onCancel: () => void actions.cancel(booking),
    onComplete: () => actions.complete(booking),
    onNoShow: () => actions.noShow(booking),
    onHandBack: () => void actions.handBack(booking),
  });
}

/** Tailwind's xl, where the order list's table takes over from its cards. */
const WIDE = '(min-width: 80rem)';

/** Whether a media query matches now, following its changes (false where there are no media queries). */
function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

interface LayoutProps extends BookingRowProps {
  /** Whether the open time picker goes in this layout (the one shown at this width). */
  showsPicker: boolean;
}

function OrderRow({ showsPicker, ...props }: LayoutProps) {
  const { booking, timeZone } = props;
  const { t } = useTranslation('admin');
  const format = useSalonFormat();
  const describedBy = useId();
  const disclosure = useMoveDisclosure(props.move);
  const recordDisclosure = useMoveDisclosure(props.record);
  return (
    <>
    <tr className="align-top hover:bg-base-200/50" data-booking-id={booking._id}>
      <td>
        <p id={describedBy} className="font-semibold" translate="no">
          {booking.customer.name}
        </p>
        <CustomerContactText customer={booking.customer} />
      </td>
      {/* The salon's own title (English until the salon writes a Bangla one); the line under it is the page's. */}
      <td>
        <SalonText en={booking.title} bn={booking.title_bn} />
        <StylistLine booking={booking} />
      </td>
      <td className="whitespace-nowrap">
        <time dateTime={booking.startsAt}>{format.dateTime(booking.startsAt, timeZone)}</time>
        <p className="text-xs text-base-content/70">{t('minutes', { count: booking.duration })}</p>
      </td>
      <td>
        <BookingStatusBadge status={booking.status} />
      </td>
      <td className="text-right">
        {/* Room for 'Paid in full' on one line; a longer line wraps between its words. */}
        <PaidFigures booking={booking} className="min-w-32" withHandBack={false} />
        <HandBackOf {...props} describedBy={describedBy} className="mt-1 justify-end" />
      </td>
      <td>
        <OrderActions {...props} describedBy={describedBy} {...disclosure} recordDisclosure={recordDisclosure} showsPicker={showsPicker} className="justify-end" />
      </td>
    </tr>
    {showsPicker && (props.record?.open || props.move?.open) ? (
      // The open form or time picker takes the table's whole width, in a row under the booking's.
      <tr data-booking-id={booking._id}>
        <td colSpan={6} className="space-y-3">
          <RecordPanel booking={booking} control={props.record} {...recordDisclosure} />
          <MovePanel booking={booking} control={props.move} {...disclosure} />
        </td>
      </tr>
    ) : null}
    </>
  );
}

/** Who does the visit, under the service (a line, not a column: the cards at 390 px have no room for one). */
function StylistLine({ booking }: { booking: Booking }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  return booking.staffName ? (
    <p lang={language === 'en' ? undefined : language} className="text-xs text-base-content/70 wrap-break-word">
      {t('withStylist', { name: booking.staffName })}
    </p>
  ) : null;
}

/** bookingMoneyLine's sentences in the page's language (undefined on English pages: its own words). */
export function useMoneyLineWords(): MoneyLineWords | undefined {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const { money } = useSalonFormat();
  if (language === 'en') return undefined;
  return {
    depositKept: (amount) => t('money.depositKept', { amount: money(amount) }),
    paidInFull: t('money.paidInFull'),
    payAtSalon: (due) => t('money.payAtSalon', { due: money(due) }),
    depositPaid: (paid, due) => t('money.depositPaid', { paid: money(paid), due: money(due) }),
    paid: (paid, due) => t('money.paid', { paid: money(paid), due: money(due) }),
  };
}

/**
 * What a booking has brought in (online and at the counter), what was refunded, and in words where
 * its money stands ('Deposit paid ৳360 · ৳840 due at the salon'); with `withHandBack`, also the
 * counter money of a cancelled visit (to give back, or given back). Short lines that wrap between
 * words at 320 px, never inside one.
 */
export function PaidFigures({ booking, className = '', withHandBack = true }: { booking: Booking; className?: string; withHandBack?: boolean }) {
  const line = bookingMoneyLine(booking, useMoneyLineWords());
  const { money } = useSalonFormat();
  return (
    <div className={className} data-booking-money="">
      <p className="font-semibold">{money(bookingPaid(booking))}</p>
      {line ? <p className="text-xs text-base-content/70">{line}</p> : null}
      <RefundLines booking={booking} />
      {withHandBack ? <CounterHandBack booking={booking} /> : null}
    </div>
  );
}

/** What went back online. */
function RefundLines({ booking }: { booking: Booking }) {
  const { t } = useTranslation('admin');
  const { money } = useSalonFormat();
  return booking.refunded > 0 ? <p className="text-xs text-base-content/70">{t('money.refunded', { amount: money(booking.refunded) })}</p> : null;
}

/** A list's line of counter money going back to her, with 'Handed back' while it is due. */
export function HandBackOf({ booking, timeZone, busy, onHandBack, describedBy, className }: BookingRowProps & { describedBy: string; className?: string }) {
  const nameOf = useBookingName();
  return <CounterHandBack booking={booking} timeZone={timeZone} onHandBack={onHandBack} busy={busy} describedBy={describedBy} which={nameOf(booking, timeZone)} className={className} />;
}

function OrderCard({ showsPicker, ...props }: LayoutProps) {
  const { booking, timeZone } = props;
  const { t } = useTranslation('admin');
  const format = useSalonFormat();
  const describedBy = useId();
  const disclosure = useMoveDisclosure(props.move);
  const recordDisclosure = useMoveDisclosure(props.record);
  return (
    <li className="space-y-3 px-4 py-4" data-booking-id={booking._id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={describedBy} className="font-semibold wrap-break-word" translate="no">
            {booking.customer.name}
          </p>
          <CustomerContactText customer={booking.customer} truncate />
        </div>
        <BookingStatusBadge status={booking.status} />
      </div>
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium wrap-break-word">
            <SalonText en={booking.title} bn={booking.title_bn} />
          </p>
          <StylistLine booking={booking} />
          <p className="text-sm text-base-content/75">
            <time dateTime={booking.startsAt}>{format.dateTime(booking.startsAt, timeZone)}</time> · {t('minutes', { count: booking.duration })}
          </p>
          {/* Under the visit, where a phone has the width for it; the figure stays at the right. */}
          <BookingMoneyNote booking={booking} />
        </div>
        <div className="shrink-0 text-right">
          <p className="font-semibold">{format.money(bookingPaid(booking))}</p>
          <RefundLines booking={booking} />
        </div>
      </div>
      <HandBackOf {...props} describedBy={describedBy} />
      <OrderActions {...props} describedBy={describedBy} {...disclosure} recordDisclosure={recordDisclosure} showsPicker={showsPicker} />
      {showsPicker ? <MovePanel booking={booking} control={props.move} {...disclosure} /> : null}
      {showsPicker ? <RecordPanel booking={booking} control={props.record} {...recordDisclosure} /> : null}
    </li>
  );
}

/**
 * Which booking a button acts on, for its accessible name, in the page's language: 'Classic Manicure
 * on Sat, 9 Mar 2030, 10:30' (the service by its Bangla title on a Bangla page when it has one).
 */
export function useBookingName(): (booking: Booking, timeZone: string) => string {
  const { t } = useTranslation('admin');
  const format = useSalonFormat();
  const serviceTitle = useServiceTitle();
  return (booking, timeZone) => t('bookingName', { title: serviceTitle(booking), when: format.dateTime(booking.startsAt, timeZone) });
}

/**
 * A booking's 'Mark completed', 'No-show', 'Record payment', 'Move' and 'Cancel', whichever it allows now (also the
 * admin home's today list). A visit whose time has come is either completed or missed: both are
 * offered when one of them is. Each button's name says which booking it acts on; the customer is
 * its description.
 */
export function OrderActions({
  booking,
  timeZone,
  busy,
  describedBy,
  onCancel,
  onComplete,
  onNoShow,
  move,
  record,
  panelId,
  buttonRef,
  recordDisclosure,
  showsPicker = true,
  className = '',
}: BookingRowProps &
  Omit<MoveDisclosure, 'close'> & {
    describedBy: string;
    /** 'Record payment's own button ref and form id (given with `record`). */
    recordDisclosure?: Omit<MoveDisclosure, 'close'>;
    showsPicker?: boolean;
    className?: string;
  }) {
  const { t } = useTranslation('admin');
  const nameOf = useBookingName();
  if (!booking.canComplete && !booking.canCancel && !move && !record) return null;
  const which = nameOf(booking, timeZone);
  const spinner = <span aria-hidden="true" className="loading loading-xs loading-spinner" />;
  const common = { type: 'button', disabled: busy, 'aria-describedby': describedBy, 'data-booking-action': '' } as const;
  return (
    <div className={`flex flex-wrap gap-2 ${className}`.trim()}>
      {booking.canComplete ? (
        <>
          <button {...common} aria-label={t('actions.completeFor', { which })} className="btn rounded-full whitespace-nowrap btn-sm btn-primary" onClick={onComplete}>
            {busy ? spinner : <CheckCheck aria-hidden="true" className="size-4" />}
            {t('actions.complete')}
          </button>
          <button {...common} aria-label={t('actions.noShowFor', { which })} className="btn rounded-full whitespace-nowrap btn-outline btn-sm btn-warning" onClick={onNoShow}>
            {busy ? spinner : <UserX aria-hidden="true" className="size-4" />}
            {t('actions.noShow')}
          </button>
        </>
      ) : null}
      {record && recordDisclosure ? (
        <RecordButton control={record} {...recordDisclosure} which={which} busy={busy} describedBy={describedBy} controlsPanel={showsPicker} />
      ) : null}
      {move ? <MoveButton control={move} panelId={panelId} buttonRef={buttonRef} which={which} busy={busy} describedBy={describedBy} controlsPanel={showsPicker} /> : null}
      {booking.canCancel ? (
        <button {...common} aria-label={t('actions.cancelFor', { which })} className="btn rounded-full whitespace-nowrap btn-outline btn-sm btn-error" onClick={onCancel}>
          {busy ? spinner : <XCircle aria-hidden="true" className="size-4" />}
          {t('actions.cancel')}
        </button>
      ) : null}
    </div>
  );
}

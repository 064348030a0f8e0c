import { useId, useRef, type ComponentType } from 'react';
import { CalendarClock, CalendarPlus, Download, XCircle } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Booking } from '@shared/payments';
import { paths } from '@/config/paths';
import { useSalonText, useServiceTitle } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useBookings } from '../api/get-bookings';
import { useBookingActions } from '../use-booking-actions';
import { BookingStatusBadge } from './booking-status-badge';
import { VisitListSection } from './visit-list-section';
import { BookingMoneyNote } from './booking-money-note';
import type { PayPlan } from '@shared/pay-now';
import { MoveButton, MovePanel, useMoveControls, useMoveDisclosure, type MoveControl, type MovePickerProps } from './move-appointment';

/** Visits she is still coming to, soonest first: a cancelled one is no appointment (her payments show its refund). */
function upcomingOf(list: Booking[]): Booking[] {
  return list.filter((booking) => booking.status !== 'cancelled').sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/**
 * Which booking a button acts on, for its accessible name: 'Classic Manicure on Sat, 9 Mar 2030,
 * 10:30', the service by its Bangla title on a Bangla page when the salon wrote one.
 */
export function useVisitName(): (booking: Pick<Booking, 'title' | 'title_bn' | 'startsAt'>, timeZone: string) => string {
  const { t } = useTranslation('dashboard');
  const dates = useSalonFormat();
  const serviceTitle = useServiceTitle();
  return (booking, timeZone) => t('visits.which', { service: serviceTitle(booking), when: dates.dateTime(booking.startsAt, timeZone) });
}

// The cancellation policy's sentence for each kind of visit (shared/pay-now's cancellationPolicyLines, in the page's language).
const POLICY_KEYS = { full: 'visits.policy.full', deposit: 'visits.policy.deposit', 'at-salon': 'visits.policy.atSalon' } as const satisfies Record<PayPlan, string>;
const POLICY_ORDER: readonly PayPlan[] = ['full', 'deposit', 'at-salon'];

/** One sentence per kind of visit she has coming, in the order full, deposit, at the salon. */
function policyLines(t: TFunction<'dashboard'>, plans: readonly PayPlan[], noticeHours: number): string[] {
  const notice = noticeHours === 0 ? t('visits.policy.untilStart') : t('visits.policy.notice', { count: noticeHours });
  return POLICY_ORDER.filter((plan) => plans.includes(plan)).map((plan) => t(POLICY_KEYS[plan], { notice }));
}

/** The calendar file of one appointment (an .ics her calendar app opens). */
export const calendarFileHref = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/ics`;

interface UpcomingAppointmentsProps {
  timeZone: string;
  /** The salon's cancellation notice, to explain why a booking has no Cancel or Move button. */
  cancelNoticeHours: number | undefined;
  /** The time picker 'Move' opens; without one no Move is offered. */
  MovePicker?: ComponentType<MovePickerProps> | undefined;
}

/** The user home's list of visits still to come, each movable and cancellable while the notice allows. */
export function UpcomingAppointments({ timeZone, cancelNoticeHours, MovePicker }: UpcomingAppointmentsProps) {
  const { t } = useTranslation('dashboard');
  const dates = useSalonFormat();
  const bookings = useBookings({ when: 'upcoming' });
  const scope = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { cancel, move, busyId } = useBookingActions('customer', { scope, heading, timeZone, cancelNoticeHours });
  // The 'Appointment moved' dialog then puts focus back on her booking.
  const moveOf = useMoveControls(MovePicker, move);

  return (
    <VisitListSection
      id="upcoming-appointments"
      title={t('visits.upcoming.heading')}
      headingRef={heading}
      query={bookings}
      loadingLabel={t('visits.upcoming.loading')}
      pick={upcomingOf}
      empty={
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-base-content/75">{t('visits.upcoming.empty')}</p>
          <Link to={paths.dashboard.book} className="btn rounded-full btn-sm btn-primary">
            <CalendarPlus aria-hidden="true" className="size-4" />
            {t('visits.upcoming.book')}
          </Link>
        </div>
      }
    >
      {(upcoming) => (
        <>
          <p className="mt-1 text-sm text-base-content/70">{t('visits.zoneNote', { note: dates.timesAreInZone(timeZone) })}</p>
          <ul ref={scope} aria-label={t('visits.upcoming.label')} className="mt-3 divide-y divide-base-300/70">
            {upcoming.map((booking) => (
              <UpcomingAppointment
                key={booking._id}
                booking={booking}
                timeZone={timeZone}
                busy={busyId === booking._id}
                onCancel={() => void cancel(booking)}
                move={moveOf(booking)}
              />
            ))}
          </ul>
          {cancelNoticeHours !== undefined && cancelNoticeHours > 0 ? (
            <p className="mt-2 text-xs text-base-content/70">{t('visits.upcoming.cancelNotice', { count: cancelNoticeHours })}</p>
          ) : null}
          {cancelNoticeHours !== undefined
            ? // What a late cancellation costs, for the kinds of visit she has coming that are not paid in full.
              policyLines(
                t,
                upcoming.map((booking) => booking.money.plan).filter((plan) => plan !== 'full'),
                cancelNoticeHours,
              ).map((line) => (
                <p key={line} className="mt-1 text-xs text-base-content/70">
                  {line}
                </p>
              ))
            : null}
        </>
      )}
    </VisitListSection>
  );
}

interface UpcomingAppointmentProps {
  booking: Booking;
  timeZone: string;
  busy: boolean;
  onCancel: () => void;
  /** 'Move' and its time picker, when she may move this booking. */
  move: MoveControl | undefined;
}

function UpcomingAppointment({ booking, timeZone, busy, onCancel, move }: UpcomingAppointmentProps) {
  const { t } = useTranslation('dashboard');
  const dates = useSalonFormat();
  const title = useSalonText(booking.title, booking.title_bn);
  const titleId = useId();
  const disclosure = useMoveDisclosure(move);
  // Several rows each have the same buttons: each one's name says which visit it acts on.
  const which = useVisitName()(booking, timeZone);
  return (
    <li data-booking-id={booking._id} className="py-3">
      <div className="flex items-start gap-3 sm:gap-4">
        <img src={booking.image_url} alt="" width={48} height={48} className="size-12 shrink-0 rounded-field bg-base-200 object-cover" />
        {/* The text takes the row; badge and buttons go beneath it when the row is narrow, never squeezing it. */}
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-2">
          <div className="min-w-0 flex-[1_1_12rem]">
            <p id={titleId} lang={title.lang} className="font-semibold wrap-break-word">
              {title.text}
            </p>
            <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-base-content/75">
              <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
              <time dateTime={booking.startsAt} className="whitespace-nowrap">
                {dates.dateTime(booking.startsAt, timeZone)}
              </time>
              <span aria-hidden="true">·</span>
              <span className="whitespace-nowrap">{t('visits.minutes', { count: booking.duration })}</span>
              {booking.staffName ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span className="min-w-0 wrap-break-word">
                    {t('visits.withStylist', { name: booking.staffName })}
                  </span>
                </>
              ) : null}
            </p>
            <BookingMoneyNote booking={booking} />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <BookingStatusBadge status={booking.status} />
            {move ? <MoveButton control={move} {...disclosure} which={which} busy={busy} /> : null}
            {booking.canCancel ? (
              <button
                type="button"
                className="btn rounded-full btn-outline btn-sm btn-error"
                disabled={busy}
                aria-label={t('visits.cancelName', { which })}
                aria-describedby={titleId}
                data-booking-action=""
                onClick={onCancel}
              >
                {busy ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <XCircle aria-hidden="true" className="size-4" />}
                {t('visits.cancel')}
              </button>
            ) : null}
            {booking.status === 'confirmed' ? (
              <a
                href={calendarFileHref(booking._id)}
                download
                aria-label={t('visits.calendarFileName', { which })}
                className="btn rounded-full btn-ghost btn-sm"
                data-booking-action=""
              >
                <Download aria-hidden="true" className="size-4" />
                {t('visits.calendarFile')}
              </a>
            ) : null}
          </div>
        </div>
      </div>
      <MovePanel booking={booking} control={move} {...disclosure} className="mt-3" />
    </li>
  );
}

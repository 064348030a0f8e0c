import { useId, useRef, type ComponentType } from 'react';
import { CalendarClock, CalendarPlus, Download, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { Booking } from '../../../../shared/payments';
import { withStylist } from '../../../../shared/staff';
import { paths } from '../../../config/paths';
import { formatSalonDateTime, timesAreInZone } from '../../../../shared/calendar';
import { useBookings } from '../api/get-bookings';
import { useBookingActions } from '../use-booking-actions';
import { BookingStatusBadge } from './booking-status-badge';
import { bookingName } from './orders-table';
import { VisitListSection } from './visit-list-section';
import { BookingMoneyNote } from './booking-money-note';
import { cancellationPolicyLines } from '../../../../shared/pay-now';
import { MoveButton, MovePanel, useMoveControls, useMoveDisclosure, type MoveControl, type MovePickerProps } from './move-appointment';

/** Visits she is still coming to, soonest first: a cancelled one is no appointment (her payments show its refund). */
function upcomingOf(list: Booking[]): Booking[] {
  return list.filter((booking) => booking.status !== 'cancelled').sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
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
  const bookings = useBookings({ when: 'upcoming' });
  const scope = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { cancel, move, busyId } = useBookingActions('customer', { scope, heading, timeZone, cancelNoticeHours });
  // The 'Appointment moved' dialog then puts focus back on her booking.
  const moveOf = useMoveControls(MovePicker, move);

  return (
    <VisitListSection
      id="upcoming-appointments"
      title="Upcoming appointments"
      headingRef={heading}
      query={bookings}
      loadingLabel="Loading your appointments"
      pick={upcomingOf}
      empty={
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-base-content/75">No upcoming appointments.</p>
          <Link to={paths.dashboard.book} className="btn rounded-full btn-sm btn-primary">
            <CalendarPlus aria-hidden="true" className="size-4" />
            Book a treatment
          </Link>
        </div>
      }
    >
      {(upcoming) => (
        <>
          <p className="mt-1 text-sm text-base-content/70">{timesAreInZone(timeZone)}.</p>
          <ul ref={scope} aria-label="Your upcoming appointments" className="mt-3 divide-y divide-base-300/70">
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
            <p className="mt-2 text-xs text-base-content/70">
              Appointments can be cancelled up to {cancelNoticeHours} {cancelNoticeHours === 1 ? 'hour' : 'hours'} before they start; what you paid
              online is refunded. Until then you can also move one to another time.
            </p>
          ) : null}
          {cancelNoticeHours !== undefined
            ? // What a late cancellation costs, for the kinds of visit she has coming that are not paid in full.
              cancellationPolicyLines(
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
  const titleId = useId();
  const disclosure = useMoveDisclosure(move);
  // Several rows each have the same buttons: each one's name says which visit it acts on.
  const which = bookingName(booking, timeZone);
  return (
    <li data-booking-id={booking._id} className="py-3">
      <div className="flex items-start gap-3 sm:gap-4">
        <img src={booking.image_url} alt="" width={48} height={48} className="size-12 shrink-0 rounded-field bg-base-200 object-cover" />
        {/* The text takes the row; badge and buttons go beneath it when the row is narrow, never squeezing it. */}
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-2">
          <div className="min-w-0 flex-[1_1_12rem]">
            <p id={titleId} className="font-semibold wrap-break-word">
              {booking.title}
            </p>
            <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-base-content/75">
              <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
              <time dateTime={booking.startsAt} className="whitespace-nowrap">
                {formatSalonDateTime(booking.startsAt, timeZone)}
              </time>
              <span aria-hidden="true">·</span>
              <span className="whitespace-nowrap">{booking.duration} min</span>
              {booking.staffName ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span className="min-w-0 wrap-break-word">{withStylist(booking.staffName)}</span>
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
                aria-label={`Cancel ${which}`}
                aria-describedby={titleId}
                data-booking-action=""
                onClick={onCancel}
              >
                {busy ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <XCircle aria-hidden="true" className="size-4" />}
                Cancel
              </button>
            ) : null}
            {booking.status === 'confirmed' ? (
              <a
                href={calendarFileHref(booking._id)}
                download
                aria-label={`Calendar file for ${which}`}
                className="btn rounded-full btn-ghost btn-sm"
                data-booking-action=""
              >
                <Download aria-hidden="true" className="size-4" />
                Calendar file
              </a>
            ) : null}
          </div>
        </div>
      </div>
      <MovePanel booking={booking} control={move} {...disclosure} className="mt-3" />
    </li>
  );
}

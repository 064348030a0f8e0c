import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Notices } from '../jobs/notices.js';
import type { PaymentService } from '../payments/payment-service.js';
import type { Actor } from '../types.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { BOOKING_BEING_CANCELLED_MESSAGE, STATUS_REFUSALS } from '../../shared/payments.js';
import { cancellationRefundMinor, customerMayCancel, mayStillChange } from '../../shared/booking-rules.js';
import { HttpError, notFound } from '../http-error.js';
import { completeBooking, counterPaidMinor, insertCounterRefund, lockBooking, markCounterRefundHandedBack, moveBookingTime, setBookingStatus, type BookingRow } from '../repositories/bookings.js';
import { rosterFor, shareStylists, timeOffIn, withFreshRoster, type TeamRosterSource } from '../repositories/staff.js';
import { instantToZoned, salonDateOf, salonDayStart } from '../../shared/calendar.js';
import { decidedCancellations, lockBookingWithPayment, markCancelRequested, recordCancellation } from '../repositories/cancellations.js';
import { databaseNow, hasRoom, lockCells, occupancy, ownAppointments, withRetry } from './capacity.js';
import { checkStart } from './slots.js';
import { checkStaffStart } from './staff-slots.js';
import { holdTime } from './holds.js';
import type { HeldItem } from '../repositories/cart.js';
import type { WaitlistSweeps } from './waitlist-service.js';
import { overlapRefused, stylistRefused, timeRefused } from './refusals.js';
import { englishMessage } from '../../shared/i18n/message-templates.js';

/**
 * How long after a visit was marked completed or a no-show the salon can put it back to confirmed.
 * The undo is for a slip of the finger noticed the same day, not for rewriting last month: after
 * this the mark stands (the admin summary and the customer's history have counted it).
 */
export const REOPEN_WINDOW_HOURS = 24;

const NO_HAND_BACK_MESSAGE = 'This visit has no money to give back at the counter.';
const HANDED_BACK_ALREADY_MESSAGE = 'This money was already given back at the counter.';

const CANCEL_REFUND_DEFERRED_MESSAGE =
  'The refund could not be made just now. Your cancellation is recorded and will be completed automatically; nothing else can change this booking meanwhile.';

/**
 * Every change to an appointment, from the held time on a booking list to the visit's end: hold,
 * move, cancel, complete, no-show and reopen. Each decides under the booking's row lock in one
 * transaction (SQL in repositories/, capacity in capacity.ts) and refuses with an HttpError the
 * route passes on as it is. Money is PaymentService's: a cancel asks it for the refund.
 */
export class BookingService {
  constructor(
    private readonly db: Db,
    /** The e-mails: each queued in the transaction of the change it tells of. */
    private readonly notices: Notices,
    private readonly payments: PaymentService,
    private readonly log: FastifyBaseLogger,
    /** The salon's booking rules (cached; see ChangeCache). */
    private readonly salonSettings: () => Promise<SalonSettings>,
    /** A cancellation or move frees a place: the waitlist's sweep of that day, queued in its transaction. */
    private readonly waitlist: WaitlistSweeps,
    /** The cached team a hold takes its roster from. */
    private readonly team: TeamRosterSource,
  ) {}

  /**
   * Holds a time for one item of her booking list with the stylist she asks for (null: any), or
   * (startsAt null) lets it go and records the stylist she wants (holds.ts).
   */
  async hold(actor: Actor, itemId: string, startsAt: Date | null, staffId: string | null = null): Promise<HeldItem> {
    return holdTime(this.db, { userId: actor.id, itemId, startsAt, staffId, settings: await this.salonSettings(), team: this.team });
  }

  /**
   * Moves a confirmed booking to another start, with its stylist unless another is named
   * (`staffId`). A customer moves her own, up to the salon's cancellation notice before its current
   * start, to a time she could book afresh; the salon moves any booking at any time, to any start on
   * the grid inside opening hours (and the stylist's hours) that has not passed (it may fit a client
   * in sooner than a customer could book herself).
   *
   * Capacity is kept as for holds (capacity.ts, holds.ts): the new interval's time cells are locked,
   * to when the stylist is free again, then the visits in it are counted without this booking, all
   * in one transaction, so two moves (or a move and a hold) onto the last place cannot both win. Its
   * old time counts for nobody once this commits. The iCalendar sequence goes up, the reminder is
   * due again for the new time, and the 'moved' e-mail is queued in the same transaction (sent if
   * and only if the move commits).
   */
  async move(actor: Actor, bookingId: string, startsAt: Date, staffId?: string): Promise<void> {
    const settings = await this.salonSettings();
    const isSalon = actor.role === 'admin';
    // withFreshRoster: her stylist changed between the roster's read and her row's lock; move again.
    await withFreshRoster(() =>
      withRetry(() =>
        this.db.transaction(async (tx) => {
          const booking = await lockBooking(tx, bookingId, isSalon ? undefined : actor.id);
          if (!booking) throw notFound('Booking');
          if (booking.status !== 'confirmed') throw new HttpError(409, englishMessage(STATUS_REFUSALS.move, { status: booking.status }));
          // Its refund may already be made: the cancellation is recorded next, never overtaken by a move.
          if (booking.cancelRequestedAt) throw new HttpError(409, BOOKING_BEING_CANCELLED_MESSAGE);

          const now = await databaseNow(tx);
          if (!isSalon && !mayStillChange(booking.startsAt, now, settings.cancelNoticeHours)) {
            throw new HttpError(409, englishMessage('Appointments can be moved up to {{count, number}} hours before they start.', { count: settings.cancelNoticeHours }));
          }
          const previousStartsAt = booking.startsAt;
          const stylistId = staffId ?? booking.staffId;
          if (startsAt.getTime() === previousStartsAt.getTime() && stylistId === booking.staffId) return;

          // The salon's own minimum notice is for customers booking online; the salon only cannot
          // move a visit into the past.
          const rules = isSalon ? { ...settings, minNoticeMinutes: 0 } : settings;
          if (stylistId === null) {
            await this.moveChair(tx, booking, startsAt, rules, now);
          } else {
            await this.moveWithStylist(tx, booking, startsAt, stylistId, rules, now);
          }
          const by = isSalon && booking.userId !== actor.id ? 'salon' : 'customer';
          await this.notices.queue({ kind: 'moved', bookingId: booking.id, by, previousStartsAt: previousStartsAt.toISOString() }, tx);
          await this.waitlist.queueDay(salonDateOf(previousStartsAt, settings.timeZone), tx);
        }),
      ),
    );
  }

  /** A booking made before the salon had stylists: a chair, at the length it was booked with. */
  private async moveChair(tx: Db, booking: BookingRow, startsAt: Date, settings: SalonSettings, now: Date): Promise<void> {
    const rules = checkStart({ settings, startsAt, durationMinutes: booking.durationMinutes, now });
    // Her own other appointments are checked below, under the cell locks.
    if (!rules.ok && rules.reason !== 'overlaps-own') throw timeRefused(rules.reason);
    const endsAt = new Date(startsAt.getTime() + booking.durationMinutes * 60_000);
    await lockCells(tx, startsAt, endsAt);
    const window = { startsAt, endsAt };
    const [other] = await ownAppointments(tx, booking.userId, window, now, { exceptBookingId: booking.id });
    if (other) throw overlapRefused(other, settings.timeZone);
    if (!(await hasRoom(tx, window, settings.capacity, now, { exceptBookingId: booking.id }))) throw timeRefused('taken');
    await moveBookingTime(tx, booking.id, { startsAt, endsAt }, now);
  }

  /**
   * A booking with a stylist, moved with her or to another: kept with her, it keeps the length and
   * buffer it was booked with; given to another, it takes her length for the service and the
   * service's buffer. Decided as a hold is (holds.ts): cells to when she is free again, her row
   * shared against time off, then the slot engine's check of her alone.
   */
  private async moveWithStylist(tx: Db, booking: BookingRow, startsAt: Date, staffId: string, settings: SalonSettings, now: Date): Promise<void> {
    const dayStart = salonDayStart(instantToZoned(startsAt, settings.timeZone).date, settings.timeZone);
    const roster = await rosterFor(tx, booking.serviceId, { startsAt: new Date(dayStart.getTime() - 24 * 3600_000), endsAt: new Date(dayStart.getTime() + 48 * 3600_000) });
    const stylist = roster?.stylists.find((s) => s.id === staffId);
    if (!roster || !stylist) throw stylistRefused();
    const same = staffId === booking.staffId;
    const minutes = same ? booking.durationMinutes : (stylist.services[0]?.durationMinutes ?? roster.serviceMinutes);
    const buffer = same && booking.staffFreeAt ? Math.round((booking.staffFreeAt.getTime() - booking.endsAt.getTime()) / 60_000) : roster.bufferMinutes;
    const service = { id: booking.serviceId, durationMinutes: minutes, bufferMinutes: buffer };
    const span = { startsAt, endsAt: new Date(startsAt.getTime() + (minutes + buffer) * 60_000) };

    await lockCells(tx, span.startsAt, span.endsAt);
    await shareStylists(tx, [staffId], roster);
    const [present, off] = await Promise.all([
      occupancy(tx, { windows: [span], now, userId: booking.userId, exceptBookingId: booking.id }),
      timeOffIn(tx, [staffId], span),
    ]);
    const her = { ...stylist, services: [{ serviceId: booking.serviceId, durationMinutes: minutes }], timeOff: off.get(staffId) ?? [] };
    const check = checkStaffStart({ settings, service, stylists: [her], now, taken: present.occupied, startsAt, staffId });
    if (!check.ok) throw timeRefused(check.reason);
    const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
    const [other] = present.own.filter((v) => v.startsAt < endsAt && v.endsAt > startsAt);
    if (other) throw overlapRefused(other, settings.timeZone);
    await moveBookingTime(tx, booking.id, { startsAt, endsAt, stylist: { staffId, staffFreeAt: new Date(endsAt.getTime() + buffer * 60_000) } }, now);
  }

  /**
   * Cancels a confirmed booking and refunds its price. A customer may cancel her own up to the
   * salon's notice limit; an admin may cancel any.
   *
   * Decide, then refund (docs/decisions/032): the first transaction checks the booking under its
   * row lock and marks the cancellation as decided (cancel_requested_at). From that commit on, a
   * move, a completion or a no-show of the booking is refused, so nothing can change it between the
   * refund and its record. Then the processor refunds (PaymentService.refundBooking, with a key: a
   * repeated request refunds once), and a second transaction records the refund and frees the
   * slot. A request that dies after the refund leaves a decided cancellation, which the reconciler
   * finishes (finishDecidedCancellations). A refund the processor refuses leaves it decided too:
   * the answer (503) says so, and the reconciler retries.
   */
  async cancel(actor: Actor, bookingId: string): Promise<void> {
    const settings = await this.salonSettings();
    const decided = await withRetry(() =>
      this.db.transaction(async (tx) => {
        const row = await lockBookingWithPayment(tx, bookingId);
        if (!row || (actor.role !== 'admin' && row.booking.userId !== actor.id)) throw notFound('Booking');
        const { booking } = row;
        if (booking.status === 'cancelled') return undefined;
        if (booking.status !== 'confirmed') throw new HttpError(409, englishMessage(STATUS_REFUSALS.cancel, { status: booking.status }));
        // Already decided (a double click, or an earlier request whose refund failed): only the
        // refund and its record are left, whoever asks again.
        if (booking.cancelRequestedAt) return { ...row, refundMinor: booking.cancelRefundMinor ?? booking.onlineMinor };
        const now = await databaseNow(tx);
        // 'salon' when an admin cancels someone else's visit; an admin cancelling her own is a customer.
        const by = actor.role === 'admin' && booking.userId !== actor.id ? 'salon' : 'customer';
        const inTime = mayStillChange(booking.startsAt, now, settings.cancelNoticeHours);
        // Paid in full online, a late cancellation is the salon's to make (the spec's rule). With a
        // deposit (or nothing) paid she may cancel late herself: the deposit is what she gives up.
        if (by === 'customer' && actor.role !== 'admin' && !customerMayCancel(booking, inTime)) {
          throw new HttpError(409, englishMessage('Bookings can be cancelled up to {{count, number}} hours before they start.', { count: settings.cancelNoticeHours }));
        }
        const refundMinor = cancellationRefundMinor(booking, { by, inTime });
        await markCancelRequested(tx, bookingId, by, refundMinor, now);
        // Money taken at the counter goes back at the counter, recorded with the decision: from its
        // commit no counter payment can be added (recordCounterPayment refuses a decided
        // cancellation under this same row lock), so the sum read here is all she paid there. The
        // admin cancelling is the one handing it back, now; a customer's own cancellation leaves it
        // owed to her at the desk until the desk records giving it back (handBack, docs/decisions/048).
        const counterMinor = await counterPaidMinor(tx, bookingId);
        if (counterMinor > 0) {
          const atDesk = actor.role === 'admin';
          await insertCounterRefund(tx, { bookingId, amountMinor: counterMinor, handedBackBy: atDesk ? actor.id : null, handedBackAt: atDesk ? now : null });
        }
        return { ...row, refundMinor };
      }),
    );
    if (!decided) return;
    try {
      await this.refundAndRecordCancellation(bookingId, decided.payment.gatewayRef, decided.refundMinor);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      this.log.error({ err, bookingId }, 'a decided cancellation could not be refunded yet; the reconciler will retry');
      throw new HttpError(503, CANCEL_REFUND_DEFERRED_MESSAGE);
    }
  }

  /** The refund of a decided cancellation, then its record (once, whoever gets there first). */
  private async refundAndRecordCancellation(bookingId: string, ref: string, refundMinor: number) {
    const { timeZone } = await this.salonSettings();
    // A kept deposit, or a visit to be paid at the salon: nothing goes back through the processor.
    if (refundMinor > 0) await this.payments.refundBooking(bookingId, ref, refundMinor);
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        const row = await lockBookingWithPayment(tx, bookingId);
        if (!row || row.booking.status !== 'confirmed' || !row.booking.cancelRequestedAt) return;
        const now = await databaseNow(tx);
        await recordCancellation(tx, row, refundMinor, now);
        await this.notices.queue({ kind: 'cancelled', bookingId, by: row.booking.cancelRequestedBy ?? 'customer', refundedMinor: refundMinor }, tx);
        await this.waitlist.queueDay(salonDateOf(row.booking.startsAt, timeZone), tx);
      }),
    );
  }

  /**
   * The desk gives her back the counter money of a visit she cancelled online (docs/decisions/048):
   * recorded once, by the admin who pressed first (one conditional update). 404 when the booking
   * has no counter money to give back (or does not exist); 409 when it was given back already.
   */
  async handBack(bookingId: string, adminId: string): Promise<void> {
    const outcome = await markCounterRefundHandedBack(this.db, bookingId, adminId);
    if (outcome === 'none') throw new HttpError(404, NO_HAND_BACK_MESSAGE);
    if (outcome === 'already') throw new HttpError(409, HANDED_BACK_ALREADY_MESSAGE);
  }

  /**
   * Finishes cancellations decided by a request that died, or whose refund the processor refused,
   * a minute ago or earlier (a younger one is probably still in its request). Answers how many.
   */
  async finishDecidedCancellations(): Promise<number> {
    const pending = await decidedCancellations(this.db, this.payments.gateway.name);
    let finished = 0;
    for (const row of pending) {
      try {
        await this.refundAndRecordCancellation(row.bookingId, row.ref, row.refundMinor);
        finished += 1;
        this.log.warn({ bookingId: row.bookingId }, 'finished a decided cancellation');
      } catch (err) {
        this.log.error({ err, bookingId: row.bookingId }, 'a decided cancellation still cannot be refunded');
      }
    }
    return finished;
  }

  /**
   * The salon (or, with `stylistId`, the stylist whose visit it is) marks a confirmed booking that
   * has started as completed; marking it again changes nothing. Whose visit it is, is read under
   * the row lock: a reassignment committed first makes it another's (404 to her).
   */
  async complete(bookingId: string, stylistId?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking || (stylistId !== undefined && booking.staffId !== stylistId)) throw notFound('Booking');
      if (booking.status === 'completed') return;
      if (booking.status !== 'confirmed') throw new HttpError(409, englishMessage(STATUS_REFUSALS.complete, { status: booking.status }));
      if (booking.cancelRequestedAt) throw new HttpError(409, BOOKING_BEING_CANCELLED_MESSAGE);
      const now = await databaseNow(tx);
      if (booking.startsAt > now) throw new HttpError(409, 'A booking can be marked completed once its time has come.');
      // Only the call that moved it to completed gets here, and only the first completion asks for a
      // review: one request, however often it is marked (or undone and marked again).
      const { firstReviewRequest } = await completeBooking(tx, booking, now);
      if (firstReviewRequest) await this.notices.queue({ kind: 'review-request', bookingId }, tx);
    });
  }

  /** As complete(), for a visit whose customer did not come; marking it again changes nothing. */
  async noShow(bookingId: string, stylistId?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking || (stylistId !== undefined && booking.staffId !== stylistId)) throw notFound('Booking');
      if (booking.status === 'no-show') return;
      if (booking.status !== 'confirmed') throw new HttpError(409, englishMessage(STATUS_REFUSALS.noShow, { status: booking.status }));
      if (booking.cancelRequestedAt) throw new HttpError(409, BOOKING_BEING_CANCELLED_MESSAGE);
      const now = await databaseNow(tx);
      if (booking.startsAt > now) throw new HttpError(409, 'A booking can be marked a no-show once its time has come.');
      await setBookingStatus(tx, bookingId, 'no-show', now);
    });
  }

  /**
   * The salon takes back 'Mark completed' or 'No-show': the booking is confirmed again, as it was.
   * Only within REOPEN_WINDOW_HOURS of the mark, judged by the database's clock against the row's
   * updated_at (which the mark set, and which nothing changes afterwards on a completed or missed
   * visit).
   *
   * A no-show took no room (capacity counts confirmed and completed visits), so giving it its place
   * back locks its time cells and counts, as a hold or a move does (capacity.ts): if the salon has
   * since filled its chair, it stays a no-show. A completed visit already counts; nothing to check.
   *
   * The review request a completion queued is left alone: it is composed when it is sent, and a
   * request for a booking that is no longer completed is skipped then (jobs/notices.ts). One sent
   * before the undo stays sent; its link still works, since a confirmed visit whose time is over can
   * be reviewed (docs/decisions/031). Marked completed again, the visit asks for no second review
   * (bookings.review_requested_at, set by the first completion).
   */
  async reopen(bookingId: string): Promise<void> {
    const { capacity } = await this.salonSettings();
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        const booking = await lockBooking(tx, bookingId);
        if (!booking) throw notFound('Booking');
        if (booking.status !== 'completed' && booking.status !== 'no-show') {
          throw new HttpError(409, englishMessage(STATUS_REFUSALS.reopen, { status: booking.status }));
        }
        const now = await databaseNow(tx);
        if (now.getTime() - booking.updatedAt.getTime() > REOPEN_WINDOW_HOURS * 3600_000) {
          const template =
            booking.status === 'completed'
              ? 'A visit can be reopened up to {{count, number}} hours after it was marked completed.'
              : 'A visit can be reopened up to {{count, number}} hours after it was marked a no-show.';
          throw new HttpError(409, englishMessage(template, { count: REOPEN_WINDOW_HOURS }));
        }
        if (booking.status === 'no-show') {
          await lockCells(tx, booking.startsAt, booking.endsAt);
          const window = { startsAt: booking.startsAt, endsAt: booking.endsAt };
          if (!(await hasRoom(tx, window, capacity, now, { exceptBookingId: booking.id }))) {
            throw new HttpError(409, 'Its place has been given to another visit since it was marked a no-show.');
          }
        }
        await setBookingStatus(tx, booking.id, 'confirmed', now);
      }),
    );
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Notices } from '../jobs/notices.js';
import type { JobTransaction } from '../jobs/queue.js';
import type { Actor } from '../types.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { minutesOfDay } from '../../shared/salon-settings.js';
import { bookableDates, instantToZoned, isOpenDate, salonDateOf, salonDayStart, salonToday } from '../../shared/calendar.js';
import { fitsRange, type AdminWaitlist, type JoinWaitlistInput, type MyWishes } from '../../shared/waitlist.js';
import { HttpError, notFound } from '../http-error.js';
import { findService } from '../repositories/services.js';
import { rosterFor, type TeamRosterSource } from '../repositories/staff.js';
import { addToCart, removeFromCart, type HeldItem } from '../repositories/cart.js';
import {
  closePastWishes,
  dateOfWish,
  daysWithOpenWishes,
  insertWish,
  leaveWish,
  lockWaitingWishes,
  lockWaitlistDay,
  lockWish,
  recordOffer,
  settleOffers,
  untimedItemOf,
  wishesOfUser,
  wishesOnDate,
  type OpenWish,
} from '../repositories/waitlist.js';
import { openStarts } from './availability.js';
import { databaseNow } from './capacity.js';
import { holdTime } from './holds.js';
import { englishMessage } from '../../shared/i18n/message-templates.js';

/**
 * Where a place may have freed: the day's sweep is queued (booking-service.ts queues it in the
 * transaction of the cancellation or move that frees it, so it runs if and only if that commits).
 */
export interface WaitlistSweeps {
  queueDay(date: string, tx?: JobTransaction): Promise<void>;
}

/**
 * One reading point of a sweep: its `now`, per wish id the starts (epoch ms) that fitted it then,
 * and the length of each service waited for (read once, for both reads of its wishes).
 */
type ReadingPoint = { now: Date; starts: Map<string, Set<number>>; minutes: Map<string, number> };

/** A wish's candidates tried per sweep: the earliest starts, one after another if taken meanwhile. */
const STARTS_TRIED = 5;

/**
 * The waitlist (docs/decisions/045). A customer waits for a service on a day; when a place frees,
 * the first waiting wish it fits is offered it: a new item on her booking list holding that time
 * with the ordinary hold (holds.ts, capacity under the cell locks) for `waitlistOfferMinutes`,
 * checked out like any item. Unanswered, the hold lapses, the wish closes as lapsed and the next
 * sweep offers the place to the next in line.
 *
 * First come first served is decided in the database: a day's offers are made under that day's
 * lock (waitlist_days), so sweeps on two instances take turns and each sees the holds the other
 * made; the wishes are locked too (skip locked: one she is leaving is not waited for). The hold's
 * capacity check is the last guard: two holds can never take one place.
 */
export class WaitlistService {
  constructor(
    private readonly db: Db,
    private readonly notices: Notices,
    private readonly sweeps: WaitlistSweeps,
    private readonly log: FastifyBaseLogger,
    private readonly salonSettings: () => Promise<SalonSettings>,
    /** The cached team its holds take their roster from. */
    private readonly team: TeamRosterSource,
  ) {}

  /** Adds her wish (400 with the field at fault, 409 when she already waits for it that day). */
  async join(actor: Actor, input: JoinWaitlistInput): Promise<string> {
    const settings = await this.salonSettings();
    const service = await findService(this.db, input.serviceId);
    if (!service) throw notFound('Service');
    const { max } = bookableDates(settings);
    const today = salonToday(settings.timeZone);
    if (input.date < today) throw fieldProblem('date', 'That day has passed');
    if (input.date > max) throw fieldProblem('date', englishMessage('Bookings open {{count, number}} days ahead: pick a day up to {{date, date}}', { count: settings.horizonDays, date: max }));
    if (!isOpenDate(settings, input.date)) throw fieldProblem('date', 'The salon is closed that day');
    const staffId = input.staffId ?? null;
    if (staffId !== null) {
      const dayStart = salonDayStart(input.date, settings.timeZone);
      const roster = await rosterFor(this.db, input.serviceId, { startsAt: dayStart, endsAt: new Date(dayStart.getTime() + 24 * 3600_000) });
      if (!roster?.stylists.some((s) => s.id === staffId)) throw fieldProblem('staffId', 'This stylist does not do this service');
    }
    const id = await insertWish(this.db, {
      userId: actor.id,
      serviceId: input.serviceId,
      date: input.date,
      staffId,
      fromMinutes: input.from ? minutesOfDay(input.from) : null,
      toMinutes: input.to ? minutesOfDay(input.to) : null,
    });
    if (id === 'duplicate') throw new HttpError(409, 'You are already on the waitlist for this service that day.');
    // A time may be free already (or free up while she chose): the sweep offers it at once.
    await this.sweeps.queueDay(input.date);
    return id;
  }

  async mine(actor: Actor): Promise<MyWishes> {
    const { timeZone } = await this.salonSettings();
    return { timeZone, wishes: await wishesOfUser(this.db, actor.id, salonToday(timeZone)) };
  }

  /** Her own only: another's wish is not found (and stays as it was). */
  async leave(actor: Actor, wishId: string): Promise<void> {
    const outcome = await leaveWish(this.db, actor.id, wishId);
    if (!outcome) throw notFound('Waitlist entry');
  }

  async forDay(date: string): Promise<AdminWaitlist> {
    const { timeZone } = await this.salonSettings();
    return { timeZone, wishes: await wishesOnDate(this.db, date) };
  }

  /**
   * Offers each waiting wish of `date`, in queue order, the earliest free time that fits it.
   * Answers how many offers it made.
   */
  async sweepDay(date: string): Promise<number> {
    const settings = await this.salonSettings();
    return this.db.transaction(async (tx) => {
      await lockWaitlistDay(tx, date);
      await settleOffers(tx, date, settings.timeZone);
      const waiting = await lockWaitingWishes(tx, date);
      const atPoint = await this.readingPoint(waiting, settings);
      let made = 0;
      for (const wish of waiting) {
        if (await this.offerFirstFit(tx, wish, settings, atPoint)) made += 1;
      }
      return made;
    });
  }

  /** Queues a sweep of every day with an open wish (periodically: holds lapse by themselves; and after hours change). */
  async sweepAllDays(): Promise<void> {
    const today = salonToday((await this.salonSettings()).timeZone);
    await closePastWishes(this.db, today);
    for (const date of await daysWithOpenWishes(this.db, today)) await this.sweeps.queueDay(date);
  }

  /**
   * Opening hours, a stylist's hours, time off or services changed: places may have opened on any
   * day. Not part of the change's transaction (none of those queues anything); should the queueing
   * fail, the minute's periodic sweep finds the places, so the change itself is not refused.
   */
  async hoursChanged(): Promise<void> {
    await this.sweepAllDays().catch((err: unknown) => this.log.warn({ err }, 'could not queue the waitlist sweeps after a change of hours'));
  }

  /**
   * The salon offers a waiting wish `startsAt` by hand: the same hold and e-mail as the sweep's,
   * under the same day lock. A refused time is refused as a hold would be (409 and why).
   */
  async offerByHand(wishId: string, startsAt: Date): Promise<void> {
    const settings = await this.salonSettings();
    const date = await dateOfWish(this.db, wishId);
    if (!date) throw notFound('Waitlist entry');
    if (salonDateOf(startsAt, settings.timeZone) !== date) throw fieldProblem('startsAt', englishMessage('Pick a time on {{date, date}}, the day she waits for', { date }));
    await this.db.transaction(async (tx) => {
      await lockWaitlistDay(tx, date);
      await settleOffers(tx, date, settings.timeZone);
      const wish = await lockWish(tx, wishId);
      if (!wish) throw notFound('Waitlist entry');
      if (wish.status !== 'waiting') throw new HttpError(409, `This wish is ${wish.status}: only a waiting one can be offered a time.`);
      const item = await this.hold(wish, startsAt, settings);
      if (item instanceof HttpError) throw item;
      await this.record(tx, wish, item);
    });
  }

  /**
   * The starts that fit `wish` now and were free at the sweep's reading point too (`atPoint`):
   * read now, they leave out the holds this sweep made for the wishes before hers; kept to those of
   * the point, they leave out a place freed since. Read live alone, wish by wish, a place freed
   * between two reads (another release committing, a hold lapsing by the clock) was seen by the
   * later wish and not the earlier: the second in line got it while the first kept waiting. Now
   * every wish of a sweep is offered only what all of them could see, and a place freed later is
   * the next sweep's (its release queues one, a lapse is found by the minute's tick), which again
   * offers it in queue order.
   */
  private async offerFirstFit(tx: Db, wish: OpenWish, settings: SalonSettings, atPoint: ReadingPoint): Promise<boolean> {
    const seen = atPoint.starts.get(wish.id);
    if (!seen || seen.size === 0) return false;
    const fitting = (await this.fittingStarts(this.db, wish, atPoint.minutes.get(wish.serviceId)!, settings, atPoint.now)).filter((startsAt) =>
      seen.has(startsAt.getTime()),
    );
    for (const startsAt of fitting.slice(0, STARTS_TRIED)) {
      const item = await this.hold(wish, startsAt, settings);
      // Taken between the read and the hold (a customer booking it herself): the next start.
      if (item instanceof HttpError) continue;
      await this.record(tx, wish, item);
      return true;
    }
    return false;
  }

  /** The sweep's reading point: one `now`, and each waiting wish's fitting starts in one snapshot (repeatable read). */
  private async readingPoint(waiting: OpenWish[], settings: SalonSettings): Promise<ReadingPoint> {
    return this.db.transaction(
      async (snapshot) => {
        const now = await databaseNow(snapshot);
        const starts = new Map<string, Set<number>>();
        const minutes = new Map<string, number>();
        for (const wish of waiting) {
          if (!minutes.has(wish.serviceId)) {
            const service = await findService(snapshot, wish.serviceId);
            // A service deleted since she joined: nothing can be offered for it.
            if (!service) continue;
            minutes.set(wish.serviceId, service.duration);
          }
          const fitting = await this.fittingStarts(snapshot, wish, minutes.get(wish.serviceId)!, settings, now);
          starts.set(wish.id, new Set(fitting.map((d) => d.getTime())));
        }
        return { now, starts, minutes };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** The free starts of her wish's day that fit her range, earliest first, for a visit of `durationMinutes`. */
  private async fittingStarts(db: Db, wish: OpenWish, durationMinutes: number, settings: SalonSettings, now: Date): Promise<Date[]> {
    const starts = await openStarts(db, {
      serviceId: wish.serviceId,
      durationMinutes,
      date: wish.date,
      settings,
      now,
      userId: wish.userId,
      staffId: wish.staffId,
    });
    return starts
      .filter((s) => fitsRange(wish, minutesOfDay(instantToZoned(s.startsAt, settings.timeZone).time), durationMinutes))
      .map((s) => s.startsAt);
  }

  /**
   * Her booking-list item holding `startsAt` for the offer's minutes: the one of that service she
   * has with no time (she joined from its picker), else a new one. The ordinary hold, decided under
   * the cell locks in its own transaction; a refused time leaves her list as it was (an item added
   * for it is removed again) and answers the refusal.
   */
  private async hold(wish: OpenWish, startsAt: Date, settings: SalonSettings): Promise<HeldItem | HttpError> {
    let itemId = await untimedItemOf(this.db, wish.userId, wish.serviceId);
    const added = itemId === undefined;
    if (itemId === undefined) {
      const outcome = await addToCart(this.db, wish.userId, wish.serviceId);
      if (outcome === 'full') return new HttpError(409, 'Her booking list is full.');
      if (typeof outcome !== 'object') return new HttpError(409, 'The service cannot be booked.');
      itemId = outcome.insertedId;
    }
    try {
      return await holdTime(this.db, {
        userId: wish.userId,
        itemId,
        startsAt,
        staffId: wish.staffId,
        settings: { ...settings, holdMinutes: settings.waitlistOfferMinutes },
        team: this.team,
      });
    } catch (err) {
      if (added) await removeFromCart(this.db, wish.userId, itemId);
      if (err instanceof HttpError) return err;
      throw err;
    }
  }

  private async record(tx: Db, wish: OpenWish, item: HeldItem): Promise<void> {
    await recordOffer(tx, wish.id, { itemId: item.id, startsAt: item.startsAt!, expiresAt: item.holdExpiresAt! });
    await this.notices.queue({ kind: 'waitlist-offer', wishId: wish.id }, tx);
    this.log.info({ wishId: wish.id, startsAt: item.startsAt }, 'waitlist offer made');
  }
}

function fieldProblem(path: string, message: string): HttpError {
  return new HttpError(400, message, [{ path, message }]);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The waitlist: wishes, the sweep of a day's freed places, the salon's offers by hand. */
    waitlist: WaitlistService;
  }
}

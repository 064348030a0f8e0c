import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { PipelinedTransaction } from '../db/pipelined.js';
import { bookings, cartItems, counterPayments, services, staff, staffHours, staffServices, staffTimeOff, user, userProfiles } from '../db/schema.js';
import type { ConflictingBooking, Staff, StaffDetail, StaffService, StaffVisit, TimeOff, WeeklyHours } from '../../shared/staff.js';
import { minutesOfDay } from '../../shared/salon-settings.js';
import { wallClockTime } from '../../shared/calendar.js';
import { STAFF_CHANNEL } from '../change-cache.js';
import { fragment, statement, verbatim, type Fragment } from './prepared.js';
import { lockCellsText } from '../booking/capacity.js';
import { insideHours, type ShiftSpan, type Stylist } from '../booking/staff-slots.js';
import { findUserByEmail } from './users.js';
import { fromMinorUnits } from '../../shared/money.js';

/**
 * Every instance drops its cached team (the public list and the roster holds take: who, what, her
 * hours and time off) when the transaction that changed it commits.
 */
async function announceTeamChange(tx: Db) {
  await tx.execute(sql`select pg_notify(${STAFF_CHANNEL}, '')`);
}

type StaffRow = typeof staff.$inferSelect;

/** Bookings that still take her time: paid or waiting for payment, not cancelled nor done. */
const OPEN_BOOKING_STATUSES = ['pending', 'confirmed'] as const;

function toStaffDto(row: StaffRow, list: StaffService[]): Staff {
  return { _id: row.id, name: row.name, photo_url: row.photoUrl, bio: row.bio, serviceIds: list.map((s) => s.serviceId) };
}

/** Her services still in the catalogue (a deleted service drops out of what she does). */
async function servicesOf(db: Db, staffIds: string[]): Promise<Map<string, StaffService[]>> {
  const byStaff = new Map<string, StaffService[]>();
  if (staffIds.length === 0) return byStaff;
  const rows = await db
    .select({ staffId: staffServices.staffId, serviceId: staffServices.serviceId, duration: staffServices.durationMinutes })
    .from(staffServices)
    .innerJoin(services, eq(services.id, staffServices.serviceId))
    .where(and(inArray(staffServices.staffId, staffIds), isNull(services.deletedAt)))
    .orderBy(asc(services.createdAt), asc(services.id));
  for (const row of rows) {
    const list = byStaff.get(row.staffId) ?? [];
    list.push({ serviceId: row.serviceId, duration: row.duration });
    byStaff.set(row.staffId, list);
  }
  return byStaff;
}

/** The active stylists, in the order the salon added them. */
export async function listActiveStaff(db: Db): Promise<Staff[]> {
  const rows = await db.select().from(staff).where(isNull(staff.retiredAt)).orderBy(asc(staff.createdAt), asc(staff.id));
  const byStaff = await servicesOf(db, rows.map((r) => r.id));
  return rows.map((row) => toStaffDto(row, byStaff.get(row.id) ?? []));
}

/** The retired stylists, the latest retired first: the admin may bring one back. */
export async function listRetiredStaff(db: Db): Promise<Staff[]> {
  const rows = await db.select().from(staff).where(isNotNull(staff.retiredAt)).orderBy(desc(staff.retiredAt), asc(staff.id));
  const byStaff = await servicesOf(db, rows.map((r) => r.id));
  return rows.map((row) => toStaffDto(row, byStaff.get(row.id) ?? []));
}

/** One active stylist as the admin edits her; undefined when unknown or retired. */
export async function findStaff(db: Db, id: string): Promise<StaffDetail | undefined> {
  const [found] = await db
    .select({ row: staff, accountEmail: user.email })
    .from(staff)
    .leftJoin(user, eq(user.id, staff.userId))
    .where(and(eq(staff.id, id), isNull(staff.retiredAt)));
  if (!found) return undefined;
  const list = (await servicesOf(db, [id])).get(id) ?? [];
  return { ...toStaffDto(found.row, list), services: list, retired: false, accountEmail: found.accountEmail };
}

/** The demo team's stylist of this name gets this account, when she has none (a salon without her: nothing). */
export async function linkDemoStylist(db: Db, name: string, userId: string): Promise<void> {
  await db.update(staff).set({ userId }).where(and(eq(staff.name, name), isNull(staff.userId), isNull(staff.retiredAt)));
}

/** The active stylist this account is, if any: she sees her own day and marks her visits. */
export async function stylistOfUser(db: Db, userId: string): Promise<{ _id: string; name: string } | undefined> {
  const [row] = await db
    .select({ _id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.userId, userId), isNull(staff.retiredAt)));
  return row;
}

/** Her visits starting in [from, to): no money and no e-mail, only what she needs at her chair. */
export async function visitsOfStylist(db: Db, staffId: string, from: Date, to: Date, now: Date): Promise<StaffVisit[]> {
  return readVisits(db, now, and(eq(bookings.staffId, staffId), gte(bookings.startsAt, from), lt(bookings.startsAt, to)));
}

/** One visit of hers as she sees it; undefined when it is not hers (or not there). */
export async function visitOfStylist(db: Db, staffId: string, bookingId: string, now: Date): Promise<StaffVisit | undefined> {
  const [visit] = await readVisits(db, now, and(eq(bookings.staffId, staffId), eq(bookings.id, bookingId)));
  return visit;
}

async function readVisits(db: Db, now: Date, where: SQL | undefined): Promise<StaffVisit[]> {
  const rows = await db
    .select({
      id: bookings.id,
      serviceId: bookings.serviceId,
      title: services.title,
      titleBn: services.titleBn,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      staffFreeAt: bookings.staffFreeAt,
      status: bookings.status,
      cancelRequestedAt: bookings.cancelRequestedAt,
      customer: user.name,
      phone: userProfiles.phone,
      // What is left to take at her chair: the price less what was paid online and at the counter.
      dueMinor: sql<number>`${bookings.priceMinor} - (${bookings.onlineMinor} - ${bookings.refundedMinor})
        - coalesce((select sum(cp.amount_minor) from ${counterPayments} cp where cp.booking_id = ${bookings.id}), 0)`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(user, eq(user.id, bookings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, bookings.userId))
    .where(
      and(
        where,
        // Hers to see: paid visits and what became of them; a cancelled one no longer takes her time.
        inArray(bookings.status, ['confirmed', 'completed', 'no-show']),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  return rows.map((row) => ({
    _id: row.id,
    serviceId: row.serviceId,
    title: row.title,
    title_bn: row.titleBn,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    staffFreeAt: row.staffFreeAt ? row.staffFreeAt.toISOString() : null,
    status: row.status,
    customer: { name: row.customer, phone: row.phone },
    canComplete: row.status === 'confirmed' && row.cancelRequestedAt === null && row.startsAt <= now,
    // A no-show owes nothing more (a deposit paid is kept); the rest is collected at the visit.
    due: row.status === 'no-show' ? 0 : fromMinorUnits(Math.max(0, row.dueMinor)),
  }));
}

/**
 * Links her to the account with this e-mail (null unlinks). Answers 'unknown-account' when no
 * live account has it, or the other stylist's name when the account is already hers.
 */
export async function linkAccount(
  tx: Db,
  staffId: string,
  email: string | null,
): Promise<{ kind: 'linked'; changed: boolean } | { kind: 'unknown-account' } | { kind: 'taken'; by: string }> {
  const [current] = await tx.select({ userId: staff.userId }).from(staff).where(eq(staff.id, staffId));
  if (email === null) {
    if (current?.userId === null) return { kind: 'linked', changed: false };
    await tx.update(staff).set({ userId: null }).where(eq(staff.id, staffId));
    return { kind: 'linked', changed: true };
  }
  // A deleted account's tombstone is no account: findUserByEmail leaves it out.
  const account = await findUserByEmail(tx, email);
  if (!account) return { kind: 'unknown-account' };
  if (current?.userId === account._id) return { kind: 'linked', changed: false };
  const [other] = await tx.select({ name: staff.name }).from(staff).where(eq(staff.userId, account._id));
  if (other) return { kind: 'taken', by: other.name };
  await tx.update(staff).set({ userId: account._id }).where(eq(staff.id, staffId));
  return { kind: 'linked', changed: true };
}

/** The ids among these that are not live services (unknown or deleted). */
export async function missingServiceIds(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: services.id })
    .from(services)
    .where(and(inArray(services.id, ids), isNull(services.deletedAt)));
  const live = new Set(found.map((r) => r.id));
  return ids.filter((id) => !live.has(id));
}

export type StaffFields = { name: string; bio: string; photo_url: string | null; services: StaffService[]; accountEmail: string | null };

/** Why her account could not be linked: the whole write is undone and the route says why. */
export type AccountRefusal = { kind: 'unknown-account' } | { kind: 'taken'; by: string };

class AccountRefused extends Error {
  constructor(readonly refusal: AccountRefusal) {
    super(refusal.kind);
  }
}

/** Links (or unlinks) her account inside the write; a refusal rolls the whole write back. */
async function linkOrRefuse(tx: Db, staffId: string, email: string | null): Promise<boolean> {
  const outcome = await linkAccount(tx, staffId, email);
  if (outcome.kind !== 'linked') throw new AccountRefused(outcome);
  return outcome.changed;
}

async function refusalOr<T>(write: () => Promise<T>): Promise<T | AccountRefusal> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof AccountRefused) return err.refusal;
    throw err;
  }
}

async function replaceServices(tx: Db, staffId: string, list: StaffService[]) {
  await tx.delete(staffServices).where(eq(staffServices.staffId, staffId));
  if (list.length > 0) {
    await tx.insert(staffServices).values(list.map((s) => ({ staffId, serviceId: s.serviceId, durationMinutes: s.duration })));
  }
}

export async function createStaff(db: Db, fields: StaffFields): Promise<{ kind: 'created'; id: string } | AccountRefusal> {
  return refusalOr(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({ name: fields.name, bio: fields.bio, photoUrl: fields.photo_url })
        .returning({ id: staff.id });
      await replaceServices(tx, row!.id, fields.services);
      if (fields.accountEmail !== null) await linkOrRefuse(tx, row!.id, fields.accountEmail);
      await announceTeamChange(tx);
      return { kind: 'created' as const, id: row!.id };
    }),
  );
}

/**
 * Answers 1 when she changed, 0 when she already had these values, undefined when unknown or
 * retired, or why her account could not be linked (then nothing changed).
 */
export async function updateStaff(db: Db, id: string, fields: Partial<StaffFields>): Promise<number | undefined | AccountRefusal> {
  return refusalOr(() => db.transaction(async (tx) => {
    const [current] = await tx.select().from(staff).where(and(eq(staff.id, id), isNull(staff.retiredAt))).for('update');
    if (!current) return undefined;
    const changes = {
      ...(fields.name !== undefined && { name: fields.name }),
      ...(fields.bio !== undefined && { bio: fields.bio }),
      ...(fields.photo_url !== undefined && { photoUrl: fields.photo_url }),
    };
    let differs = (Object.keys(changes) as (keyof typeof changes)[]).some((key) => changes[key] !== current[key]);
    if (fields.services !== undefined) {
      const before = (await servicesOf(tx, [id])).get(id) ?? [];
      const key = (list: StaffService[]) => JSON.stringify([...list].sort((a, b) => a.serviceId.localeCompare(b.serviceId)).map((s) => [s.serviceId, s.duration]));
      if (key(before) !== key(fields.services)) {
        differs = true;
        await replaceServices(tx, id, fields.services);
      }
    }
    if (fields.accountEmail !== undefined && (await linkOrRefuse(tx, id, fields.accountEmail))) differs = true;
    if (!differs) return 0;
    await tx.update(staff).set({ ...changes, updatedAt: new Date() }).where(eq(staff.id, id));
    await announceTeamChange(tx);
    return 1;
  }));
}

/**
 * Retires her: she leaves the public list and takes no new work; the row stays, with her bookings
 * pointing at it. Answers 0 when unknown or already retired.
 */
export async function retireStaff(db: Db, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const retired = await tx
      .update(staff)
      .set({ retiredAt: new Date(), updatedAt: new Date() })
      .where(and(eq(staff.id, id), isNull(staff.retiredAt)))
      .returning({ id: staff.id });
    if (retired.length > 0) await announceTeamChange(tx);
    return retired.length;
  });
}

/**
 * Brings a retired stylist back to the team with her services, hours and time off as she left
 * them. Answers 1 when she came back, 0 when she was not retired, undefined when unknown.
 */
export async function reinstateStaff(db: Db, id: string): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ retiredAt: staff.retiredAt }).from(staff).where(eq(staff.id, id)).for('update');
    if (!current) return undefined;
    if (current.retiredAt === null) return 0;
    await tx.update(staff).set({ retiredAt: null, updatedAt: new Date() }).where(eq(staff.id, id));
    await announceTeamChange(tx);
    return 1;
  });
}

export async function getWeeklyHours(db: Db, staffId: string): Promise<WeeklyHours> {
  const rows = await db
    .select()
    .from(staffHours)
    .where(eq(staffHours.staffId, staffId))
    .orderBy(asc(staffHours.weekday), asc(staffHours.startMinute));
  const days: WeeklyHours['days'] = Array.from({ length: 7 }, () => []);
  for (const row of rows) days[row.weekday]!.push({ start: wallClockTime(row.startMinute), end: wallClockTime(row.endMinute) });
  return { days };
}

/** Replaces her whole week; answers false when she is unknown or retired. */
export type HoursResult = { kind: 'saved' } | { kind: 'not-found' } | { kind: 'conflict'; bookings: ConflictingBooking[] } | { kind: 'held'; until: Date };

/**
 * Replaces her week unless it would leave one of her open bookings still ahead outside her hours
 * (then nothing is written and those bookings are answered, for the admin to move or cancel first,
 * as with time off) or a customer holds her at such a time right now.
 */
export async function replaceWeeklyHours(db: Db, staffId: string, hours: WeeklyHours, timeZone: string): Promise<HoursResult> {
  return db.transaction(async (tx) => {
    // The row lock orders two concurrent saves of her week (the later one wins whole) and waits for
    // holds in progress, which share it (holdWithStylist), so none slips in outside the new hours.
    const [current] = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.id, staffId), isNull(staff.retiredAt))).for('update');
    if (!current) return { kind: 'not-found' };
    const ahead = await tx
      .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt, title: bookings.title, customer: user.name })
      .from(bookings)
      .innerJoin(user, eq(user.id, bookings.userId))
      .where(and(eq(bookings.staffId, staffId), inArray(bookings.status, [...OPEN_BOOKING_STATUSES]), gt(bookings.endsAt, sql`now()`)))
      .orderBy(asc(bookings.startsAt));
    const outside = ahead.filter((b) => !insideHours(hours.days, b, timeZone));
    if (outside.length > 0) {
      return {
        kind: 'conflict',
        bookings: outside.map((b) => ({ _id: b.id, startsAt: b.startsAt.toISOString(), endsAt: b.endsAt.toISOString(), service: b.title, customer: b.customer })),
      };
    }
    const holds = await tx
      .select({ startsAt: cartItems.startsAt, endsAt: cartItems.endsAt, until: cartItems.holdExpiresAt })
      .from(cartItems)
      .where(and(eq(cartItems.staffId, staffId), gt(cartItems.holdExpiresAt, sql`now()`), isNotNull(cartItems.startsAt), isNotNull(cartItems.endsAt)));
    const heldOutside = holds.filter((h) => !insideHours(hours.days, { startsAt: h.startsAt!, endsAt: h.endsAt! }, timeZone));
    if (heldOutside.length > 0) return { kind: 'held', until: new Date(Math.max(...heldOutside.map((h) => h.until!.getTime()))) };
    await tx.delete(staffHours).where(eq(staffHours.staffId, staffId));
    // A new version of her row: a hold that read her old hours is decided again (shareStylists).
    await tx.update(staff).set({ updatedAt: sql`clock_timestamp()` }).where(eq(staff.id, staffId));
    const rows = hours.days.flatMap((spans, weekday) =>
      spans.map((span) => ({ staffId, weekday, startMinute: minutesOfDay(span.start), endMinute: minutesOfDay(span.end) })),
    );
    if (rows.length > 0) await tx.insert(staffHours).values(rows);
    await announceTeamChange(tx);
    return { kind: 'saved' };
  });
}

function toTimeOffDto(row: typeof staffTimeOff.$inferSelect): TimeOff {
  return { _id: row.id, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), note: row.note };
}

/** Her time off that has not ended yet, soonest first. */
export async function listTimeOff(db: Db, staffId: string): Promise<TimeOff[]> {
  const rows = await db
    .select()
    .from(staffTimeOff)
    .where(and(eq(staffTimeOff.staffId, staffId), gt(staffTimeOff.endsAt, sql`now()`)))
    .orderBy(asc(staffTimeOff.startsAt));
  return rows.map(toTimeOffDto);
}

export type TimeOffResult =
  | { kind: 'added'; timeOff: TimeOff }
  | { kind: 'not-found' }
  | { kind: 'conflict'; bookings: ConflictingBooking[] }
  | { kind: 'held'; until: Date };

/**
 * Adds time off unless one of her open bookings overlaps it (then nothing is written and those
 * bookings are answered, for the admin to move or cancel first) or a customer holds her then (a
 * checkout under way: answered with when the last such hold lapses). Her row is locked `for
 * update`: a hold with her locks it `for share` before it reads her time off (booking/holds.ts), so
 * the two are ordered, and each sees what the other committed.
 */
export async function addTimeOff(db: Db, staffId: string, range: { startsAt: Date; endsAt: Date; note: string }): Promise<TimeOffResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.id, staffId), isNull(staff.retiredAt))).for('update');
    if (!current) return { kind: 'not-found' } as const;
    const clashes = await tx
      .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt, title: bookings.title, customer: user.name })
      .from(bookings)
      .innerJoin(user, eq(user.id, bookings.userId))
      .where(
        and(
          eq(bookings.staffId, staffId),
          inArray(bookings.status, [...OPEN_BOOKING_STATUSES]),
          lt(bookings.startsAt, range.endsAt),
          gt(bookings.endsAt, range.startsAt),
        ),
      )
      .orderBy(asc(bookings.startsAt));
    if (clashes.length > 0) {
      return {
        kind: 'conflict',
        bookings: clashes.map((b) => ({ _id: b.id, startsAt: b.startsAt.toISOString(), endsAt: b.endsAt.toISOString(), service: b.title, customer: b.customer })),
      } as const;
    }
    const [held] = await tx
      .select({ until: sql<Date | string>`max(${cartItems.holdExpiresAt})` })
      .from(cartItems)
      .where(
        and(
          eq(cartItems.staffId, staffId),
          gt(cartItems.holdExpiresAt, sql`now()`),
          lt(cartItems.startsAt, range.endsAt),
          gt(cartItems.endsAt, range.startsAt),
        ),
      );
    if (held?.until) return { kind: 'held', until: new Date(held.until) } as const;
    const [row] = await tx.insert(staffTimeOff).values({ staffId, ...range }).returning();
    await announceTeamChange(tx);
    return { kind: 'added', timeOff: toTimeOffDto(row!) } as const;
  });
}

export async function removeTimeOff(db: Db, staffId: string, timeOffId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(staffTimeOff)
      .where(and(eq(staffTimeOff.id, timeOffId), eq(staffTimeOff.staffId, staffId)))
      .returning({ id: staffTimeOff.id });
    if (removed.length > 0) await announceTeamChange(tx);
    return removed.length;
  });
}

/** True when she is a stylist the admin can still edit (known, not retired). */
export async function staffIsActive(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.id, id), isNull(staff.retiredAt)));
  return row !== undefined;
}

/** The stylists who could do one service, as the slot engine (booking/staff-slots.ts) takes them. */
export type Roster = {
  /** Active stylists in the salon; none means the salon books chairs alone, as before stylists. */
  teamSize: number;
  /** The service's length in the catalogue and its buffer after a visit (services.buffer_minutes). */
  serviceMinutes: number;
  bufferMinutes: number;
  /** The active stylists who perform it, in the Team page's order, with their time off in the window. */
  stylists: Stylist[];
  /**
   * Each stylist's row version (updated_at) as read: a decision compares it with the row it locks
   * (shareStylists), so hours changed in between are never decided on (docs/decisions/039).
   */
  versions: Map<string, string>;
};

type RosterRow = {
  service_id: string;
  team_size: number;
  duration: number;
  buffer: number;
  /** Null: the roster is read for a service (a hold's item comes with its own read, ITEM_TO_HOLD). */
  staff_id: string | null;
  now: string | Date;
  stylists: { id: string; name: string; duration: number | null; version: string; hours: [number, number, number][]; off: [string, string][] }[];
};

type RosterParams = { from: string; to: string };

/**
 * Who could do the service `svc` names (a `with` part: id, duration, buffer, staff_id), in one
 * statement: each active stylist who performs it, with her own duration, her weekly hours, and her
 * time off overlapping [from, to). Her time off is read again under a decision's locks (timeOffIn).
 */
function rosterOfService<P extends RosterParams>(svc: Fragment<P>) {
  return fragment<P>`
  with svc (id, duration, buffer, staff_id) as (${svc})
  select svc.id as service_id, svc.duration, svc.buffer, svc.staff_id, now() as now,
    (select count(*)::int from staff where retired_at is null) as team_size,
    coalesce((
      select json_agg(json_build_object(
        'id', st.id, 'name', st.name, 'duration', ss.duration_minutes, 'version', st.updated_at::text,
        'hours', (select coalesce(json_agg(json_build_array(h.weekday, h.start_minute, h.end_minute) order by h.weekday, h.start_minute), '[]'::json)
                  from staff_hours h where h.staff_id = st.id),
        'off', (select coalesce(json_agg(json_build_array(o.starts_at, o.ends_at) order by o.starts_at), '[]'::json)
                from staff_time_off o where o.staff_id = st.id and o.ends_at > ${'from'}::timestamptz and o.starts_at < ${'to'}::timestamptz)
      ) order by st.created_at, st.id)
      from staff st join staff_services ss on ss.staff_id = st.id and ss.service_id = svc.id
      where st.retired_at is null), '[]'::json) as stylists
  from svc`;
}

const ROSTER = statement<RosterParams & { serviceId: string }, RosterRow>('parlour_roster')`${rosterOfService<RosterParams & { serviceId: string }>(
  fragment`select id, duration_minutes, buffer_minutes, null::uuid from services where id = ${'serviceId'}::uuid`,
)}`;

/** The roster of a service (undefined when there is no such service). */
export async function rosterFor(db: Db, serviceId: string, window: { startsAt: Date; endsAt: Date }): Promise<Roster | undefined> {
  const [row] = await ROSTER.run(db, { serviceId, from: window.startsAt.toISOString(), to: window.endsAt.toISOString() });
  return row && rosterOf(row);
}

/**
 * The whole active team as holds read it, kept in memory by a ChangeCache on the team's channel
 * (app.ts): each stylist's row version, the services she does (live ones, with her own length),
 * her weekly hours and her time off not yet over. Nothing in it is trusted for a decision on its
 * own (docs/decisions/049): her row's version is compared under the hold's lock, her time off read
 * again there, and the team's size read with the item.
 */
export type TeamRoster = {
  stylists: {
    id: string;
    name: string;
    version: string;
    weeklyHours: ShiftSpan[][];
    timeOff: { startsAt: Date; endsAt: Date }[];
    /** Service id to her own length for it (null: the catalogue's). */
    services: Map<string, number | null>;
  }[];
};

/** Where the cached team comes from and how a hold that found it stale drops it. */
export type TeamRosterSource = { get(): Promise<TeamRoster>; invalidate(): void };

type TeamRow = {
  stylists: { id: string; name: string; version: string; services: [string, number | null][]; hours: [number, number, number][]; off: [string, string][] }[];
};

const TEAM_ROSTER = statement<Record<string, never>, TeamRow>('parlour_team_roster')`
  select coalesce(json_agg(json_build_object(
    'id', st.id, 'name', st.name, 'version', st.updated_at::text,
    'services', (select coalesce(json_agg(json_build_array(ss.service_id, ss.duration_minutes)), '[]'::json)
                 from staff_services ss join services s on s.id = ss.service_id where ss.staff_id = st.id and s.deleted_at is null),
    'hours', (select coalesce(json_agg(json_build_array(h.weekday, h.start_minute, h.end_minute) order by h.weekday, h.start_minute), '[]'::json)
              from staff_hours h where h.staff_id = st.id),
    'off', (select coalesce(json_agg(json_build_array(o.starts_at, o.ends_at) order by o.starts_at), '[]'::json)
            from staff_time_off o where o.staff_id = st.id and o.ends_at > now())
  ) order by st.created_at, st.id), '[]'::json) as stylists
  from staff st where st.retired_at is null`;

/** The active team with everything a hold's roster takes from it (see TeamRoster). */
export async function loadTeamRoster(db: Db): Promise<TeamRoster> {
  const [row] = await TEAM_ROSTER.run(db, {});
  return {
    stylists: (row?.stylists ?? []).map((s) => ({
      id: s.id,
      name: s.name,
      version: s.version,
      weeklyHours: weekOf(s.hours),
      timeOff: s.off.map(([startsAt, endsAt]) => ({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) })),
      services: new Map(s.services),
    })),
  };
}

type ItemRow = { service_id: string; duration: number; buffer: number; staff_id: string | null; now: string | Date; team_size: number };

/**
 * Her booking-list item's live service with its length and buffer, the item's stylist, the
 * database's clock and how many stylists are active: where a hold starts, the rest of its roster
 * coming from the cached team.
 */
const ITEM_TO_HOLD = statement<{ itemId: string; userId: string }, ItemRow>('parlour_item_to_hold')`
  select s.id as service_id, s.duration_minutes as duration, s.buffer_minutes as buffer, c.staff_id, now() as now,
    (select count(*)::int from staff where retired_at is null) as team_size
  from cart_items c join services s on s.id = c.service_id
  where c.id = ${'itemId'}::uuid and c.user_id = ${'userId'}::uuid and s.deleted_at is null`;

export type ItemRoster = Roster & { serviceId: string; itemStaffId: string | null; now: Date };

/**
 * The roster of her item's service, with the item's stylist and the database's clock; undefined
 * when the item is not hers or its service is gone. The stylists come from the cached team: when
 * its size is not the database's (one added, retired or back), or `staffId` is not among those who
 * do the service, the team is read again first, so a stale copy never refuses what the database
 * would allow nor leaves a new stylist out of the choice for long.
 */
export async function rosterOfItem(
  db: Db,
  team: TeamRosterSource,
  item: { itemId: string; userId: string; staffId: string | null },
  window: { startsAt: Date; endsAt: Date },
): Promise<ItemRoster | undefined> {
  const [[row], cached] = await Promise.all([ITEM_TO_HOLD.run(db, item), team.get()]);
  if (!row) return undefined;
  let roster = rosterFromTeam(cached, row, window);
  if (roster.teamSize !== row.team_size || (item.staffId !== null && !roster.stylists.some((s) => s.id === item.staffId))) {
    team.invalidate();
    roster = rosterFromTeam(await team.get(), row, window);
  }
  return { ...roster, teamSize: row.team_size, serviceId: row.service_id, itemStaffId: row.staff_id, now: new Date(row.now) };
}

/** The roster of one service from the cached team: those who do it, their time off in the window. */
function rosterFromTeam(team: TeamRoster, service: { service_id: string; duration: number; buffer: number }, window: { startsAt: Date; endsAt: Date }): Roster {
  const serviceId = service.service_id;
  const doing = team.stylists.filter((s) => s.services.has(serviceId));
  return {
    teamSize: team.stylists.length,
    serviceMinutes: service.duration,
    bufferMinutes: service.buffer,
    versions: new Map(doing.map((s) => [s.id, s.version])),
    stylists: doing.map((s) => ({
      id: s.id,
      name: s.name,
      weeklyHours: s.weeklyHours,
      timeOff: s.timeOff.filter((o) => o.endsAt > window.startsAt && o.startsAt < window.endsAt),
      services: [{ serviceId, durationMinutes: s.services.get(serviceId) ?? null }],
    })),
  };
}

function weekOf(hours: [number, number, number][]): ShiftSpan[][] {
  const weeklyHours: ShiftSpan[][] = Array.from({ length: 7 }, () => []);
  for (const [weekday, start, end] of hours) weeklyHours[weekday]!.push({ start: wallClockTime(start), end: wallClockTime(end) });
  return weeklyHours;
}

function rosterOf(row: RosterRow): Roster {
  const serviceId = row.service_id;
  return {
    teamSize: row.team_size,
    serviceMinutes: row.duration,
    bufferMinutes: row.buffer,
    versions: new Map(row.stylists.map((s) => [s.id, s.version])),
    stylists: row.stylists.map((s) => ({
      id: s.id,
      name: s.name,
      weeklyHours: weekOf(s.hours),
      timeOff: s.off.map(([startsAt, endsAt]) => ({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) })),
      services: [{ serviceId, durationMinutes: s.duration }],
    })),
  };
}

type Window = { startsAt: Date; endsAt: Date };
type TimeOffRow = { staff_id: string; starts_at: string | Date; ends_at: string | Date };

/** Prepared (prepared.ts): every hold with a stylist sends it, once its cells are locked. */
const TIME_OFF_IN = statement<{ ids: string[]; start: string; end: string }, TimeOffRow>('parlour_time_off_in')`
  select staff_id, starts_at, ends_at from staff_time_off
  where staff_id = any(${'ids'}::uuid[]) and starts_at < ${'end'}::timestamptz and ends_at > ${'start'}::timestamptz`;

/** The time off of `staffIds` overlapping the window, by stylist: read again under a decision's cell locks. */
export async function timeOffIn(db: Db, staffIds: string[], window: Window): Promise<Map<string, Window[]>> {
  if (staffIds.length === 0) return new Map();
  return timeOffByStaff(await TIME_OFF_IN.run(db, timeOffParams(staffIds, window)));
}

function timeOffParams(staffIds: string[], window: Window) {
  return { ids: staffIds, start: window.startsAt.toISOString(), end: window.endsAt.toISOString() };
}

function timeOffByStaff(rows: readonly TimeOffRow[]): Map<string, Window[]> {
  const byStaff = new Map<string, Window[]>();
  for (const row of rows) {
    const list = byStaff.get(row.staff_id) ?? [];
    list.push({ startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) });
    byStaff.set(row.staff_id, list);
  }
  return byStaff;
}

const SHARE_STYLISTS = statement<{ ids: string[] }, { id: string; version: string }>('parlour_share_stylists')`
  select id, updated_at::text as version from staff where id = any(${'ids'}::uuid[]) order by id for share`;

/**
 * Locks the stylists' rows `for share` until the transaction ends: taken by a hold before it reads
 * their time off, so time off being added (addTimeOff locks her row `for update`) is either in
 * what the hold reads or waits for the hold and then counts it. A change of her hours or services
 * (which locks her row `for update` and moves updated_at) committed after the roster was read
 * shows as another version than the roster's: the decision is then remade (StaleRoster).
 */
export async function shareStylists(tx: Db, staffIds: string[], roster: Pick<Roster, 'versions'>): Promise<void> {
  if (staffIds.length === 0) return;
  checkVersions(await SHARE_STYLISTS.run(tx, { ids: staffIds }), roster);
}

type LockAndShare = { ids: string[]; start: string; end: string };

/**
 * lockCells over [start, end) and shareStylists in one statement: the cells (a `with` part the
 * query does not read, which PostgreSQL runs to completion all the same) and the rows. No writer
 * takes a stylist's row `for update` and then a cell, so the two kinds of lock cannot deadlock
 * whichever is taken first; a deadlock among cells is retried as ever (withRetry).
 */
const LOCK_AND_SHARE = statement<LockAndShare, { id: string; version: string }>('parlour_lock_and_share')`
  with v (starts_at, ends_at, staff_free_at) as (select ${'start'}::timestamptz, ${'end'}::timestamptz, null::timestamptz),
    cells as (${verbatim(lockCellsText('v'))} returning 1)
  select id, updated_at::text as version from staff where id = any(${'ids'}::uuid[]) order by id for share`;

/**
 * The cells of `span` locked and the stylists' rows shared (as shareStylists), one statement sent
 * without waiting; what is sent behind it runs with both held. Rejects with StaleRoster when a
 * stylist's version is not the roster's (as shareStylists).
 */
export function lockAndShareSent(tx: PipelinedTransaction, span: Window, staffIds: string[], roster: Pick<Roster, 'versions'>): Promise<void> {
  return tx.later(
    LOCK_AND_SHARE.send(tx, { ids: staffIds, start: span.startsAt.toISOString(), end: span.endsAt.toISOString() }).then((rows) => checkVersions(rows, roster)),
  );
}

function checkVersions(rows: readonly { id: string; version: string }[], roster: Pick<Roster, 'versions'>): void {
  if (rows.some((row) => roster.versions.get(row.id) !== row.version)) throw new StaleRoster();
}

/** The stylists changed between reading the roster and locking them: read it again and decide again. */
export class StaleRoster extends Error {
  constructor() {
    super('a stylist changed while this was being decided');
    this.name = 'StaleRoster';
  }
}

/**
 * Runs a decision that reads the roster itself again when a stylist changed meanwhile (a few times).
 * `stale` is told first: a decision whose roster came from the cached team drops it, so the next
 * try reads the team as the database has it now rather than the same old copy (its change notice
 * may not have arrived yet).
 */
export async function withFreshRoster<T>(run: () => Promise<T>, stale: () => void = () => undefined, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof StaleRoster) || attempt >= attempts) throw err;
      stale();
    }
  }
}

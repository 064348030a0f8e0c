import { instantToZoned, zonedTimeToInstant } from '../../shared/calendar.js';
import { DEFAULT_SALON_SETTINGS } from '../../shared/salon-settings.js';
import type { App } from '../types.js';
import type { Account } from './accounts.js';

const ZONE = DEFAULT_SALON_SETTINGS.timeZone;

/**
 * The `openDaysAhead`-th day from today on which the default salon is open, counting open days
 * only. Distinct numbers always give distinct days: counting calendar days and then moving past a
 * closed Friday gave openDay(11) and openDay(12) the same Saturday on some weeks, so a test's
 * 'another day' was its own full one, failing by the calendar alone.
 */
export function openDay(openDaysAhead = 3): string {
  let found = 0;
  for (let d = 1; ; d += 1) {
    const local = instantToZoned(new Date(Date.now() + d * 86_400_000), ZONE);
    if (DEFAULT_SALON_SETTINGS.openingHours[local.weekday] && ++found >= openDaysAhead) return local.date;
  }
}

/**
 * Each call answers another open day, later than every day it answered before, starting
 * `daysAhead` open days from now: a test file draws a day of its own for each test as it goes, and
 * a day drawn after the salon's midnight (UTC 18:00) is still later than every day drawn before it.
 */
export function distinctOpenDays(daysAhead: number): () => string {
  let last = '';
  return () => {
    for (let d = daysAhead; ; d += 1) {
      const day = openDay(d);
      // ISO dates compare as strings; also later than a day given before the salon's midnight.
      if (day > last) return (last = day);
    }
  };
}

/** The instant a Dhaka wall clock reads `time` on `date`. */
export function dhaka(date: string, time: string): Date {
  const instant = zonedTimeToInstant(date, time, ZONE);
  if (!instant) throw new Error(`${date} ${time} does not exist in ${ZONE}`);
  return instant;
}

/** Requests as `who` (signed out: undefined), in `language` when given (its Accept-Language). */
export function asUser(app: App, who: Account | undefined, language?: 'en' | 'bn') {
  const headers = { origin: app.config.publicUrl, ...(who ? { cookie: who.cookie } : {}), ...(language ? { 'accept-language': language } : {}) };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: object) => app.inject({ method: 'POST', url, headers, payload }),
    patch: (url: string, payload: object) => app.inject({ method: 'PATCH', url, headers, payload }),
    put: (url: string, payload: object) => app.inject({ method: 'PUT', url, headers, payload }),
    delete: (url: string) => app.inject({ method: 'DELETE', url, headers }),
  };
}

/** Adds a service to the customer's list through the API and answers the new item's id. */
export async function addItem(app: App, who: Account, serviceId: string): Promise<string> {
  const res = await asUser(app, who).post('/api/cart', { cartItemId: serviceId });
  if (res.statusCode !== 201) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
  return res.json<{ insertedId: string }>().insertedId;
}

/** A customer whose booking list holds the given services at the given Dhaka times on `date` (with a stylist when named). */
export async function readyToPay(app: App, who: Account, picks: { serviceId: string; time: string; staffId?: string }[], date: string) {
  const items: string[] = [];
  for (const pick of picks) {
    const item = await addItem(app, who, pick.serviceId);
    const res = await asUser(app, who).patch(`/api/cart/${item}`, { startsAt: dhaka(date, pick.time).toISOString(), ...(pick.staffId && { staffId: pick.staffId }) });
    if (res.statusCode !== 200) throw new Error(`hold failed: ${res.statusCode} ${res.body}`);
    items.push(item);
  }
  return items;
}

export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** An expiry a year from now, as MM/YY. */
export function futureExpiry(): string {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String((d.getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}

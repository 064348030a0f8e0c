import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  HOLD_TAKEN_MESSAGE,
  MAX_CART_ITEMS,
  availabilityQuerySchema,
  cartAddSchema,
  cartItemSchema,
  cartTimeSchema,
  type Availability,
  type CartItem,
} from '@shared/cart';
import type { FieldIssue } from '@shared/errors';
import type { acknowledgedSchema, insertedSchema } from '@shared/results';
import { DEFAULT_SALON_SETTINGS, salonSettingsSchema, type SalonSettings } from '@shared/salon-settings';
import { weekdayOfDate } from '@shared/calendar';
import type { Service } from '@shared/service';
import type { Staff } from '@shared/staff';
import type { User } from '@shared/user';
import { services as defaultServices } from './fixtures';
import { apiErrorResponse } from './handlers';

type Inserted = z.infer<typeof insertedSchema>;
type Acknowledged = z.infer<typeof acknowledgedSchema>;

const acknowledged: Acknowledged = { acknowledged: true };

/** A booking-list item of `user` for `service`, checked against the shared schema. */
export function cartItemFor(service: Service, user: User, overrides: Partial<CartItem> = {}): CartItem {
  return cartItemSchema.parse({
    _id: `c0000000-0000-4000-8000-${service._id.slice(-12)}`,
    cartItemId: service._id,
    email: user.email,
    title: service.title,
    title_bn: service.title_bn,
    price: service.price,
    image_url: service.image_url,
    duration: service.duration,
    startsAt: null,
    endsAt: null,
    holdExpiresAt: null,
    staffId: null,
    staffName: null,
    anyStylist: true,
    // Paid in full online unless a test gives it another plan.
    plan: 'full',
    payNow: overrides.price ?? service.price,
    ...overrides,
  });
}

/**
 * The start times the fake offers on a date: 10:00, 10:15 and 10:30 in Dhaka (UTC+6, no DST),
 * written as UTC instants the way the server sends them. Tests assert these render as 10:00 ...,
 * which only holds if the page formats in the salon's zone rather than the test runner's.
 */
export function dhakaMorningSlots(date: string): string[] {
  return ['04:00', '04:15', '04:30'].map((time) => `${date}T${time}:00.000Z`);
}

function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** One write that reached the fake, with the JSON body the browser sent. */
export interface CartWrite {
  method: 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  path: string;
  body?: unknown;
}

export interface FakeCartOptions {
  /** Who is signed in, read on every request (accountSession() from handlers.ts fits). */
  session: { readonly user: User | null };
  items?: CartItem[];
  services?: Service[];
  settings?: SalonSettings;
  /** The start instants offered on a date before holds and `taken` are taken off. */
  slotsOn?: (date: string, serviceId: string) => string[];
  /**
   * The salon's stylists (GET /api/staff lists the active ones); none, as by default, books chairs
   * alone. A retired one is refused when a POST names her ('Book again'), as the server does.
   */
  staff?: FakeStylist[];
}

export type FakeStylist = Staff & { retired?: boolean };

/**
 * The booking-list side of the API as one fake whose data really changes: GET/POST /api/cart,
 * DELETE and PATCH /api/cart/:id, GET /api/availability, GET/PUT /api/settings. Bodies and queries
 * are checked with the shared schemas, as the server does.
 *
 * - `taken`: instants someone else booked meanwhile: a PATCH to one answers 409, and availability
 *   stops offering it (as the real server's fresh answer would).
 * - `staff`: the stylists; each is free at every offered time of the services she performs except
 *   the instants in `busy` (stylist id -> instants). Availability lists who is free at each time
 *   (only her, with `staffId`); a PATCH holds with the stylist asked for (409 when she is busy)
 *   or, for any, the first free one, and `{ startsAt: null, staffId }` records the choice alone.
 *   A service nobody performs is booked as before stylists (its slots list nobody).
 * - `refuseSettings`: field issues the next PUT /api/settings answers with (400), for checks only
 *   the server can make.
 * - `requests` lists every call in order ('GET /api/cart', 'GET /api/availability 2026-12-06', ...).
 */
export function fakeCart({
  session,
  items = [],
  services = defaultServices,
  settings = DEFAULT_SALON_SETTINGS,
  slotsOn = dhakaMorningSlots,
  staff = [],
}: FakeCartOptions) {
  const state = {
    items: items.map((item) => ({ ...item })),
    settings: structuredClone(settings),
    staff: staff.map((stylist) => ({ ...stylist })),
    taken: new Set<string>(),
    busy: new Map<string, Set<string>>(),
    refuseSettings: null as FieldIssue[] | null,
    requests: [] as string[],
    writes: [] as CartWrite[],
  };
  let nextId = 1;

  const offered = (date: string, serviceId: string) => {
    const { openingHours, closedDates } = state.settings;
    if (!openingHours[weekdayOfDate(date)] || closedDates.includes(date)) return [];
    return slotsOn(date, serviceId).filter((slot) => !state.taken.has(new Date(slot).toISOString()));
  };
  const performers = (serviceId: string) => state.staff.filter((stylist) => !stylist.retired && stylist.serviceIds.includes(serviceId));
  /** Who of those performing the service is free at that instant, in the Team page's order. */
  const freeAt = (serviceId: string, slot: string) =>
    performers(serviceId)
      .filter((stylist) => !state.busy.get(stylist._id)?.has(new Date(slot).toISOString()))
      .map((stylist) => stylist._id);
  /** The offered times with who is free at each; only hers with `staffId`. */
  const slotsWithStaff = (date: string, serviceId: string, staffId?: string) => {
    const slots = offered(date, serviceId);
    if (staffId === undefined && performers(serviceId).length === 0) return slots.map((slot) => ({ startsAt: slot, staff: [] }));
    return slots
      .map((slot) => ({ startsAt: slot, staff: freeAt(serviceId, slot).filter((id) => staffId === undefined || id === staffId) }))
      .filter((slot) => slot.staff.length > 0);
  };

  const handlers = [
    http.get('/api/cart', ({ request }) => {
      state.requests.push('GET /api/cart');
      const me = session.user;
      if (!me) return apiErrorResponse(401, 'Please log in.');
      const email = new URL(request.url).searchParams.get('email') ?? me.email;
      if (email.toLowerCase() !== me.email.toLowerCase() && me.role !== 'admin') {
        return apiErrorResponse(403, 'You can only see your own booking list.');
      }
      const mine: CartItem[] = state.items.filter((item) => item.email.toLowerCase() === email.toLowerCase());
      return HttpResponse.json(mine);
    }),

    http.post('/api/cart', async ({ request }) => {
      state.requests.push('POST /api/cart');
      const body: unknown = await request.json();
      state.writes.push({ method: 'POST', path: '/api/cart', body });
      const me = session.user;
      if (!me) return apiErrorResponse(401, 'Please log in.');
      const parsed = cartAddSchema.safeParse(body);
      if (!parsed.success) return apiErrorResponse(400, 'Check the highlighted fields.', fieldIssues(parsed.error));
      const service = services.find((s) => s._id === parsed.data.cartItemId);
      if (!service) return apiErrorResponse(404, 'That service is no longer offered.', [{ path: 'cartItemId', message: 'Unknown service' }]);
      const { staffId } = parsed.data;
      const stylist = staffId === undefined ? undefined : staff.find((s) => s._id === staffId);
      if (staffId !== undefined && (!stylist || stylist.retired)) {
        return apiErrorResponse(400, 'That stylist no longer works here.', [{ path: 'staffId', message: 'That stylist no longer works here' }]);
      }
      if (stylist && !stylist.serviceIds.includes(service._id)) {
        return apiErrorResponse(400, 'That stylist does not do this service.', [{ path: 'staffId', message: 'That stylist does not do this service' }]);
      }
      if (state.items.filter((item) => item.email === me.email).length >= MAX_CART_ITEMS) {
        return apiErrorResponse(409, `Your booking list is full (${MAX_CART_ITEMS} services). Book or remove some first.`);
      }
      const _id = `c0000000-0000-4000-9000-${String(nextId++).padStart(12, '0')}`;
      const chosen = stylist ? { staffId: stylist._id, staffName: stylist.name, anyStylist: false } : {};
      state.items.push(cartItemFor(service, me, { _id, ...chosen }));
      const answer: Inserted = { insertedId: _id };
      return HttpResponse.json(answer, { status: 201 });
    }),

    http.delete<{ id: string }>('/api/cart/:id', ({ params }) => {
      state.requests.push(`DELETE /api/cart/${params.id}`);
      state.writes.push({ method: 'DELETE', path: `/api/cart/${params.id}` });
      const me = session.user;
      if (!me) return apiErrorResponse(401, 'Please log in.');
      const index = state.items.findIndex((item) => item._id === params.id && item.email === me.email);
      if (index === -1) return apiErrorResponse(404, 'Booking list item not found');
      state.items.splice(index, 1);
      return HttpResponse.json(acknowledged);
    }),

    http.patch<{ id: string }>('/api/cart/:id', async ({ params, request }) => {
      state.requests.push(`PATCH /api/cart/${params.id}`);
      const body: unknown = await request.json();
      state.writes.push({ method: 'PATCH', path: `/api/cart/${params.id}`, body });
      const me = session.user;
      if (!me) return apiErrorResponse(401, 'Please log in.');
      const parsed = cartTimeSchema.safeParse(body);
      if (!parsed.success) return apiErrorResponse(400, 'Check the highlighted fields.', fieldIssues(parsed.error));
      const item = state.items.find((entry) => entry._id === params.id && entry.email === me.email);
      if (!item) return apiErrorResponse(404, 'Booking list item not found');
      const { startsAt } = parsed.data;
      const staffId = parsed.data.staffId ?? null;
      const chosen = staffId === null ? null : performers(item.cartItemId).find((stylist) => stylist._id === staffId);
      if (staffId !== null && !chosen) return apiErrorResponse(409, 'That stylist does not do this service.');
      if (startsAt === null) {
        Object.assign(item, { startsAt: null, endsAt: null, holdExpiresAt: null, staffId, staffName: chosen?.name ?? null, anyStylist: staffId === null });
        return HttpResponse.json(item);
      }
      const start = new Date(startsAt);
      if (state.taken.has(start.toISOString())) return apiErrorResponse(409, HOLD_TAKEN_MESSAGE);
      const date = start.toISOString().slice(0, 10);
      if (!offered(date, item.cartItemId).some((slot) => new Date(slot).getTime() === start.getTime())) {
        const message = 'Pick one of the offered start times.';
        return apiErrorResponse(400, message, [{ path: 'startsAt', message }]);
      }
      const free = freeAt(item.cartItemId, start.toISOString());
      if (chosen && !free.includes(chosen._id)) return apiErrorResponse(409, `${chosen.name} is not free at that time.`);
      if (!chosen && performers(item.cartItemId).length > 0 && free.length === 0) return apiErrorResponse(409, HOLD_TAKEN_MESSAGE);
      // 'Any': the real server gives the time to the free stylist with the fewest minutes that day; the first will do here.
      const given = chosen ?? state.staff.find((stylist) => stylist._id === free[0]);
      Object.assign(item, {
        staffId: given?._id ?? null,
        staffName: given?.name ?? null,
        anyStylist: chosen === undefined || chosen === null,
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + item.duration * 60_000).toISOString(),
        // Date.now(), so a test that fakes the clock controls the hold too.
        holdExpiresAt: new Date(Date.now() + state.settings.holdMinutes * 60_000).toISOString(),
      });
      return HttpResponse.json(item);
    }),

    http.get('/api/availability', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const parsed = availabilityQuerySchema.safeParse(query);
      state.requests.push(`GET /api/availability ${query.date ?? ''}`);
      if (!parsed.success) return apiErrorResponse(400, 'Check the highlighted fields.', fieldIssues(parsed.error));
      if (!services.some((s) => s._id === parsed.data.serviceId)) return apiErrorResponse(404, 'Service not found');
      const answer: Availability = {
        timeZone: state.settings.timeZone,
        slots: slotsWithStaff(parsed.data.date, parsed.data.serviceId, parsed.data.staffId),
      };
      return HttpResponse.json(answer);
    }),

    http.get('/api/staff', () => {
      state.requests.push('GET /api/staff');
      const answer: Staff[] = state.staff.filter((stylist) => !stylist.retired).map(({ retired: _retired, ...stylist }) => stylist);
      return HttpResponse.json(answer);
    }),

    http.get('/api/settings', () => {
      state.requests.push('GET /api/settings');
      return HttpResponse.json(state.settings);
    }),

    http.put('/api/settings', async ({ request }) => {
      state.requests.push('PUT /api/settings');
      const body: unknown = await request.json();
      state.writes.push({ method: 'PUT', path: '/api/settings', body });
      const me = session.user;
      if (!me) return apiErrorResponse(401, 'Please log in.');
      if (me.role !== 'admin') return apiErrorResponse(403, 'Only an admin can do that.');
      const parsed = salonSettingsSchema.safeParse(body);
      if (!parsed.success) return apiErrorResponse(400, 'Check the highlighted fields.', fieldIssues(parsed.error));
      if (state.refuseSettings) {
        const issues = state.refuseSettings;
        state.refuseSettings = null;
        return apiErrorResponse(400, 'Check the highlighted fields.', issues);
      }
      state.settings = parsed.data;
      return HttpResponse.json(acknowledged);
    }),
  ];

  return Object.assign(state, { handlers });
}

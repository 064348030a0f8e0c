/**
 * Holds take a stylist's hours and services from a cached copy of the team (docs/decisions/049),
 * kept by each app instance. A change made through one instance must be seen by the very next
 * hold through another: whether that instance has heard the change's notice yet (listening) or
 * not (its listener closed here, so the hold meets the old copy for certain rather than by a race
 * with the notice), a hold is never placed outside her new hours, on her new time off or with her
 * once she has retired. Run on both databases: the embedded one and PostgreSQL (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiblingApp, createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { addItem, asUser, dhaka, distinctOpenDays } from '../test/booking.js';
import { addStylist } from '../test/stylists.js';
import type { App } from '../types.js';

let a: TestApp;
let listening: { app: App; close: () => Promise<void> };
let deaf: { app: App; close: () => Promise<void> };
let admin: Account;
let cut: { _id: string };
let nails: { _id: string };
const nextDay = distinctOpenDays(4);

beforeAll(async () => {
  a = await createTestApp();
  listening = await createSiblingApp(a);
  deaf = await createSiblingApp(a);
  // This instance hears no change: its copy of the team stays as it was last read.
  await deaf.app.roster.close();
  admin = await signUpAdmin(a.app);
  const services = (await a.app.inject({ url: '/api/service' })).json<{ _id: string; duration: number }[]>();
  const hour = services.filter((s) => s.duration === 60);
  cut = hour[0]!;
  nails = hour[1]!;
});

afterAll(async () => {
  await deaf?.close();
  await listening?.close();
  await a?.close();
});

/** A new customer's hold through `app` of `service` at `time` on `date`, with `staffId` (or any). */
async function hold(app: App, service: { _id: string }, date: string, time: string, staffId?: string) {
  const customer = await signUp(a.app);
  const item = await addItem(app, customer, service._id);
  return asUser(app, customer).patch(`/api/cart/${item}`, { startsAt: dhaka(date, time).toISOString(), ...(staffId && { staffId }) });
}

const instances = [
  ['an instance that heard the change', () => listening.app],
  ['an instance that has not heard it yet', () => deaf.app],
] as const;

describe.each(instances)('the next hold through %s', (_, other) => {
  it("is refused outside her new hours, and placed inside them", async () => {
    const date = nextDay();
    const rina = await addStylist(a.app, admin, 'Rina', [cut._id]);
    // Her hours as the other instance last read them: all day.
    expect((await hold(other(), cut, date, '11:00', rina)).statusCode).toBe(200);

    const put = await asUser(a.app, admin).put(`/api/staff/${rina}/hours`, { days: Array.from({ length: 7 }, () => [{ start: '10:00', end: '13:00' }]) });
    expect(put.statusCode, put.body).toBe(200);

    const late = await hold(other(), cut, date, '15:00', rina);
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json<{ message: string }>().message).toMatch(/not working at that time/);
    expect((await hold(other(), cut, date, '12:00', rina)).statusCode).toBe(200);
  });

  it('is refused on her new time off, and placed after it', async () => {
    const date = nextDay();
    const mim = await addStylist(a.app, admin, 'Mim', [cut._id]);
    expect((await hold(other(), cut, date, '11:00', mim)).statusCode).toBe(200);

    const off = await asUser(a.app, admin).post(`/api/staff/${mim}/time-off`, {
      startsAt: dhaka(date, '13:00').toISOString(),
      endsAt: dhaka(date, '16:00').toISOString(),
      note: 'Dentist',
    });
    expect(off.statusCode, off.body).toBe(201);

    const during = await hold(other(), cut, date, '14:00', mim);
    expect(during.statusCode, during.body).toBe(400);
    expect(during.json<{ message: string }>().message).toMatch(/not working at that time/);
    expect((await hold(other(), cut, date, '16:00', mim)).statusCode).toBe(200);
  });

  it('is refused with her once she has retired, and goes to another for any stylist', async () => {
    const date = nextDay();
    const sumi = await addStylist(a.app, admin, 'Sumi', [nails._id]);
    await addStylist(a.app, admin, 'Nila', [nails._id]);
    expect((await hold(other(), nails, date, '11:00', sumi)).statusCode).toBe(200);

    expect((await asUser(a.app, admin).delete(`/api/staff/${sumi}`)).statusCode).toBe(200);

    const withHer = await hold(other(), nails, date, '14:00', sumi);
    expect(withHer.statusCode, withHer.body).toBe(400);
    expect(withHer.json<{ issues: { path: string }[] }>().issues).toEqual([expect.objectContaining({ path: 'staffId' })]);
    const any = await hold(other(), nails, date, '14:00');
    expect(any.statusCode, any.body).toBe(200);
    expect(any.json<{ staffId: string }>().staffId).not.toBe(sumi);
  });

  it('can name a stylist given the service through another instance at once', async () => {
    const date = nextDay();
    const joya = await addStylist(a.app, admin, 'Joya', [cut._id]);
    expect((await hold(other(), cut, date, '11:00', joya)).statusCode).toBe(200);
    const put = await asUser(a.app, admin).patch(`/api/staff/${joya}`, { services: [{ serviceId: cut._id, duration: null }, { serviceId: nails._id, duration: null }] });
    expect(put.statusCode, put.body).toBe(200);
    const named = await hold(other(), nails, date, '15:00', joya);
    expect(named.statusCode, named.body).toBe(200);
  });
});

describe('the change notice', () => {
  it("brings a stylist given a service into the other instance's choice for any stylist", async () => {
    const date = nextDay();
    // The only one who does this service that day: once she is held, 'any' finds nobody.
    const service = nails;
    const roster = (await asUser(a.app, admin).get('/api/staff')).json<{ _id: string; serviceIds: string[] }[]>();
    for (const s of roster.filter((r) => r.serviceIds.includes(service._id))) {
      expect((await asUser(a.app, admin).delete(`/api/staff/${s._id}`)).statusCode).toBe(200);
    }
    const rupa = await addStylist(a.app, admin, 'Rupa', [service._id]);
    const lima = await addStylist(a.app, admin, 'Lima', [cut._id]);
    expect((await hold(listening.app, service, date, '13:00')).json<{ staffId: string }>().staffId).toBe(rupa);
    const customer = await signUp(a.app);
    const item = await addItem(listening.app, customer, service._id);
    const ask = () => asUser(listening.app, customer).patch(`/api/cart/${item}`, { startsAt: dhaka(date, '13:00').toISOString() });
    expect((await ask()).statusCode).toBe(409);

    // Lima takes the service on through the first instance: no version of hers was in the other's
    // copy for this service, so only the notice tells it.
    const put = await asUser(a.app, admin).patch(`/api/staff/${lima}`, { services: [{ serviceId: cut._id, duration: null }, { serviceId: service._id, duration: null }] });
    expect(put.statusCode, put.body).toBe(200);
    await expect.poll(async () => (await ask()).json<{ staffId?: string }>().staffId, { timeout: 5000 }).toBe(lima);
  });
});

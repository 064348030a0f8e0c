/**
 * 'Keep my times' on /dashboard/appointment renews a customer's holds by sending each held item's
 * own time again (PATCH /api/cart/:id {startsAt}). These tests pin down that the server treats
 * that as a renewal: her own hold never counts against itself, nor does the pending payment the
 * appointment page opened for the same items, and a lapsed hold comes back only while the place
 * is still free.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { addItem, asUser, dhaka, distinctOpenDays, readyToPay } from '../test/booking.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { cartItemSchema, cartListSchema, HOLD_TAKEN_MESSAGE } from '../../shared/cart.js';
import { intentSchema } from '../../shared/payments.js';
import { serviceListSchema, type Service } from '../../shared/service.js';
import { DEFAULT_SALON_SETTINGS } from '../../shared/salon-settings.js';

let t: TestApp;
let catalogue: Service[];
const byTitle = (title: string) => catalogue.find((s) => s.title === title)!;
/** Each test books on its own open day so tests never compete for places. */
const freshDay = distinctOpenDays(21);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signUpAdmin(t.app);
  // Capacity 1: any hold but her own would make the renewal a 409.
  expect((await asUser(t.app, admin).put('/api/settings', { ...DEFAULT_SALON_SETTINGS, capacity: 1 })).statusCode).toBe(200);
  catalogue = serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
});
afterAll(async () => t.close());

const cartOf = async (who: Account) => cartListSchema.parse((await asUser(t.app, who).get(`/api/cart?email=${encodeURIComponent(who.email)}`)).json());
const renew = (who: Account, itemId: string, startsAt: string) => asUser(t.app, who).patch(`/api/cart/${itemId}`, { startsAt });
/** Moves her hold's end into the past, as the passing of the hold minutes would. */
const lapse = (itemId: string) => t.database.db.execute(sql`update cart_items set hold_expires_at = now() - interval '1 second' where id = ${itemId}`);
const shorten = (itemId: string) => t.database.db.execute(sql`update cart_items set hold_expires_at = now() + interval '30 seconds' where id = ${itemId}`);

describe('renewing a hold on the same time', () => {
  it('succeeds for her own live hold in a full slot, with a fresh hold length, while another customer is refused', async () => {
    const day = freshDay();
    const haircut = byTitle('Classic Haircut & Blow-dry');
    const startsAt = dhaka(day, '11:00').toISOString();
    const amina = await signUp(t.app);
    const [item] = await readyToPay(t.app, amina, [{ serviceId: haircut._id, time: '11:00' }], day);
    await shorten(item!);

    const res = await renew(amina, item!, startsAt);
    expect(res.statusCode, res.body).toBe(200);
    const renewed = cartItemSchema.parse(res.json());
    expect(renewed.startsAt).toBe(startsAt);
    expect(Date.parse(renewed.holdExpiresAt!) - Date.now()).toBeGreaterThan(9 * 60_000);

    const other = await signUp(t.app);
    const otherItem = await addItem(t.app, other, haircut._id);
    const refused = await renew(other, otherItem, startsAt);
    expect(refused.statusCode).toBe(409);
    expect((await cartOf(other))[0]!.startsAt).toBeNull();
  });

  it('succeeds after the appointment page opened a payment for the same items (its pending bookings do not count)', async () => {
    const day = freshDay();
    const amina = await signUp(t.app);
    const items = await readyToPay(
      t.app,
      amina,
      [
        { serviceId: byTitle('Classic Haircut & Blow-dry')._id, time: '11:00' },
        { serviceId: byTitle('Gel Nail Extensions')._id, time: '14:00' },
      ],
      day,
    );
    const opened = await asUser(t.app, amina).post('/api/create-payment-intent', { price: 1200 + 2500 });
    expect(opened.statusCode, opened.body).toBe(200);
    const { clientSecret } = intentSchema.parse(opened.json());

    for (const [index, time] of ['11:00', '14:00'].entries()) {
      await shorten(items[index]!);
      const res = await renew(amina, items[index]!, dhaka(day, time).toISOString());
      expect(res.statusCode, res.body).toBe(200);
      expect(Date.parse(cartItemSchema.parse(res.json()).holdExpiresAt!) - Date.now()).toBeGreaterThan(9 * 60_000);
    }
    // The same list, so the same payment: the card form she filled in stays valid.
    const again = intentSchema.parse((await asUser(t.app, amina).post('/api/create-payment-intent', { price: 1200 + 2500 })).json());
    expect(again.clientSecret).toBe(clientSecret);
  });

  it('brings a lapsed hold back while the place is free, and refuses it (nothing changed) once someone else took it', async () => {
    const day = freshDay();
    const facial = byTitle('Signature Glow Facial');
    const amina = await signUp(t.app);
    const [item] = await readyToPay(t.app, amina, [{ serviceId: facial._id, time: '15:00' }], day);
    const startsAt = dhaka(day, '15:00').toISOString();

    await lapse(item!);
    const back = await renew(amina, item!, startsAt);
    expect(back.statusCode, back.body).toBe(200);
    expect(Date.parse(cartItemSchema.parse(back.json()).holdExpiresAt!)).toBeGreaterThan(Date.now() + 9 * 60_000);

    await lapse(item!);
    const other = await signUp(t.app);
    const otherItem = await addItem(t.app, other, facial._id);
    expect((await renew(other, otherItem, startsAt)).statusCode).toBe(200);
    const before = (await cartOf(amina))[0]!;
    const refused = await renew(amina, item!, startsAt);
    expect(refused.statusCode).toBe(409);
    expect(apiErrorSchema.parse(refused.json()).message).toBe(HOLD_TAKEN_MESSAGE);
    expect(await cartOf(amina)).toEqual([before]);
  });
});

/** 'Book again': POST /api/cart with the stylist she had, who must still work here and do the service. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.js';
import { cartSuite } from '../test/cart-suite.js';
import { signUp, type Account } from '../test/accounts.js';
import { addItem, asUser } from '../test/booking.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { MAX_CART_ITEMS } from '../../shared/cart.js';

const suite = cartSuite();
const { byTitle, cartOf } = suite;

/** Her stored items, straight from the database: what the API shows could hide a stray row. */
const storedItems = async (who: Account) =>
  rowsOf<{ id: string; service_id: string; staff_id: string | null; any_stylist: boolean }>(
    suite.t.database.db,
    sql`select id, service_id, staff_id, any_stylist from cart_items where user_id = ${who.id} order by created_at, id`,
  );

async function addStylist(name: string, serviceIds: string[]): Promise<string> {
  const res = await asUser(suite.t.app, suite.admin).post('/api/staff', { name, bio: '', services: serviceIds.map((serviceId) => ({ serviceId, duration: null })) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

const bookAgain = (who: Account, serviceId: string, staffId: string) => asUser(suite.t.app, who).post('/api/cart', { cartItemId: serviceId, staffId });

describe("POST /api/cart with the stylist she had ('Book again')", () => {
  it('adds the service with that stylist: the list shows her name and not "any stylist"', async () => {
    const mitu = await signUp(suite.t.app);
    const haircut = byTitle('Classic Haircut & Blow-dry');
    const rina = await addStylist('Rina Akter', [haircut._id]);

    const res = await bookAgain(mitu, haircut._id, rina);
    expect(res.statusCode, res.body).toBe(201);
    const { insertedId } = res.json<{ insertedId: string }>();
    expect(await cartOf(mitu)).toEqual([
      expect.objectContaining({ _id: insertedId, cartItemId: haircut._id, title: haircut.title, startsAt: null, staffId: rina, staffName: 'Rina Akter', anyStylist: false }),
    ]);
    expect(await storedItems(mitu)).toEqual([{ id: insertedId, service_id: haircut._id, staff_id: rina, any_stylist: false }]);

    // Without a stylist the same add is still 'any stylist'.
    await addItem(suite.t.app, mitu, haircut._id);
    expect((await cartOf(mitu)).map((item) => [item.staffId, item.anyStylist])).toEqual([
      [rina, false],
      [null, true],
    ]);
  });

  it('refuses a retired stylist (400 on staffId) and adds nothing', async () => {
    const mitu = await signUp(suite.t.app);
    const facial = byTitle('Signature Glow Facial');
    const rupa = await addStylist('Rupa Das', [facial._id]);
    expect((await asUser(suite.t.app, suite.admin).delete(`/api/staff/${rupa}`)).statusCode).toBe(200);

    const res = await bookAgain(mitu, facial._id, rupa);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      message: 'That stylist no longer works here.',
      issues: [{ path: 'staffId', message: 'That stylist no longer works here' }],
    });
    expect(await storedItems(mitu)).toEqual([]);
  });

  it('refuses a stylist id that was never on the team the same way', async () => {
    const mitu = await signUp(suite.t.app);
    const res = await bookAgain(mitu, byTitle('Signature Glow Facial')._id, '3f1e1c9a-5b2d-4c1e-9a7b-1d2e3f4a5b6c');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).issues).toEqual([{ path: 'staffId', message: 'That stylist no longer works here' }]);
    expect(await storedItems(mitu)).toEqual([]);
  });

  it('refuses a stylist who does not do the service (or no longer does it), and adds nothing', async () => {
    const mitu = await signUp(suite.t.app);
    const haircut = byTitle('Classic Haircut & Blow-dry');
    const facial = byTitle('Signature Glow Facial');
    const shirin = await addStylist('Shirin Akter', [haircut._id]);

    const res = await bookAgain(mitu, facial._id, shirin);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      message: 'That stylist does not do this service.',
      issues: [{ path: 'staffId', message: 'That stylist does not do this service' }],
    });
    expect(await storedItems(mitu)).toEqual([]);

    // She did the haircut when the visit was booked; since then the admin gave her facials only.
    const changed = await asUser(suite.t.app, suite.admin).patch(`/api/staff/${shirin}`, { services: [{ serviceId: facial._id, duration: null }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(apiErrorSchema.parse((await bookAgain(mitu, haircut._id, shirin)).json()).issues).toEqual([
      { path: 'staffId', message: 'That stylist does not do this service' },
    ]);
    expect(await storedItems(mitu)).toEqual([]);
  });

  it('answers 404 on cartItemId for a service taken out of the catalogue, whoever the stylist, and adds nothing', async () => {
    const mitu = await signUp(suite.t.app);
    const created = await asUser(suite.t.app, suite.admin).post('/api/service', {
      title: 'Henna Night',
      price: 900,
      description: 'Bridal henna.',
      image_url: '/images/services/bridal-makeup.svg',
    });
    const henna = created.json<{ insertedId: string }>().insertedId;
    const laila = await addStylist('Laila Khan', [henna]);
    expect((await asUser(suite.t.app, suite.admin).delete(`/api/service/${henna}`)).statusCode).toBe(200);

    for (const staffId of [laila, '3f1e1c9a-5b2d-4c1e-9a7b-1d2e3f4a5b6c']) {
      const res = await bookAgain(mitu, henna, staffId);
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json())).toMatchObject({ message: 'That service is no longer offered.', issues: [{ path: 'cartItemId', message: 'Unknown service' }] });
    }
    expect(await storedItems(mitu)).toEqual([]);
  });

  it("touches only her own list: another customer's stays as it was, and naming her e-mail is refused", async () => {
    const mitu = await signUp(suite.t.app);
    const other = await signUp(suite.t.app);
    const haircut = byTitle('Classic Haircut & Blow-dry');
    const rina = await addStylist('Rina Two', [haircut._id]);
    await addItem(suite.t.app, other, haircut._id);
    const before = await storedItems(other);

    expect((await bookAgain(mitu, haircut._id, rina)).statusCode).toBe(201);
    const refused = await asUser(suite.t.app, mitu).post('/api/cart', { cartItemId: haircut._id, staffId: rina, email: other.email });
    expect(refused.statusCode).toBe(403);

    expect(await storedItems(other)).toEqual(before);
    expect(await storedItems(mitu)).toHaveLength(1);
  });

  it('refuses a visitor (401) and keeps the list cap (409) with a stylist too', async () => {
    const haircut = byTitle('Classic Haircut & Blow-dry');
    const rina = await addStylist('Rina Three', [haircut._id]);
    expect((await asUser(suite.t.app, undefined).post('/api/cart', { cartItemId: haircut._id, staffId: rina })).statusCode).toBe(401);

    const full = await signUp(suite.t.app);
    for (let i = 0; i < MAX_CART_ITEMS; i++) await addItem(suite.t.app, full, haircut._id);
    expect((await bookAgain(full, haircut._id, rina)).statusCode).toBe(409);
    const stored = await storedItems(full);
    expect(stored).toHaveLength(MAX_CART_ITEMS);
    expect(stored.every((item) => item.staff_id === null)).toBe(true);
  });

  it('400 for a malformed stylist id, adding nothing', async () => {
    const mitu = await signUp(suite.t.app);
    const res = await bookAgain(mitu, byTitle('Classic Haircut & Blow-dry')._id, 'not-an-id');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).issues?.map((issue) => issue.path)).toEqual(['staffId']);
    expect(await storedItems(mitu)).toEqual([]);
  });
});

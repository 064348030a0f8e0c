/** A service's Bangla title and description (docs/decisions/050): written by the admin, optional, read beside the English. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { serviceListSchema, serviceSchema, type Service } from '../../shared/service.js';
import { cartItemSchema } from '../../shared/cart.js';
import { bookingSchema } from '../../shared/payments.js';
import { bookAndPay } from '../test/appointments.js';
import { addItem, asUser, openDay } from '../test/booking.js';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t.close());

function write(method: 'POST' | 'PATCH', url: string, payload: object) {
  return t.app.inject({ method, url, headers: { origin: t.config.publicUrl, cookie: admin.cookie }, payload });
}

const catalogue = async () => serviceListSchema.parse((await t.app.inject({ url: '/api/service' })).json());
const read = async (id: string): Promise<Service> => serviceSchema.parse((await t.app.inject({ url: `/api/service/${id}` })).json());

const english = {
  title: 'Henna Night',
  price: 1800,
  description: 'Bridal henna on both hands.',
  image_url: '/images/services/bridal-makeup.svg',
};

async function create(body: object): Promise<string> {
  const res = await write('POST', '/api/service', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

describe('a service in both languages', () => {
  it('keeps the English fields as they are and adds the Bangla ones, in the catalogue and one by one', async () => {
    await catalogue(); // warmed: the write must clear the cached list
    const id = await create({ ...english, title_bn: '  মেহেদি নাইট ', description_bn: 'দুই হাতে বিয়ের মেহেদি।' });
    const expected = { title: 'Henna Night', description: 'Bridal henna on both hands.', title_bn: 'মেহেদি নাইট', description_bn: 'দুই হাতে বিয়ের মেহেদি।' };
    expect(await read(id)).toMatchObject(expected);
    expect((await catalogue()).find((s) => s._id === id)).toMatchObject(expected);
  });

  it('has no Bangla when none is written or it is left empty (null: readers fall back to English)', async () => {
    const none = await create(english);
    const empty = await create({ ...english, title_bn: '   ', description_bn: '' });
    for (const id of [none, empty]) expect(await read(id)).toMatchObject({ title_bn: null, description_bn: null });
  });

  it('changes or removes the Bangla alone, the English untouched', async () => {
    const id = await create(english);
    expect((await write('PATCH', `/api/service/${id}`, { title_bn: 'মেহেদি' })).json()).toEqual({ modifiedCount: 1 });
    expect(await read(id)).toMatchObject({ title: 'Henna Night', title_bn: 'মেহেদি', description_bn: null });
    expect((await write('PATCH', `/api/service/${id}`, { title_bn: '' })).json()).toEqual({ modifiedCount: 1 });
    expect(await read(id)).toMatchObject({ title: 'Henna Night', title_bn: null });
  });

  it('refuses a Bangla title over 100 characters or description over 2000 with a 400 under the field, changing nothing', async () => {
    const id = await create({ ...english, title_bn: 'মেহেদি' });
    const before = await read(id);
    const count = (await catalogue()).length;

    const longTitle = await write('PATCH', `/api/service/${id}`, { title: 'Changed', title_bn: 'ম'.repeat(101) });
    expect(longTitle.statusCode).toBe(400);
    expect(apiErrorSchema.parse(longTitle.json()).issues).toContainEqual(
      expect.objectContaining({ path: 'title_bn', message: 'Bangla title must be at most 100 characters' }),
    );
    const longDescription = await write('POST', '/api/service', { ...english, description_bn: 'ম'.repeat(2001) });
    expect(longDescription.statusCode).toBe(400);
    expect(apiErrorSchema.parse(longDescription.json()).issues).toContainEqual(expect.objectContaining({ path: 'description_bn' }));

    expect(await read(id)).toEqual(before);
    expect((await catalogue()).length).toBe(count);
    // The limits are the English ones: exactly 100 passes.
    expect((await write('PATCH', `/api/service/${id}`, { title_bn: 'ম'.repeat(100) })).statusCode).toBe(200);
  });

  it('answers the refusal in Bangla to a Bangla page', async () => {
    const id = await create(english);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/service/${id}`,
      headers: { origin: t.config.publicUrl, cookie: admin.cookie, 'accept-language': 'bn' },
      payload: { title_bn: 'ম'.repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    const problem = apiErrorSchema.parse(res.json()).issues?.find((e) => e.path === 'title_bn');
    expect(problem?.message).toMatch(/[\u0980-\u09FF]/);
  });

  it("puts the Bangla title on her booking list and in the booking's snapshot, which a later edit does not rewrite", async () => {
    const id = await create({ ...english, title_bn: 'মেহেদি নাইট' });
    const plain = await create(english);
    const customer = await signUp(t.app);
    await addItem(t.app, customer, id);
    await addItem(t.app, customer, plain);
    const items = cartItemSchema.array().parse((await asUser(t.app, customer).get(`/api/cart?email=${encodeURIComponent(customer.email)}`)).json());
    expect(items.map((i) => [i.title, i.title_bn])).toEqual([['Henna Night', 'মেহেদি নাইট'], ['Henna Night', null]]);
    for (const item of items) await asUser(t.app, customer).delete(`/api/cart/${item._id}`);

    const visit = await bookAndPay(t.app, customer, { _id: id, price: english.price }, openDay(), '11:00');
    await write('PATCH', `/api/service/${id}`, { title_bn: 'নতুন নাম' });
    const bookings = bookingSchema.omit({ canCancel: true, canComplete: true, canMove: true }).array().parse(
      (await asUser(t.app, customer).get('/api/bookings')).json(),
    );
    expect(bookings.find((b) => b._id === visit.id)).toMatchObject({ title: 'Henna Night', title_bn: 'মেহেদি নাইট' });
  });
});

/** Stylists through the API: the public team list, the admin's writes, her hours and her time off. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from '../db/rows.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, distinctOpenDays } from '../test/booking.js';
import { bookAndPay } from '../test/appointments.js';
import { uploadImage } from '../test/uploads.js';
import { removeUnreferencedUploads } from '../repositories/uploads.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { staffDetailSchema, staffListSchema, timeOffConflictSchema, timeOffListSchema, weeklyHoursSchema } from '../../shared/staff.js';

let t: TestApp;
let admin: Account;
let customer: Account;
let services: { _id: string; title: string; price: number }[];
const nextDay = distinctOpenDays(4);

beforeAll(async () => {
  t = await createTestApp({ team: true });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app, { name: 'Mitu Rahman' });
  services = (await t.app.inject({ url: '/api/service' })).json();
});
afterAll(async () => t.close());

const team = async () => staffListSchema.parse((await t.app.inject({ url: '/api/staff' })).json());
/** Everything stored about her, straight from the database. */
const stored = async (id: string) =>
  rowsOf(
    t.database.db,
    sql`select s.*,
      (select json_agg(ss order by ss.service_id) from staff_services ss where ss.staff_id = s.id) as services,
      (select json_agg(h order by h.weekday, h.start_minute) from staff_hours h where h.staff_id = s.id) as hours,
      (select json_agg(o order by o.starts_at) from staff_time_off o where o.staff_id = s.id) as time_off
    from staff s where s.id = ${id}`,
  );

async function addStylist(body: object = {}): Promise<string> {
  const res = await asUser(t.app, admin).post('/api/staff', { name: 'Rina Akter', bio: 'Colour and cuts.', services: [{ serviceId: services[0]!._id, duration: null }], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

const WEEK = { days: [[], [{ start: '10:00', end: '13:00' }, { start: '14:00', end: '18:00' }], [{ start: '10:00', end: '18:00' }], [], [], [], []] };

describe('adding and changing a stylist', () => {
  it('stores what the admin sends and shows her on the public list with her services', async () => {
    const photo = await uploadImage(t.app);
    const id = await addStylist({ photo_url: photo, services: [{ serviceId: services[1]!._id, duration: 45 }, { serviceId: services[0]!._id, duration: null }] });
    const detail = staffDetailSchema.parse((await asUser(t.app, admin).get(`/api/staff/${id}`)).json());
    expect(detail).toMatchObject({ _id: id, name: 'Rina Akter', bio: 'Colour and cuts.', photo_url: photo, retired: false });
    expect(detail.services).toEqual(
      expect.arrayContaining([
        { serviceId: services[1]!._id, duration: 45 },
        { serviceId: services[0]!._id, duration: null },
      ]),
    );
    const listed = (await team()).find((s) => s._id === id);
    expect(listed?.serviceIds.sort()).toEqual([services[0]!._id, services[1]!._id].sort());
  });

  it("keeps her photo through the cleanup of unused images, and lets a replaced one go", async () => {
    const first = await uploadImage(t.app);
    const id = await addStylist({ photo_url: first });
    await removeUnreferencedUploads(t.database.db, 0);
    expect((await t.app.inject({ url: first })).statusCode).toBe(200);
    const second = await uploadImage(t.app);
    expect((await asUser(t.app, admin).patch(`/api/staff/${id}`, { photo_url: second })).json()).toEqual({ modifiedCount: 1 });
    await removeUnreferencedUploads(t.database.db, 0);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second })).statusCode).toBe(200);
  });

  it('refuses bad fields with 400 naming them, storing nothing', async () => {
    const count = async () => (await rowsOf(t.database.db, sql`select id from staff`)).length;
    const before = await count();
    for (const [body, path] of [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ name: 'Ok', bio: 'x'.repeat(601) }, 'bio'],
      [{ name: 'Ok', photo_url: 'https://evil.example/a.png' }, 'photo_url'],
      [{ name: 'Ok', services: [{ serviceId: services[0]!._id, duration: 10 }] }, 'services.0.duration'],
      [{ name: 'Ok', services: [{ serviceId: services[0]!._id, duration: 50 }] }, 'services.0.duration'],
      [{ name: 'Ok', services: [{ serviceId: services[0]!._id, duration: null }, { serviceId: services[0]!._id, duration: null }] }, 'services.1.serviceId'],
      [{ name: 'Ok', services: [{ serviceId: '00000000-0000-4000-8000-000000000000', duration: null }] }, 'services.0.serviceId'],
      [{ name: 'Ok', photo_url: '/uploads/00000000-0000-4000-8000-000000000000.webp' }, 'photo_url'],
    ] as const) {
      const res = await asUser(t.app, admin).post('/api/staff', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(apiErrorSchema.parse(res.json()).issues?.map((i) => i.path)).toContain(path);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a field it does not take (serviceIds for services), at any depth, with 400 naming it and storing nothing', async () => {
    // Issue 43: `serviceIds` was dropped unseen and a stylist with no services answered 201.
    const count = async () => (await rowsOf(t.database.db, sql`select id from staff`)).length;
    const before = await count();
    const serviceId = services[0]!._id;
    for (const [body, path, fields] of [
      [{ name: 'Rina Akter', serviceIds: [serviceId] }, 'serviceIds', 'name, bio, photo_url, services, accountEmail'],
      [{ name: 'Rina Akter', services: [{ serviceId, duration: null, price: 500 }] }, 'services.0.price', 'serviceId, duration'],
    ] as const) {
      const res = await asUser(t.app, admin).post('/api/staff', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // The field is named, with the ones that object takes: the admin sees what she meant.
      expect(apiErrorSchema.parse(res.json()).issues).toEqual([{ path, message: `Unknown field; expected one of: ${fields}` }]);
    }
    expect(await count()).toBe(before);
    // A change is refused the same way, and changes nothing.
    const id = await addStylist();
    const stylist = await stored(id);
    const res = await asUser(t.app, admin).patch(`/api/staff/${id}`, { bio: 'Bridal hair.', serviceIds: [serviceId] });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).issues?.map((i) => i.path)).toEqual(['serviceIds']);
    expect(await stored(id)).toEqual(stylist);
  });

  it('changes only the fields sent; services replace her list; 0 when nothing differs', async () => {
    const id = await addStylist();
    const patch = (body: object) => asUser(t.app, admin).patch(`/api/staff/${id}`, body);
    expect((await patch({ bio: 'Bridal hair.' })).json()).toEqual({ modifiedCount: 1 });
    expect((await patch({ bio: 'Bridal hair.' })).json()).toEqual({ modifiedCount: 0 });
    expect((await patch({ services: [{ serviceId: services[2]!._id, duration: 30 }] })).json()).toEqual({ modifiedCount: 1 });
    const detail = staffDetailSchema.parse((await asUser(t.app, admin).get(`/api/staff/${id}`)).json());
    expect(detail).toMatchObject({ name: 'Rina Akter', bio: 'Bridal hair.', services: [{ serviceId: services[2]!._id, duration: 30 }] });
  });

  it('refuses visitors (401) and customers (403), changing nothing', async () => {
    const id = await addStylist();
    const before = await stored(id);
    expect((await asUser(t.app, undefined).patch(`/api/staff/${id}`, { name: 'Hacked' })).statusCode).toBe(401);
    expect((await asUser(t.app, customer).patch(`/api/staff/${id}`, { name: 'Hacked' })).statusCode).toBe(403);
    expect((await asUser(t.app, customer).delete(`/api/staff/${id}`)).statusCode).toBe(403);
    expect((await asUser(t.app, customer).put(`/api/staff/${id}/hours`, WEEK)).statusCode).toBe(403);
    expect((await asUser(t.app, customer).post(`/api/staff/${id}/time-off`, { startsAt: '2031-01-01T04:00:00Z', endsAt: '2031-01-02T04:00:00Z' })).statusCode).toBe(403);
    expect((await asUser(t.app, customer).get(`/api/staff/${id}`)).statusCode).toBe(403);
    expect(await stored(id)).toEqual(before);
  });

  it('answers 404 for an unknown stylist', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await asUser(t.app, admin).get(`/api/staff/${unknown}`)).statusCode).toBe(404);
    expect((await asUser(t.app, admin).patch(`/api/staff/${unknown}`, { bio: 'x' })).statusCode).toBe(404);
    expect((await asUser(t.app, admin).delete(`/api/staff/${unknown}`)).statusCode).toBe(404);
    expect((await asUser(t.app, admin).get(`/api/staff/${unknown}/hours`)).statusCode).toBe(404);
    expect((await asUser(t.app, admin).put(`/api/staff/${unknown}/hours`, WEEK)).statusCode).toBe(404);
    expect((await asUser(t.app, admin).post(`/api/staff/${unknown}/time-off`, { startsAt: '2031-01-01T04:00:00Z', endsAt: '2031-01-02T04:00:00Z' })).statusCode).toBe(404);
    expect((await asUser(t.app, admin).get('/api/staff/42')).statusCode).toBe(400);
  });
});

describe('retiring a stylist', () => {
  it('hides her from the public list and keeps her row and her bookings', async () => {
    const id = await addStylist();
    const visit = await bookAndPay(t.app, customer, services[0]!, nextDay(), '11:00');
    await t.database.db.execute(sql`update bookings set staff_id = ${id} where id = ${visit.id}`);
    const res = await asUser(t.app, admin).delete(`/api/staff/${id}`);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await team()).map((s) => s._id)).not.toContain(id);
    const [row] = await rowsOf<{ retired_at: Date | null }>(t.database.db, sql`select retired_at from staff where id = ${id}`);
    expect(row?.retired_at).not.toBeNull();
    const [booking] = await rowsOf<{ staff_id: string; status: string }>(t.database.db, sql`select staff_id, status from bookings where id = ${visit.id}`);
    expect(booking).toEqual({ staff_id: id, status: 'confirmed' });
    // Retired: no longer edited, and a second retirement finds nobody.
    expect((await asUser(t.app, admin).patch(`/api/staff/${id}`, { bio: 'x' })).statusCode).toBe(404);
    expect((await asUser(t.app, admin).delete(`/api/staff/${id}`)).statusCode).toBe(404);
  });

  it('lists her among the retired, and brings her back with her services and hours as she left them', async () => {
    const id = await addStylist();
    const week = { days: [[], [{ start: '10:00', end: '13:00' }, { start: '14:00', end: '18:00' }], [], [], [], [], []] };
    expect((await asUser(t.app, admin).put(`/api/staff/${id}/hours`, week)).statusCode).toBe(200);
    const before = (await team()).find((s) => s._id === id)!;
    expect((await asUser(t.app, admin).delete(`/api/staff/${id}`)).statusCode).toBe(200);
    const retired = staffListSchema.parse((await asUser(t.app, admin).get('/api/staff/retired')).json());
    expect(retired[0]).toEqual(before);

    const back = await asUser(t.app, admin).post(`/api/staff/${id}/reinstate`, {});
    expect(back.json()).toEqual({ modifiedCount: 1 });
    expect((await team()).find((s) => s._id === id)).toEqual(before);
    expect(weeklyHoursSchema.parse((await asUser(t.app, admin).get(`/api/staff/${id}/hours`)).json())).toEqual(week);
    expect(staffListSchema.parse((await asUser(t.app, admin).get('/api/staff/retired')).json()).map((s) => s._id)).not.toContain(id);
    // Already back: nothing to do; a customer may neither list nor bring back.
    expect((await asUser(t.app, admin).post(`/api/staff/${id}/reinstate`, {})).json()).toEqual({ modifiedCount: 0 });
    expect((await asUser(t.app, customer).get('/api/staff/retired')).statusCode).toBe(403);
  });
});

describe('weekly hours', () => {
  it('stores several spans a day (the gap is her break) and reads them back', async () => {
    const id = await addStylist();
    const empty = weeklyHoursSchema.parse((await asUser(t.app, admin).get(`/api/staff/${id}/hours`)).json());
    expect(empty.days).toEqual([[], [], [], [], [], [], []]);
    const res = await asUser(t.app, admin).put(`/api/staff/${id}/hours`, WEEK);
    expect(res.statusCode, res.body).toBe(200);
    expect((await asUser(t.app, admin).get(`/api/staff/${id}/hours`)).json()).toEqual(WEEK);
  });

  it('refuses overlapping, touching, off-grid or backwards spans with 400, keeping the week', async () => {
    const id = await addStylist();
    await asUser(t.app, admin).put(`/api/staff/${id}/hours`, WEEK);
    const before = await stored(id);
    const day = (spans: object[]) => ({ days: [spans, [], [], [], [], [], []] });
    for (const [body, path] of [
      [day([{ start: '10:00', end: '13:00' }, { start: '12:00', end: '15:00' }]), 'days.0.1.start'],
      [day([{ start: '14:00', end: '18:00' }, { start: '10:00', end: '14:00' }]), 'days.0.0.start'],
      [day([{ start: '10:10', end: '13:00' }]), 'days.0.0.start'],
      [day([{ start: '13:00', end: '10:00' }]), 'days.0.0.end'],
      [day([{ start: '25:00', end: '26:00' }]), 'days.0.0.start'],
      [{ days: [[], []] }, 'days'],
    ] as const) {
      const res = await asUser(t.app, admin).put(`/api/staff/${id}/hours`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(apiErrorSchema.parse(res.json()).issues?.map((i) => i.path)).toContain(path);
    }
    expect(await stored(id)).toEqual(before);
  });
});

describe('time off', () => {
  it('adds, lists and removes time off', async () => {
    const id = await addStylist();
    const added = await asUser(t.app, admin).post(`/api/staff/${id}/time-off`, { startsAt: '2031-02-01T04:00:00Z', endsAt: '2031-02-03T04:00:00Z', note: 'Wedding' });
    expect(added.statusCode, added.body).toBe(201);
    const list = timeOffListSchema.parse((await asUser(t.app, admin).get(`/api/staff/${id}/time-off`)).json());
    expect(list).toEqual([{ _id: added.json<{ _id: string }>()._id, startsAt: '2031-02-01T04:00:00.000Z', endsAt: '2031-02-03T04:00:00.000Z', note: 'Wedding' }]);
    expect((await asUser(t.app, admin).delete(`/api/staff/${id}/time-off/${list[0]!._id}`)).json()).toEqual({ deletedCount: 1 });
    expect((await asUser(t.app, admin).get(`/api/staff/${id}/time-off`)).json()).toEqual([]);
  });

  it('refuses a backwards, too long or off-grid range with 400', async () => {
    const id = await addStylist();
    for (const [body, path] of [
      [{ startsAt: '2031-02-03T04:00:00Z', endsAt: '2031-02-01T04:00:00Z' }, 'endsAt'],
      [{ startsAt: '2031-02-01T04:00:00Z', endsAt: '2032-02-03T04:00:00Z' }, 'endsAt'],
      [{ startsAt: '2031-02-01T04:07:00Z', endsAt: '2031-02-03T04:00:00Z' }, 'startsAt'],
      [{ startsAt: 'tomorrow', endsAt: '2031-02-03T04:00:00Z' }, 'startsAt'],
    ] as const) {
      const res = await asUser(t.app, admin).post(`/api/staff/${id}/time-off`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(apiErrorSchema.parse(res.json()).issues?.map((i) => i.path)).toContain(path);
    }
    expect((await stored(id))[0]).toMatchObject({ time_off: null });
  });

  it('over one of her bookings answers 409 listing it, and adds nothing', async () => {
    const id = await addStylist();
    const other = await addStylist({ name: 'Nila' });
    const date = nextDay();
    const hers = await bookAndPay(t.app, customer, services[0]!, date, '12:00');
    const notHers = await bookAndPay(t.app, customer, services[0]!, date, '15:00');
    await t.database.db.execute(sql`update bookings set staff_id = ${id} where id = ${hers.id}`);
    await t.database.db.execute(sql`update bookings set staff_id = ${other} where id = ${notHers.id}`);
    const before = await stored(id);
    const dayOff = { startsAt: new Date(hers.startsAt.getTime() - 2 * 3_600_000).toISOString(), endsAt: new Date(hers.startsAt.getTime() + 8 * 3_600_000).toISOString(), note: 'Ill' };
    const res = await asUser(t.app, admin).post(`/api/staff/${id}/time-off`, dayOff);
    expect(res.statusCode).toBe(409);
    const conflict = timeOffConflictSchema.parse(res.json());
    expect(conflict.bookings).toEqual([{ _id: hers.id, startsAt: hers.startsAt.toISOString(), endsAt: hers.endsAt.toISOString(), service: services[0]!.title, customer: 'Mitu Rahman' }]);
    expect(await stored(id)).toEqual(before);

    // Time off that only touches the booking's end is fine; a cancelled booking is no longer in the way.
    const after = await asUser(t.app, admin).post(`/api/staff/${id}/time-off`, { startsAt: hers.endsAt.toISOString(), endsAt: new Date(hers.endsAt.getTime() + 3_600_000).toISOString() });
    expect(after.statusCode, after.body).toBe(201);
    await t.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${hers.id}`);
    expect((await asUser(t.app, admin).post(`/api/staff/${id}/time-off`, dayOff)).statusCode).toBe(201);
  });
});

describe('the demo team', () => {
  it('is seeded: five stylists with their services and hours, one with a break, one away next week', async () => {
    const seeded = (await team()).filter((s) => ['Shirin Akter', 'Nasima Begum', 'Rupa Das', 'Mitu Rahman', 'Farhana Islam'].includes(s.name));
    expect(seeded.map((s) => s.name)).toEqual(['Shirin Akter', 'Nasima Begum', 'Rupa Das', 'Mitu Rahman', 'Farhana Islam']);
    for (const stylist of seeded) expect(stylist.serviceIds.length, stylist.name).toBeGreaterThan(0);
    const shirin = weeklyHoursSchema.parse((await asUser(t.app, admin).get(`/api/staff/${seeded[0]!._id}/hours`)).json());
    expect(shirin.days[0]).toEqual([{ start: '10:00', end: '13:00' }, { start: '14:00', end: '19:00' }]);
    expect(shirin.days[5]).toEqual([]);
    const away = timeOffListSchema.parse((await asUser(t.app, admin).get(`/api/staff/${seeded[4]!._id}/time-off`)).json());
    expect(away).toHaveLength(1);
    const startsIn = Date.parse(away[0]!.startsAt) - Date.now();
    expect(startsIn).toBeGreaterThan(0);
    expect(startsIn).toBeLessThan(15 * 86_400_000);
  });
});

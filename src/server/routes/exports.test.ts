/**
 * The order list and payment history as CSV files (`format=csv`): the same rows the JSON list
 * shows, for the same filters and the same viewer, with amounts in taka and times on the salon's
 * clock, quoted so that commas, quotes and line breaks in a name survive, and guarded so a name
 * cannot become a spreadsheet formula.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { bookings, payments } from '../db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser, openDay, readyToPay } from '../test/booking.js';
import type { Booking, Payment } from '../../shared/payments.js';
import { csvCell, toCsv } from '../csv.js';
import { addStylist, setStylist } from '../test/stylists.js';
import { parse } from 'csv-parse/sync';

/** A small RFC 4180 reader, written apart from the writer so the test does not trust it. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF'), 'the file starts with a byte-order mark').toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  expect(row.length === 0 && cell === '', 'the file ends with a line break').toBe(true);
  return rows;
}

/** Dhaka keeps +06:00 all year: the wall clock is the instant plus six hours. */
const dhakaClock = (iso: string) => new Date(Date.parse(iso) + 6 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
/** What a spreadsheet shows of a name the customer typed. */
const guarded = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);

const TRICKY_NAME = '=HYPERLINK("http://evil.example"), "Mim"\nRahman';
/** A stylist's name the admin typed: a comma and quotes to quote, a formula start to disarm. */
const TRICKY_STYLIST = '=Nila "Nilu", Akter';

let t: TestApp;
let admin: Account;
let mim: Account;
let other: Account;
const day = openDay(4);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  mim = await signUp(t.app, { name: 'Mim' });
  other = await signUp(t.app, { name: 'Other, Customer' });
  // The sign-up form would not take a line break; the export must survive one all the same.
  await t.database.db.execute(sql`update "user" set name = ${TRICKY_NAME} where id = ${mim.id}`);
  const services = (await t.app.inject({ url: '/api/service' })).json<{ _id: string; price: number }[]>();
  for (const [who, picks] of [
    [mim, [{ serviceId: services[0]!._id, time: '10:00' }, { serviceId: services[1]!._id, time: '12:00' }]],
    [other, [{ serviceId: services[2]!._id, time: '14:00' }]],
  ] as const) {
    await readyToPay(t.app, who, [...picks], day);
    const price = picks.reduce((sum, pick) => sum + services.find((s) => s._id === pick.serviceId)!.price, 0);
    const intent = (await asUser(t.app, who).post('/api/create-payment-intent', { price })).json<{ clientSecret: string }>();
    // Mim pays by card, Other by bKash: the export says which.
    let paid;
    if (who === mim) {
      paid = await asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret: intent.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
    } else {
      const sent = await asUser(t.app, who).post('/api/payments/test/wallet', { clientSecret: intent.clientSecret, wallet: 'bkash', number: '01711234567' });
      paid = await asUser(t.app, who).post('/api/payments/test/wallet/confirm', { attemptId: sent.json<{ attemptId: string }>().attemptId, code: '123456' });
    }
    if (paid.statusCode !== 200 || paid.json<{ status: string }>().status !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
  }
  // One of Mim's appointments cancelled and refunded, so the refund columns hold something.
  const mine = (await asUser(t.app, mim).get('/api/bookings')).json<Booking[]>();
  const cancelled = await asUser(t.app, admin).post(`/api/bookings/${mine[0]!._id}/cancel`, {});
  if (cancelled.statusCode !== 200) throw new Error(`cancel failed: ${cancelled.body}`);
  // Mim's other visit was done by a stylist; Other's was booked before the salon had any.
  await setStylist(t.app, [mine[1]!._id], await addStylist(t.app, admin, TRICKY_STYLIST, [services[1]!._id]));
});
afterAll(async () => t?.close());

const bookingRow = (b: Booking) => [
  b._id,
  dhakaClock(b.startsAt),
  dhakaClock(b.endsAt),
  b.title,
  String(b.duration),
  String(b.price),
  String(b.refunded),
  b.status,
  guarded(b.customer.name),
  b.customer.email,
  b.paymentId,
  b.staffName === null ? '' : guarded(b.staffName),
  String(b.money.paidOnline),
  String(b.money.paidAtSalon),
  String(b.money.due),
  String(b.money.depositKept),
];
const BOOKING_HEADER = [
  ...['Booking', 'Starts', 'Ends', 'Service', 'Minutes', 'Price (BDT)', 'Refunded (BDT)', 'Status', 'Customer', 'E-mail', 'Payment', 'Stylist'],
  ...['Paid online (BDT)', 'Paid at the salon (BDT)', 'Due (BDT)', 'Deposit kept (BDT)'],
];
const paymentRow = (p: Payment) => [
  p._id,
  dhakaClock(p.createdAt),
  p.paidAt ? dhakaClock(p.paidAt) : '',
  guarded(p.customer.name),
  p.customer.email,
  p.services.map((s) => (s.staffName === null ? s.title : `${s.title} with ${s.staffName}`)).join('; '),
  String(p.amount),
  String(p.refunded),
  String(p.amount - p.refunded),
  p.status,
  p.gateway,
  p.gatewayRef,
  p.gateway === 'salon' ? 'Pay at the salon' : p.method === 'card' ? 'Card' : p.method === 'bkash' ? 'bKash' : '',
];

async function both(who: Account, path: string, query: string) {
  const json = await asUser(t.app, who).get(`${path}?${query}`);
  const csv = await asUser(t.app, who).get(`${path}?${query}${query ? '&' : ''}format=csv`);
  expect(json.statusCode).toBe(200);
  expect(csv.statusCode, csv.body).toBe(200);
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  return { json, csv, rows: parseCsv(csv.body) };
}

describe('GET /api/bookings?format=csv', () => {
  it("gives the admin every booking the JSON list shows for the filters, as a download, Mim's name quoted and disarmed", async () => {
    const { json, csv, rows } = await both(admin, '/api/bookings', `from=${day}&to=${day}`);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="parlour-bookings-from-${day}-to-${day}.csv"`);
    const list = json.json<Booking[]>();
    expect(list).toHaveLength(3);
    // The money columns come after the ones older files had, which keep their places.
    expect(rows[0]).toEqual(BOOKING_HEADER);
    expect(rows.slice(1)).toEqual(list.map(bookingRow));
    const mims = rows.filter((row) => row[9] === mim.email);
    expect(mims).toHaveLength(2);
    expect(mims.every((row) => row[8] === `'${TRICKY_NAME}`)).toBe(true);
    expect(rows.find((row) => row[9] === other.email)![8]).toBe('Other, Customer');
    expect(mims.map((row) => row[7]).sort()).toEqual(['cancelled', 'confirmed']);
    expect(rows.slice(1).map((row) => row[1]!.slice(0, 10))).toEqual([day, day, day]);
    // The stylist, quoted and disarmed, on her visit only; nobody on the visits without one.
    expect(rows.slice(1).map((row) => [row[7], row[11]]).sort()).toEqual([
      ['cancelled', ''],
      ['confirmed', ''],
      ['confirmed', `'${TRICKY_STYLIST}`],
    ]);
    expect(csv.body).toContain(`,"'=Nila ""Nilu"", Akter",`);
  });

  it('applies the status filter as the JSON list does', async () => {
    const { json, rows } = await both(admin, '/api/bookings', 'status=cancelled');
    expect(json.json<Booking[]>()).toHaveLength(1);
    expect(rows.slice(1)).toEqual(json.json<Booking[]>().map(bookingRow));
    const none = await both(admin, '/api/bookings', `from=${openDay(20)}`);
    expect(none.rows).toHaveLength(1);
  });

  it("gives a customer her own bookings only, never another customer's", async () => {
    const { json, rows } = await both(other, '/api/bookings', '');
    const list = json.json<Booking[]>();
    expect(list.map((b) => b.customer.email)).toEqual([other.email]);
    expect(rows.slice(1)).toEqual(list.map(bookingRow));
    expect(rows.some((row) => row.includes(mim.email))).toBe(false);
  });

  it('refuses a visitor with 401 and an unknown format with 400, in the one error shape', async () => {
    const anonymous = await asUser(t.app, undefined).get('/api/bookings?format=csv');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Please log in to continue.' });
    const xml = await asUser(t.app, admin).get('/api/bookings?format=xml');
    expect(xml.statusCode).toBe(400);
    expect(xml.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', issues: [expect.objectContaining({ path: 'query.format' })] });
  });
});

describe('the CSV files in Bangla', () => {
  const get = (who: Account, url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { cookie: who.cookie, ...headers } });

  it('has the header row and status words in the Accept-Language (or lang=bn of a Bangla page\'s link), read back by csv-parse', async () => {
    for (const [url, headers] of [
      [`/api/bookings?from=${day}&to=${day}&format=csv`, { 'accept-language': 'bn' }],
      [`/api/bookings?from=${day}&to=${day}&format=csv&lang=bn`, { 'accept-language': 'en-US,en;q=0.9' }],
    ] as const) {
      const res = await get(admin, url, headers);
      expect(res.statusCode, res.body).toBe(200);
      const rows = parse(res.body, { bom: true, relax_column_count: false }) as string[][];
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      expect(rows[0]).toEqual(['বুকিং', 'শুরু', 'শেষ', 'সেবা', 'মিনিট', 'দাম (টাকা)', 'ফেরত (টাকা)', 'অবস্থা', 'গ্রাহক', 'ইমেইল', 'পেমেন্ট', 'স্টাইলিস্ট', 'অনলাইনে পরিশোধিত (টাকা)', 'সেলুনে পরিশোধিত (টাকা)', 'বাকি (টাকা)', 'রেখে দেওয়া অগ্রিম (টাকা)']);
      expect(rows.slice(1).map((row) => row[7]).sort()).toEqual(['নিশ্চিত', 'নিশ্চিত', 'বাতিল']);
      // Her name kept as she wrote it, line break and all, and disarmed as in English.
      expect(rows.filter((row) => row[9] === mim.email).every((row) => row[8] === `'${TRICKY_NAME}`)).toBe(true);
    }
    const payments = await get(admin, '/api/payments?format=csv', { 'accept-language': 'bn-BD,bn;q=0.9' });
    const [header] = parse(payments.body, { bom: true }) as string[][];
    expect(header).toEqual(['পেমেন্ট', 'তৈরি', 'পরিশোধের সময়', 'গ্রাহক', 'ইমেইল', 'সেবাগুলো', 'পরিমাণ (টাকা)', 'ফেরত (টাকা)', 'নিট (টাকা)', 'অবস্থা', 'গেটওয়ে', 'রেফারেন্স', 'পরিশোধের মাধ্যম']);
  });

  it('stays English for an English page', async () => {
    const res = await get(admin, `/api/bookings?from=${day}&to=${day}&format=csv`, { 'accept-language': 'en' });
    expect((parse(res.body, { bom: true }) as string[][])[0]).toEqual(BOOKING_HEADER);
  });
});

describe('GET /api/payments?format=csv', () => {
  it('gives the admin the payments the JSON list shows, with refunds and what the salon kept', async () => {
    const { json, csv, rows } = await both(admin, '/api/payments', '');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="parlour-payments.csv"');
    const list = json.json<Payment[]>();
    expect(list).toHaveLength(2);
    expect(rows[0]).toEqual(['Payment', 'Created', 'Paid', 'Customer', 'E-mail', 'Services', 'Amount (BDT)', 'Refunded (BDT)', 'Net (BDT)', 'Status', 'Gateway', 'Reference', 'Paid by']);
    expect(rows.slice(1)).toEqual(list.map(paymentRow));
    expect(rows.slice(1).map((row) => [row[4], row[12]]).sort()).toEqual([[mim.email, 'Card'], [other.email, 'bKash']].sort());
    const mims = rows.find((row) => row[4] === mim.email)!;
    expect(Number(mims[7])).toBeGreaterThan(0);
    // Each service names its stylist in the one cell; the one without a stylist names nobody.
    const hers = list.find((p) => p.customer.email === mim.email)!;
    expect(mims[5]).toBe(hers.services.map((s) => (s.staffName ? `${s.title} with ${TRICKY_STYLIST}` : s.title)).join('; '));
    expect(hers.services.filter((s) => s.staffName !== null)).toHaveLength(1);
    expect(rows.find((row) => row[4] === other.email)![5]).not.toContain(' with ');
    expect(mims[9]).toBe('partially_refunded');
  });

  it('applies the status filter, and gives a customer her own payments only', async () => {
    const refunded = await both(admin, '/api/payments', 'status=partially_refunded');
    expect(refunded.rows.slice(1).map((row) => row[4])).toEqual([mim.email]);
    const hers = await both(mim, '/api/payments', 'status=succeeded');
    expect(hers.rows).toHaveLength(1);
    const theirs = await both(other, '/api/payments', '');
    expect(theirs.rows.slice(1)).toEqual(theirs.json.json<Payment[]>().map(paymentRow));
    expect(theirs.rows.slice(1).map((row) => row[4])).toEqual([other.email]);
  });
});

describe('a long history', () => {
  it('is exported whole, past the 500 rows a page shows', async () => {
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.userId, other.id));
    const services = (await t.app.inject({ url: '/api/service' })).json<{ _id: string }[]>();
    const start = Date.parse('2025-01-05T04:00:00Z');
    await t.database.db.insert(bookings).values(
      Array.from({ length: 600 }, (_, i) => ({
        userId: other.id,
        paymentId: payment!.id,
        cartItemId: randomUUID(),
        serviceId: services[0]!._id,
        title: 'Past visit',
        priceMinor: 100_000,
        onlineMinor: 100_000,
        durationMinutes: 60,
        imageUrl: '/images/services/haircut.svg',
        startsAt: new Date(start + i * 86_400_000),
        endsAt: new Date(start + i * 86_400_000 + 3_600_000),
        status: 'completed' as const,
      })),
    );
    const page = await asUser(t.app, admin).get('/api/bookings?status=completed');
    expect(page.json<Booking[]>()).toHaveLength(500);
    const csv = await asUser(t.app, admin).get('/api/bookings?status=completed&format=csv');
    expect(parseCsv(csv.body).slice(1)).toHaveLength(600);
  });
});

/**
 * Deposits and paying at the salon (docs/decisions/042): a deposit with part of the rest taken at
 * the counter, a visit booked to pay at the salon, a deposit given up by a late cancellation. The
 * bookings file's last four columns are each visit's money; the payments file reads the ৳0 record of
 * a list booked to pay at the salon as such.
 */
describe('money paid online and at the salon in the CSV files', () => {
  const visitDay = openDay(8);
  let service: { _id: string; title: string; price: number };
  let deposit: number;
  const people: Record<'dia' | 'eva' | 'gia', Account> = {} as Record<'dia' | 'eva' | 'gia', Account>;

  async function bookAndPay(who: Account, time: string, online: number) {
    await readyToPay(t.app, who, [{ serviceId: service._id, time }], visitDay);
    const intent = await asUser(t.app, who).post('/api/create-payment-intent', { price: online });
    if (intent.statusCode !== 200) throw new Error(`checkout failed: ${intent.body}`);
    if (online > 0) {
      const paid = await asUser(t.app, who).post('/api/payments/test/confirm', { clientSecret: intent.json<{ clientSecret: string }>().clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
      if (paid.json<{ status: string }>().status !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
    }
    return (await asUser(t.app, who).get('/api/bookings')).json<Booking[]>()[0]!._id;
  }

  async function ok(res: Promise<{ statusCode: number; body: string }>) {
    const done = await res;
    if (done.statusCode !== 200) throw new Error(`${done.statusCode} ${done.body}`);
  }

  beforeAll(async () => {
    // The service the stylist added above does: once the salon has stylists, visits are booked with one.
    const catalogue = (await t.app.inject({ url: '/api/service' })).json<{ _id: string; title: string; price: number }[]>();
    service = catalogue[1]!;
    deposit = Math.round(service.price * 0.3);
    const policy = (paymentPolicy: object | null) => ok(asUser(t.app, admin).patch(`/api/service/${service._id}`, { paymentPolicy }));
    const settings = async (change: object) => {
      const current = (await asUser(t.app, admin).get('/api/settings')).json<object>();
      await ok(asUser(t.app, admin).put('/api/settings', { ...current, ...change }));
    };
    people.dia = await signUp(t.app, { name: 'Dia' });
    people.eva = await signUp(t.app, { name: 'Eva' });
    people.gia = await signUp(t.app, { name: 'Gia' });

    await policy({ mode: 'deposit-percent', percent: 30 });
    const dias = await bookAndPay(people.dia, '10:00', deposit);
    await ok(asUser(t.app, admin).post(`/api/bookings/${dias}/counter-payments`, { amount: 100, method: 'cash' }));
    const gias = await bookAndPay(people.gia, '16:00', deposit);
    // Late: a notice longer than the days left before her visit.
    await settings({ cancelNoticeHours: 720 });
    await ok(asUser(t.app, people.gia).post(`/api/bookings/${gias}/cancel`, {}));
    await settings({ cancelNoticeHours: 24 });
    await policy({ mode: 'at-salon' });
    await bookAndPay(people.eva, '13:00', 0);
    await policy(null);
  });

  it("gives each visit's money in the last four columns: paid online, at the salon, due, deposit kept", async () => {
    const { json, rows } = await both(admin, '/api/bookings', `from=${visitDay}&to=${visitDay}`);
    expect(rows[0]).toEqual(BOOKING_HEADER);
    expect(rows.slice(1)).toEqual(json.json<Booking[]>().map(bookingRow));
    const money = (who: Account) => rows.find((row) => row[9] === who.email)!.slice(6, 8).concat(rows.find((row) => row[9] === who.email)!.slice(12));
    // [refunded, status, paid online, at the salon, due, deposit kept], by hand.
    expect(money(people.dia)).toEqual(['0', 'confirmed', String(deposit), '100', String(service.price - deposit - 100), '0']);
    expect(money(people.eva)).toEqual(['0', 'confirmed', '0', '0', String(service.price), '0']);
    expect(money(people.gia)).toEqual(['0', 'cancelled', String(deposit), '0', '0', String(deposit)]);
  });

  it("reads a list booked to pay at the salon as 'Pay at the salon', with ৳0 taken, in the payments file", async () => {
    const { json, rows } = await both(admin, '/api/payments', '');
    expect(rows.slice(1)).toEqual(json.json<Payment[]>().map(paymentRow));
    const evas = rows.find((row) => row[4] === people.eva.email)!;
    // Amount, refunded, net, status, gateway ... paid by.
    expect([...evas.slice(6, 11), evas[12]]).toEqual(['0', '0', '0', 'succeeded', 'salon', 'Pay at the salon']);
    expect(rows.find((row) => row[4] === people.dia.email)![12]).toBe('Card');
  });
});

describe('the CSV writer', () => {
  it('quotes commas, quotes and line breaks, and disarms formulas in text but not numbers', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@']) expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
  });
});

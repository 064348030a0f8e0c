import { request, type APIRequestContext } from '@playwright/test';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { PASSWORD, addToListByApi, adminApi, dhakaIso, logInAfterRedirect, payByCard, putSettings, salonDate, signUpByApi, uniqueEmail } from './journey';

const SERVICE = 'Classic Haircut & Blow-dry';

/** Another customer on a request context of her own: books and pays for `time`, answers how to cancel it. */
async function otherCustomerBooks(baseURL: string, date: string, time: string): Promise<{ api: APIRequestContext; bookingId: string }> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': `10.202.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  const signUp = await api.post('/api/auth/sign-up/email', { data: { name: 'Early Booker', email: uniqueEmail('early-booker'), password: PASSWORD, image: '/images/reviews/farzana.svg' } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const services = (await (await api.get('/api/service')).json()) as { _id: string; title: string; price: number }[];
  const service = services.find((entry) => entry.title === SERVICE)!;
  const added = (await (await api.post('/api/cart', { data: { cartItemId: service._id } })).json()) as { insertedId: string };
  const held = await api.patch(`/api/cart/${added.insertedId}`, { data: { startsAt: dhakaIso(date, time) } });
  expect(held.status(), await held.text()).toBe(200);
  const { clientSecret } = (await (await api.post('/api/create-payment-intent', { data: { price: service.price } })).json()) as { clientSecret: string };
  const paid = await api.post('/api/payments/test/confirm', { data: { clientSecret, cardNumber: '4242424242424242', expiry: `12/${(new Date().getFullYear() + 2) % 100}`, cvc: '123' } });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  const bookings = (await (await api.get('/api/bookings')).json()) as { _id: string; status: string }[];
  return { api, bookingId: bookings.find((b) => b.status === 'confirmed')!._id };
}

test('a full day: she joins the waitlist on her phone, another customer cancels, the offer e-mail comes and she books it', async ({ page, baseURL, consoleErrors }) => {
  test.setTimeout(120_000);
  const admin = await adminApi(baseURL);
  const before = (await (await admin.get('/api/settings')).json()) as Record<string, unknown>;
  // One chair, open 10:00-11:00: the day has one place, and the other customer takes it.
  await putSettings(admin, {
    ...before,
    capacity: 1,
    slotMinutes: 60,
    minNoticeMinutes: 0,
    openingHours: Array.from({ length: 7 }, () => ({ open: '10:00', close: '11:00' })),
  });
  const other = await otherCustomerBooks(baseURL!, salonDate(4), '10:00');
  const day = salonDate(4);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    const me = await signUpByApi(page, baseURL, 'Waiting Customer');
    await addToListByApi(page, baseURL, SERVICE);

    // Her booking list: the day she wants has no free time, so she joins its waitlist.
    await page.goto('/dashboard/bookinglist');
    await page.getByRole('button', { name: `Pick a time for ${SERVICE}` }).click();
    const picker = page.getByRole('region', { name: `Choose a time for ${SERVICE}` });
    await picker.getByLabel('Date').fill(day);
    await expect(picker.getByText('No free times that day')).toBeVisible();
    const join = picker.getByRole('form', { name: /^Wait for a time on / });
    await expect(join.getByRole('button', { name: 'Join the waitlist' })).toBeVisible();
    expect(await sidewaysOverflow(page), 'sideways scroll at 390 px').toBe(0);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await sidewaysOverflow(page), 'sideways scroll at 320 px').toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await join.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(picker.getByText(/^You are on the waitlist for /)).toBeVisible();

    // Her home: first in line, and she could leave.
    await page.goto('/dashboard/userhome');
    const waitlist = page.getByRole('region', { name: 'Your waitlist' });
    await expect(waitlist.getByText('1st in line')).toBeVisible();
    await expect(waitlist.getByRole('button', { name: /^Leave the waitlist for / })).toBeVisible();
    expect(await sidewaysOverflow(page), 'sideways scroll on her home').toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The other customer cancels: the place is offered to her, held on her list, and e-mailed.
    const cancelled = await other.api.post(`/api/bookings/${other.bookingId}/cancel`, { data: {} });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('region', { name: 'Your waitlist' }).getByText(/is held for you until/)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    // The e-mail, as the admin's Sent e-mails list has it, links to her booking list.
    let link = '';
    await expect(async () => {
      const mails = (await (await admin.get('/api/admin/outbox')).json()) as { to: string; subject: string; text: string }[];
      const offer = mails.find((m) => m.to === me.email && m.subject === `A time for your ${SERVICE} is free`);
      expect(offer).toBeDefined();
      link = /http\S+\/dashboard\/bookinglist/.exec(offer!.text)![0];
    }).toPass({ timeout: 30_000 });

    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('timer').first()).toBeVisible();
    await page.getByRole('link', { name: 'Get Appointment' }).click();
    await expect(page).toHaveURL(/\/dashboard\/appointment$/);
    await payByCard(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();

    // Booked: her home says so, and nothing is left to leave.
    await page.goto('/dashboard/userhome');
    const closed = page.getByRole('region', { name: 'Your waitlist' });
    await expect(closed.getByText('Booked', { exact: true })).toBeVisible();
    await expect(closed.getByRole('button', { name: /^Leave/ })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  } finally {
    await putSettings(admin, before);
    await other.api.dispose();
    await admin.dispose();
  }
});

test("the salon's calendar lists a day's waitlist on a phone, and the admin offers a time by hand", async ({ page, baseURL, browser, consoleErrors }) => {
  const day = salonDate(20);
  // A day no other spec books (the same weekday as six days ahead, where the demo stylists work at 14:00).
  // A customer waits for 08:00-09:00, before the salon opens: no sweep finds her a time.
  const customer = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.203.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
  try {
    const her = await customer.newPage();
    const me = await signUpByApi(her, baseURL, 'Early Riser');
    const services = (await (await her.request.get('/api/service')).json()) as { _id: string; title: string }[];
    const joined = await her.request.post('/api/waitlist', { headers: { origin: baseURL! }, data: { serviceId: services.find((s) => s.title === SERVICE)!._id, date: day, from: '08:00', to: '09:00' } });
    expect(joined.status(), await joined.text()).toBe(201);

    await page.setViewportSize({ width: 390, height: 844 });
    await logInAfterRedirect(page, '/dashboard/calendar');
    await page.goto(`/dashboard/calendar?date=${day}&view=day`);
    const waitlist = page.getByRole('region', { name: 'Waitlist' });
    const entry = waitlist.getByRole('listitem').filter({ hasText: me.name });
    await expect(entry).toContainText('1st in line');
    expect(await sidewaysOverflow(page), 'sideways scroll at 390 px').toBe(0);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await sidewaysOverflow(page), 'sideways scroll at 320 px').toBe(0);

    await entry.getByLabel('Time to offer').fill('14:00');
    await entry.getByRole('button', { name: `Offer ${me.name} this time` }).click();
    await expect(entry).toContainText(/Offered .*14:00, held until/);
    const list = (await (await her.request.get('/api/cart')).json()) as { startsAt: string | null }[];
    expect(list.map((item) => item.startsAt)).toEqual([dhakaIso(day, '14:00')]);
    expect(consoleErrors).toEqual([]);
  } finally {
    await customer.close();
  }
});

import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { ADMIN, inDatabase, salonDate } from './journey';

/**
 * The appointment after it is paid: the customer moves it and takes its calendar file; the salon
 * moves a customer's visit from the order list, and marks a visit nobody came to as a no-show. Set-up goes through the API (a paid booking) and, for
 * a visit whose time has passed, through the database: no page can book the past.
 */


/** Dhaka is UTC+6 all year. */
const dhaka = (date: string, time: string) => new Date(`${date}T${time}:00+06:00`);

/** A new customer with one paid appointment of `title` at `time` on `day`, signed in in this page's context. */
async function customerWithAppointment(page: Page, baseURL: string, title: string, day: string, time: string) {
  const headers = { origin: baseURL };
  const name = `Mover ${Date.now() % 1_000_000}`;
  const email = `mover-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', { headers, data: { name, email, password: 'Mover1234', image: '/images/reviews/farzana.svg' } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const services = (await (await page.request.get('/api/service')).json()) as { _id: string; title: string; price: number }[];
  const service = services.find((entry) => entry.title === title)!;
  const added = await page.request.post('/api/cart', { headers, data: { cartItemId: service._id } });
  const { insertedId } = (await added.json()) as { insertedId: string };
  const held = await page.request.patch(`/api/cart/${insertedId}`, { headers, data: { startsAt: dhaka(day, time).toISOString() } });
  expect(held.status(), await held.text()).toBe(200);
  const intent = await page.request.post('/api/create-payment-intent', { headers, data: { price: service.price } });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/payments/test/confirm', {
    headers,
    data: { clientSecret, cardNumber: '4242424242424242', expiry: `12/${(new Date().getFullYear() + 2) % 100}`, cvc: '123' },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  const bookings = (await (await page.request.get('/api/bookings')).json()) as { _id: string }[];
  return { name, email, bookingId: bookings[0]!._id };
}

test('the customer moves her appointment, sees the new time, and downloads its calendar file with it', async ({ page, baseURL }) => {
  const day = salonDate(6);
  await customerWithAppointment(page, baseURL!, 'Spa Pedicure', day, '11:00');

  await page.goto('/dashboard/userhome');
  const upcoming = page.getByRole('list', { name: 'Your upcoming appointments' });
  const visit = upcoming.getByRole('listitem').filter({ hasText: 'Spa Pedicure' });
  await expect(visit.getByText('11:00')).toBeVisible();

  const move = visit.getByRole('button', { name: /^Move Spa Pedicure on .*11:00$/ });
  await move.click();
  const picker = page.getByRole('region', { name: 'Choose a time for Spa Pedicure' });
  await expect(picker.getByLabel('Date')).toBeFocused();
  await expect(picker.getByLabel('Date')).toHaveValue(day);
  // Her own time is offered back to her, marked as the one she has.
  await expect(picker.getByRole('radio', { name: '11:00', exact: true })).toHaveAttribute('aria-checked', 'true');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(picker.getByRole('radio', { name: '15:00', exact: true })).toBeVisible();
  expect(await sidewaysOverflow(page), 'sideways scroll at 390 with the picker open').toBe(0);
  await page.screenshot({ path: 'e2e/screenshots/move-appointment-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Tapping a time only asks: 'Move Spa Pedicure to Sat 28 Nov 15:00?'.
  await picker.getByRole('radio', { name: '15:00', exact: true }).click();
  const question = page.getByRole('dialog', { name: /^Move Spa Pedicure to \w{3} \d{1,2} \w{3} 15:00\?$/ });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Yes, move it' }).click();
  const dialog = page.getByRole('dialog', { name: 'Appointment moved' });
  await expect(dialog).toContainText(/Spa Pedicure is now on .*15:00/);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(visit.getByText('15:00')).toBeVisible();
  // Focus is back on her visit, not on <body>.
  await expect(visit.getByRole('button', { name: /^Move Spa Pedicure on .*15:00$/ })).toBeFocused();

  // The new time is what the server keeps.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your upcoming appointments' }).getByRole('listitem').filter({ hasText: 'Spa Pedicure' }).getByText('15:00')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Calendar file for Spa Pedicure on .*15:00$/ }).click();
  const download = await downloading;
  const ics = await fs.readFile((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  // 15:00 in Dhaka is 09:00 UTC; the event moved once.
  expect(ics).toContain(`DTSTART:${day.replaceAll('-', '')}T090000Z`);
  expect(ics).toMatch(/SEQUENCE:1\r?\n/);
  expect(ics).toContain('Spa Pedicure');
});

async function signInAsAdmin(page: Page) {
  await page.request.get('/api/logout');
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'SignIn' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'LogOut' })).toBeVisible();
}

test("the admin moves a customer's visit from the order list, on a wide screen and on a phone, and she is told by e-mail", async ({ page, baseURL }) => {
  const day = salonDate(9);
  const { name, email, bookingId } = await customerWithAppointment(page, baseURL!, 'Deep Cleansing Hydra Facial', day, '10:00');
  await signInAsAdmin(page);

  await page.goto(`/dashboard/orderlist?from=${day}&to=${day}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Confirmed');
  const move = row.getByRole('button', { name: /^Move Deep Cleansing Hydra Facial on .*10:00$/ });
  await expect(move).toHaveAccessibleDescription(name);
  await move.click();
  // The picker opens under her row, on her day, with her own time offered back as the one she has.
  const picker = page.getByRole('region', { name: 'Choose a time for Deep Cleansing Hydra Facial' });
  await expect(picker).toHaveCount(1);
  await expect(picker.getByLabel('Date')).toBeFocused();
  await expect(picker.getByLabel('Date')).toHaveValue(day);
  await expect(picker).toContainText(`${name} gets an e-mail with it`);
  await expect(picker.getByRole('radio', { name: '10:00', exact: true })).toHaveAttribute('aria-checked', 'true');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await picker.getByRole('radio', { name: '16:00', exact: true }).click();
  const question = page.getByRole('dialog', { name: /^Move Deep Cleansing Hydra Facial to \w{3} \d{1,2} \w{3} 16:00\?$/ });
  await expect(question).toContainText(`${name} gets an e-mail with the new time.`);
  await question.getByRole('button', { name: 'Yes, move it' }).click();
  const dialog = page.getByRole('dialog', { name: 'Appointment moved' });
  await expect(dialog).toContainText(/Deep Cleansing Hydra Facial is now on .*16:00/);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(picker).toHaveCount(0);
  await expect(row).toContainText('16:00');
  await expect(row.getByRole('button', { name: /^Move Deep Cleansing Hydra Facial on .*16:00$/ })).toBeFocused();

  // Kept by the server, and the customer is told who moved it and from when to when.
  const [stored] = await inDatabase(async (client) => (await client.query<{ starts_at: Date }>('select starts_at from bookings where id = $1', [bookingId])).rows);
  expect(stored?.starts_at.toISOString()).toBe(dhaka(day, '16:00').toISOString());
  await expect
    .poll(async () =>
      inDatabase(async (client) => (await client.query<{ subject: string; text: string }>('select subject, text from outbox where "to" = $1 and subject like $2', [email, 'Your Deep Cleansing Hydra Facial is now on%'])).rows),
    )
    .toHaveLength(1);
  const [notice] = await inDatabase(async (client) => (await client.query<{ text: string }>('select text from outbox where "to" = $1 and subject like $2', [email, 'Your Deep Cleansing Hydra Facial is now on%'])).rows);
  expect(notice?.text).toContain('16:00');
  expect(notice?.text).toContain('10:00');

  // On a phone the order list is a list of cards: Move opens the picker inside her card, with nothing scrolled off sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: email });
  await card.getByRole('button', { name: /^Move Deep Cleansing Hydra Facial on .*16:00$/ }).click();
  const phonePicker = card.getByRole('region', { name: 'Choose a time for Deep Cleansing Hydra Facial' });
  await expect(phonePicker.getByLabel('Date')).toBeFocused();
  await expect(page.getByRole('region', { name: 'Choose a time for Deep Cleansing Hydra Facial' })).toHaveCount(1);
  await expect(phonePicker.getByRole('radio', { name: '12:00', exact: true })).toBeVisible();
  expect(await sidewaysOverflow(page), 'sideways scroll at 390 with the picker open').toBe(0);
  await page.screenshot({ path: 'e2e/screenshots/admin-move-appointment-390.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(phonePicker).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Move Deep Cleansing Hydra Facial on .*16:00$/ })).toBeFocused();
});

test('the admin marks a visit nobody came to as a no-show after confirming, undoes it, marks it again, and the order list keeps it so', async ({ page, baseURL }) => {
  const { name, email, bookingId } = await customerWithAppointment(page, baseURL!, 'Classic Manicure', salonDate(6), '12:00');
  // Her appointment began two hours ago.
  await inDatabase((client) =>
    client.query(`update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '75 minutes' where id = $1`, [bookingId]),
  );
  await signInAsAdmin(page);

  await page.goto('/dashboard/orderlist');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Confirmed');
  const question = () => page.getByRole('dialog', { name: new RegExp(`^Mark Classic Manicure for ${name} on \\w{3} \\d{1,2} \\w{3} \\d{2}:\\d{2} as a no-show\\?$`) });
  // Asked first, naming the treatment, the customer and the time; then Undo takes it back.
  await row.getByRole('button', { name: /^No-show Classic Manicure on / }).click();
  await question().getByRole('button', { name: 'Yes, a no-show' }).click();
  await expect(page.getByText('Classic Manicure marked a no-show')).toBeVisible();
  await expect(row).toContainText('No-show');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Classic Manicure is confirmed again')).toBeVisible();
  await expect(row).toContainText('Confirmed');
  await expect(row.getByRole('button', { name: /^No-show Classic Manicure on / })).toBeVisible();

  await row.getByRole('button', { name: /^No-show Classic Manicure on / }).click();
  await question().getByRole('button', { name: 'Yes, a no-show' }).click();
  await expect(page.getByText('Classic Manicure marked a no-show')).toBeVisible();
  await expect(row).toContainText('No-show');
  await expect(row.getByRole('button')).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  // The Undo toast closes by itself after 8 s, and focus is not left on <body>.
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0, { timeout: 12_000 });
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);

  // It stays so after a reload, and the status filter finds it.
  await page.goto('/dashboard/orderlist?status=no-show');
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('No-show');
  expect(await seriousAxeViolations(page)).toEqual([]);
  const [stored] = await inDatabase(async (client) => (await client.query<{ status: string }>('select status from bookings where id = $1', [bookingId])).rows);
  expect(stored?.status).toBe('no-show');
});

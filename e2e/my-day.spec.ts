import { request } from '@playwright/test';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { PASSWORD, adminApi, inDatabase, logInThroughPage, paidBookingByApi, salonDate, uniqueEmail, wordsBrokenIn } from './journey';

/**
 * A stylist's own account on a phone: the admin links a new stylist to the account she signed up
 * with; customers book her; signed in, she finds each visit under 'My day' with the customer's
 * name in her own column of the day grid, opens the one whose time has come and marks it completed, and sees nothing of the admin's pages. No page
 * can book the past: that visit is moved there in the database.
 */
test('a stylist signs in and sees her own day at 390 px; the admin pages stay shut', async ({ page, baseURL }) => {
  const name = `Tania ${Date.now() % 100000}`;
  const account = { email: uniqueEmail('stylist'), password: PASSWORD };
  const own = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const signedUp = await own.post('/api/auth/sign-up/email', { data: { name, email: account.email, password: PASSWORD, image: '/images/reviews/farzana.svg' } });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  await own.dispose();

  const admin = await adminApi(baseURL);
  const services = (await (await admin.get('/api/service')).json()) as { _id: string; title: string }[];
  const manicure = services.find((service) => service.title === 'Classic Manicure')!;
  const added = await admin.post('/api/staff', { data: { name, bio: 'Nails.', services: [{ serviceId: manicure._id, duration: null }], accountEmail: account.email } });
  expect(added.status(), await added.text()).toBe(201);
  const { insertedId: staffId } = (await added.json()) as { insertedId: string };
  const hours = await admin.put(`/api/staff/${staffId}/hours`, { data: { days: Array.from({ length: 7 }, () => [{ start: '10:00', end: '20:00' }]) } });
  expect(hours.status(), await hours.text()).toBe(200);
  await admin.dispose();

  const day = salonDate(4);
  const customer = await paidBookingByApi(baseURL!, manicure.title, day, '11:00', staffId);
  const earlier = await paidBookingByApi(baseURL!, manicure.title, day, '14:00', staffId);
  // Her 14:00 visit has come: it started an hour ago.
  const [past] = await inDatabase(
    async (client) =>
      (
        await client.query<{ id: string; starts_at: Date }>(
          `update bookings set starts_at = now() - interval '1 hour', ends_at = now() - interval '15 minutes', staff_free_at = now() - interval '15 minutes'
           where staff_id = $1 and starts_at = $2 returning id, starts_at`,
          [staffId, new Date(`${day}T14:00:00+06:00`)],
        )
      ).rows,
  );
  const pastDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(past!.starts_at);

  await page.setViewportSize({ width: 390, height: 844 });
  await logInThroughPage(page, account);
  await page.goto('/dashboard/userhome');
  await page.getByRole('link', { name: 'My day' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My day' })).toBeVisible();
  await page.getByRole('button', { name: /Next day/ }).click();
  await expect(page).toHaveURL(/date=/);
  await page.goto(`/dashboard/my-day?date=${day}`);
  // Her own column of the calendar's day grid: the salon's hours as rows, her visits as blocks.
  const grid = page.getByRole('region', { name: 'Your visits' });
  const block = grid.getByRole('button', { name: `${name}: Classic Manicure for ${customer}, 11:00–11:45, Confirmed` });
  await expect(block).toBeVisible();
  await expect(block).toContainText(customer);
  await expect(grid.getByRole('heading', { level: 3 })).toHaveText([name]);
  await expect(page.getByRole('combobox', { name: 'Stylist' })).toHaveCount(0);
  // The keyboard opens it: the details take the focus; a visit still to come cannot be marked yet.
  await block.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('region', { name: `Classic Manicure for ${customer}` });
  await expect(details.getByRole('heading', { level: 3 })).toBeFocused();
  await expect(details).toContainText('once its time has come');
  await expect(details.getByRole('button', { name: /Mark completed|No-show|Move|Cancel/ })).toHaveCount(0);
  // No price anywhere on her page, and no customer's e-mail in her day.
  await expect(page.getByText(/৳|Tk\b|BDT/)).toHaveCount(0);
  await expect(grid).not.toContainText('@');
  await expect(details).not.toContainText('@');
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await wordsBrokenIn(page.locator('main'))).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/screenshots/my-day-390.png', fullPage: true });
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.screenshot({ path: 'e2e/screenshots/my-day-320.png', fullPage: true });

  // The visit whose time has come: she opens it and marks it completed, and its block says so.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/my-day?date=${pastDay}`);
  const due = page.getByRole('region', { name: 'Your visits' }).getByRole('button', { name: new RegExp(`^${name}: Classic Manicure for ${earlier}, .*, Confirmed$`) });
  await due.click();
  const dueDetails = page.getByRole('region', { name: `Classic Manicure for ${earlier}` });
  await dueDetails.getByRole('button', { name: 'Mark completed' }).click();
  await expect(page.getByText(`Classic Manicure for ${earlier} is done`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your visits' }).getByRole('button', { name: new RegExp(`^${name}: Classic Manicure for ${earlier}, .*, Completed$`) })).toBeVisible();
  await expect(dueDetails.getByRole('button', { name: 'Mark completed' })).toHaveCount(0);
  const [stored] = await inDatabase(async (client) => (await client.query<{ status: string }>('select status from bookings where id = $1', [past!.id])).rows);
  expect(stored?.status).toBe('completed');

  // Nothing of the admin's: the calendar and the order list are not hers.
  for (const path of ['/dashboard/calendar', '/dashboard/orderlist']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /Calendar|Order List/ })).toHaveCount(0);
  }
});

import { request } from '@playwright/test';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { PASSWORD, adminApi, logInThroughPage, paidBookingByApi, salonDate, uniqueEmail, wordsBrokenIn } from './journey';

/**
 * A stylist's own account on a phone: the admin links a new stylist to the account she signed up
 * with; a customer books her; signed in, she finds the visit under 'My day' with the customer's
 * name, and nothing of the admin's pages.
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

  await page.setViewportSize({ width: 390, height: 844 });
  await logInThroughPage(page, account);
  await page.goto('/dashboard/userhome');
  await page.getByRole('link', { name: 'My day' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My day' })).toBeVisible();
  await page.getByRole('button', { name: /Next day/ }).click();
  await expect(page).toHaveURL(/date=/);
  await page.goto(`/dashboard/my-day?date=${day}`);
  const visits = page.getByRole('list', { name: 'Your visits' });
  const row = visits.getByRole('listitem').filter({ hasText: customer });
  await expect(row).toContainText('Classic Manicure');
  await expect(row).toContainText('11:00');
  await expect(row).toContainText('Confirmed');
  // A visit still to come cannot be marked yet; no price anywhere on her page.
  await expect(row.getByRole('button', { name: /Mark completed/ })).toHaveCount(0);
  await expect(page.getByText(/৳|Tk\b|BDT/)).toHaveCount(0);
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await wordsBrokenIn(page.locator('main'))).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await sidewaysOverflow(page)).toBe(0);

  // Nothing of the admin's: the calendar and the order list are not hers.
  for (const path of ['/dashboard/calendar', '/dashboard/orderlist']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /Calendar|Order List/ })).toHaveCount(0);
  }
});

import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { salonDate, uniqueEmail } from './journey';

const ZONE_SENTENCE = 'Times are in Dhaka time (Asia/Dhaka)';

/** 'Sun, 6 Dec 2026' for a calendar date, as the picker and the list write it. */
function longDate(date: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).formatToParts(
    new Date(`${date}T12:00:00Z`),
  );
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${get('weekday')}, ${get('day')} ${get('month')} ${get('year')}`;
}

/** The instant of a Dhaka wall-clock time (Dhaka is UTC+6 all year, without daylight saving). */
function dhakaInstant(date: string, time: string): number {
  return Date.parse(`${date}T${time}:00+06:00`);
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

async function signUpThroughPage(page: Page, name: string) {
  const photo = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#db2777' } }).png().toBuffer();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Profile image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await page.getByLabel('Email').fill(uniqueEmail('booking'));
  await page.getByLabel('Password', { exact: true }).fill('Booking123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/** A fresh customer, signed in in this page's browser context (the API shares its cookies). */
async function signUpFreshCustomer(page: Page, baseURL: string | undefined, label: string) {
  const name = `${label} ${Date.now()}`;
  const response = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL! },
    data: { name, email: uniqueEmail(label.toLowerCase()), password: 'Booking123', image: '/images/reviews/farzana.svg' },
  });
  expect(response.status()).toBe(200);
  return name;
}

function serviceCard(scope: Page | Locator, title: string) {
  return scope.getByRole('article', { name: title });
}

async function addToBooking(page: Page, scope: Locator, title: string, count: number) {
  await serviceCard(scope, title).getByRole('button', { name: 'Add to Booking list' }).click();
  await expect(page.getByText('Add to cart success')).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: `Booking(${count})`, exact: true })).toBeVisible();
}

/** The booking-list row of one service (the time picker, when open, is a row of its own). */
function itemRow(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByRole('button', { name: `Delete ${title}` }) });
}

/** Opens the picker of an item, goes to `date` and takes the free time labelled `time`. */
async function pickTime(page: Page, title: string, date: string, time: string) {
  const row = itemRow(page, title);
  await row.getByRole('button', { name: `Pick a time for ${title}` }).click();
  const picker = page.getByRole('region', { name: `Choose a time for ${title}` });
  await expect(picker).toBeVisible();
  await expect(picker).toContainText(ZONE_SENTENCE);
  await picker.getByLabel('Date').fill(date);
  const times = picker.getByRole('radiogroup', { name: `Free times on ${longDate(date)}` });
  await times.getByRole('radio', { name: time, exact: true }).click();
  // Holding the time closes the picker and the row shows it.
  await expect(picker).toBeHidden();
  await expect(row.getByRole('time')).toHaveText(`${longDate(date)}, ${time}`);
  await expect(row.getByRole('timer')).toBeVisible();
  await expect(row.getByRole('timer')).toHaveText(/^Held for \d{1,2}:\d{2}$/);
}

function totalLine(page: Page) {
  return page.getByText(/^Total:/);
}

test.describe('booking list and appointment times', () => {
  test('a visitor is asked to log in, signs up, comes back, fills her list, picks times and deletes one', async ({ page }) => {
    // The home page as a shared link opens it: she must come back to this very address.
    await page.goto('/?ref=e2e-booking');
    await expect(mainNav(page).getByRole('link', { name: 'Booking(0)', exact: true })).toBeVisible();
    await serviceCard(page.locator('#services'), 'Nourishing Hair Spa').getByRole('button', { name: 'Add to Booking list' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('You are not logged in');
    await expect(dialog).toContainText('please login to add to the cart!');
    await dialog.getByRole('button', { name: 'Yes,Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();

    // A newcomer: from the log-in page to sign-up, keeping where she came from.
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    const name = `Tania Booking ${Date.now()}`;
    await signUpThroughPage(page, name);
    await expect(page).toHaveURL(/\/\?ref=e2e-booking$/);
    await expect(mainNav(page).getByRole('img', { name })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Booking(0)', exact: true })).toBeVisible();

    const services = page.locator('#services');
    await addToBooking(page, services, 'Nourishing Hair Spa', 1);
    await addToBooking(page, services, 'Classic Manicure', 2);

    await mainNav(page).getByRole('link', { name: 'Booking(2)', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/bookinglist$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Booking List' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Your booking list' });
    await expect(table.getByRole('columnheader')).toHaveText(['No', 'Service', 'Name', 'Price', 'Appointment', 'Action']);
    await expect(itemRow(page, 'Nourishing Hair Spa')).toContainText('৳2,000');
    await expect(itemRow(page, 'Classic Manicure')).toContainText('৳800');
    await expect(totalLine(page)).toHaveText('Total: ৳2,800');
    await expect(page.getByText('Pick a time for each service before you pay.')).toBeVisible();
    await expect(page.getByText(ZONE_SENTENCE)).toBeVisible();

    const date = salonDate(3);
    await pickTime(page, 'Nourishing Hair Spa', date, '10:00');
    await expect(page.getByText('1 of 2 services still needs a time before you pay.')).toBeVisible();
    await pickTime(page, 'Classic Manicure', date, '11:00');
    await expect(page.getByText(/still needs? a time/)).toHaveCount(0);
    // Both times are still held after a reload: they live on the server, not in the page.
    await page.reload();
    await expect(itemRow(page, 'Nourishing Hair Spa').getByRole('time')).toHaveText(`${longDate(date)}, 10:00`);
    await expect(itemRow(page, 'Classic Manicure').getByRole('time')).toHaveText(`${longDate(date)}, 11:00`);
    await expect(itemRow(page, 'Classic Manicure').getByRole('timer')).toBeVisible();

    await itemRow(page, 'Classic Manicure').getByRole('button', { name: 'Delete Classic Manicure' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Are you sure?');
    await expect(confirm).toContainText("You won't be able to revert this!");
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(confirm).toContainText('Removed from your booking list');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(itemRow(page, 'Classic Manicure')).toHaveCount(0);
    await expect(itemRow(page, 'Nourishing Hair Spa')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(mainNav(page).getByRole('link', { name: 'Booking(1)', exact: true })).toBeVisible();
    await expect(totalLine(page)).toHaveText('Total: ৳2,000');
    await expect(page.getByText('1 service', { exact: true })).toBeVisible();
  });

  test('cancelling the delete dialog keeps the item', async ({ page, baseURL }) => {
    await signUpFreshCustomer(page, baseURL, 'Keeper');
    await page.goto('/');
    await addToBooking(page, page.locator('#services'), 'Spa Pedicure', 1);
    await page.goto('/dashboard/bookinglist');
    await itemRow(page, 'Spa Pedicure').getByRole('button', { name: 'Delete Spa Pedicure' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Are you sure?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.reload();
    await expect(itemRow(page, 'Spa Pedicure')).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Booking(1)', exact: true })).toBeVisible();
  });

  test.describe('from a browser in New York', () => {
    test.use({ timezoneId: 'America/New_York' });

    test("the time she picks as 11:00 stays 11:00, the salon's time, and the page says so", async ({ page, baseURL }) => {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
      await signUpFreshCustomer(page, baseURL, 'Traveller');
      await page.goto('/');
      await addToBooking(page, page.locator('#services'), 'Signature Glow Facial', 1);
      await page.goto('/dashboard/bookinglist');
      await expect(page.getByText(ZONE_SENTENCE)).toBeVisible();

      const date = salonDate(4);
      const row = itemRow(page, 'Signature Glow Facial');
      await row.getByRole('button', { name: 'Pick a time for Signature Glow Facial' }).click();
      const picker = page.getByRole('region', { name: 'Choose a time for Signature Glow Facial' });
      await expect(picker).toContainText(`${ZONE_SENTENCE}.`);
      await picker.getByLabel('Date').fill(date);
      const times = picker.getByRole('radiogroup', { name: `Free times on ${longDate(date)}` });
      // The salon opens at 10:00 Dhaka time: the first time offered is 10:00, not New York's 23:00.
      await expect(times.getByRole('radio').first()).toHaveText('10:00');
      await times.getByRole('radio', { name: '11:00', exact: true }).click();
      await expect(picker).toBeHidden();

      const time = row.getByRole('time');
      await expect(time).toHaveText(`${longDate(date)}, 11:00`);
      // The instant is 11:00 in Dhaka (05:00 UTC), which New York would have shown as 00:00 or 01:00.
      expect(Date.parse((await time.getAttribute('datetime'))!)).toBe(dhakaInstant(date, '11:00'));
      await expect(row).not.toContainText(/\b0[01]:00\b/);
      await page.reload();
      await expect(itemRow(page, 'Signature Glow Facial').getByRole('time')).toHaveText(`${longDate(date)}, 11:00`);
    });
  });

  test('/dashboard/book shows the catalogue and her list on one page; she adds a service and picks its time there', async ({
    page,
    baseURL,
  }) => {
    await signUpFreshCustomer(page, baseURL, 'Booker');
    await page.goto('/dashboard/book');
    await expect(page).toHaveTitle('Book | Parlour');
    await expect(page.getByRole('heading', { level: 1, name: 'Book' })).toBeVisible();
    const catalogue = page.getByRole('region', { name: 'Our services' });
    const list = page.getByRole('region', { name: 'Your booking list' });
    await expect(catalogue.getByRole('button', { name: 'Add to Booking list' })).toHaveCount(16);
    await expect(list).toContainText('Your booking list is empty');

    await addToBooking(page, catalogue, '24K Gold Facial', 1);
    await expect(page).toHaveURL(/\/dashboard\/book$/);
    await expect(itemRow(page, '24K Gold Facial')).toBeVisible();
    await expect(list.getByText(/^Total:/)).toHaveText('Total: ৳3,500');

    const date = salonDate(5);
    await pickTime(page, '24K Gold Facial', date, '12:00');
    await expect(list.getByRole('link', { name: 'Get Appointment' })).toHaveAttribute('href', '/dashboard/appointment');
  });

  test('booking list and time picker at 1280, 390 and 320 px: no serious accessibility problems, every Delete button whole in view, nothing to scroll sideways; screenshots', async ({
    page,
    baseURL,
  }) => {
    await signUpFreshCustomer(page, baseURL, 'Checker');
    await page.goto('/');
    const services = page.locator('#services');
    await addToBooking(page, services, 'Keratin Smoothing Treatment', 1);
    await addToBooking(page, services, 'Eyebrow & Upper-lip Threading', 2);
    await page.goto('/dashboard/bookinglist');
    // A held time (its countdown) is the widest an appointment cell gets.
    await pickTime(page, 'Keratin Smoothing Treatment', salonDate(6), '14:00');

    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
      await page.goto('/dashboard/bookinglist');
      await expect(itemRow(page, 'Keratin Smoothing Treatment').getByRole('timer')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page), `sideways scroll of the page at ${width}`).toBe(0);
      const box = page.getByRole('region', { name: 'Booking list' });
      expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth), `sideways scroll in the list at ${width}`).toBeLessThanOrEqual(0);
      const shown = (await box.boundingBox())!;
      for (const title of ['Keratin Smoothing Treatment', 'Eyebrow & Upper-lip Threading']) {
        const remove = page.getByRole('button', { name: `Delete ${title}` });
        await expect(remove).toBeInViewport({ ratio: 1 });
        const button = (await remove.boundingBox())!;
        expect(button.x, `Delete ${title} at ${width}`).toBeGreaterThanOrEqual(shown.x);
        expect(button.x + button.width, `Delete ${title} at ${width}`).toBeLessThanOrEqual(shown.x + shown.width + 0.5);
        // The names keep their words whole.
        await expect(itemRow(page, title).getByText(title, { exact: true })).toBeVisible();
      }
      await page.screenshot({ path: `e2e/screenshots/bookinglist-${width}.png`, fullPage: true });

      await itemRow(page, 'Eyebrow & Upper-lip Threading').getByRole('button', { name: 'Pick a time for Eyebrow & Upper-lip Threading' }).click();
      const picker = page.getByRole('region', { name: 'Choose a time for Eyebrow & Upper-lip Threading' });
      await picker.getByLabel('Date').fill(salonDate(7));
      await expect(picker.getByRole('radio', { name: '10:00', exact: true })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page), 'sideways scroll').toBe(0);
      await picker.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `e2e/screenshots/timepicker-${width}.png`, fullPage: true });
      // Escape closes it without choosing.
      await page.keyboard.press('Escape');
      await expect(picker).toBeHidden();
      await expect(itemRow(page, 'Eyebrow & Upper-lip Threading')).toContainText('No time chosen yet');

      await page.goto('/dashboard/book');
      await expect(page.getByRole('region', { name: 'Our services' }).getByRole('button', { name: 'Add to Booking list' })).toHaveCount(16);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page), 'sideways scroll').toBe(0);
      await page.screenshot({ path: `e2e/screenshots/book-${width}.png`, fullPage: true });
    }
  });

  test('she is not offered, and cannot hold, a time that overlaps her own other appointment', async ({ page, baseURL }) => {
    await signUpFreshCustomer(page, baseURL, 'Overlap');
    await page.goto('/');
    const services = page.locator('#services');
    await addToBooking(page, services, 'Nourishing Hair Spa', 1);
    await addToBooking(page, services, 'Classic Manicure', 2);
    await page.goto('/dashboard/bookinglist');
    const date = salonDate(8);
    // The hair spa takes 10:00-11:00.
    await pickTime(page, 'Nourishing Hair Spa', date, '10:00');

    await itemRow(page, 'Classic Manicure').getByRole('button', { name: 'Pick a time for Classic Manicure' }).click();
    const picker = page.getByRole('region', { name: 'Choose a time for Classic Manicure' });
    await picker.getByLabel('Date').fill(date);
    const times = picker.getByRole('radiogroup', { name: `Free times on ${longDate(date)}` });
    // A 45-minute manicure from 11:00 fits after the spa; 10:00 and 10:30 would overlap it.
    await expect(times.getByRole('radio', { name: '11:00', exact: true })).toBeVisible();
    await expect(times.getByRole('radio', { name: '10:00', exact: true })).toHaveCount(0);
    await expect(times.getByRole('radio', { name: '10:30', exact: true })).toHaveCount(0);

    // Asked directly (an old tab, a script), the server refuses it and names the other one.
    const items = (await (await page.request.get('/api/cart')).json()) as { _id: string; title: string }[];
    const manicure = items.find((item) => item.title === 'Classic Manicure')!;
    const refused = await page.request.patch(`/api/cart/${manicure._id}`, {
      headers: { origin: baseURL! },
      data: { startsAt: new Date(dhakaInstant(date, '10:30')).toISOString() },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^That time overlaps your Nourishing Hair Spa/);
    await times.getByRole('radio', { name: '11:00', exact: true }).click();
    await expect(itemRow(page, 'Classic Manicure').getByRole('time')).toHaveText(`${longDate(date)}, 11:00`);
  });
});

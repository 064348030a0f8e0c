import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectFocusKept, focusedElement, mainNav, PASSWORD, photo, salonDate, uniqueEmail } from './journey';

/**
 * The whole customer journey, from sign-up to cancelling a visit, with the keyboard alone: Tab and
 * Shift+Tab to move, Enter and Space to act, typing to fill fields. Nothing is clicked; a listener
 * in the page counts pointer presses to prove it.
 */

const MAX_TABS = 250;

/**
 * Presses Tab (or Shift+Tab) until `target` has focus. Focus must never fall to <body> on the way,
 * and every stop shows a focus indicator (2.4.7).
 */
async function tabTo(page: Page, target: Locator, { backwards = false } = {}) {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      const outline = await target.evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(outline, `focus indicator on ${await focusedElement(page)}`).not.toBe('none');
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    expect(await focusedElement(page), 'focus fell to <body> while tabbing').not.toBe('BODY');
  }
  throw new Error(`${MAX_TABS} presses of Tab never reached ${target.toString()} (focus on ${await focusedElement(page)})`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test('from sign-up to cancelling a paid visit, by keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => {
    (window as unknown as { pointerPresses: number }).pointerPresses = 0;
    window.addEventListener('pointerdown', () => ((window as unknown as { pointerPresses: number }).pointerPresses += 1), true);
  });
  const name = `Keyboard Kamala ${Date.now() % 100000}`;

  // --- sign up ---
  await page.goto('/signup');
  await typeInto(page, page.getByLabel('Name'), name);
  await tabTo(page, page.getByLabel('Profile image'));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
  await typeInto(page, page.getByLabel('Email'), uniqueEmail('keyboard'));
  await typeInto(page, page.getByLabel('Password', { exact: true }), PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('img', { name })).toBeVisible();

  // --- a service onto her list ---
  const manicure = page.locator('#services').getByRole('article', { name: 'Classic Manicure' }).getByRole('button', { name: 'Add to Booking list' });
  await tabTo(page, manicure);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Add to cart success')).toBeVisible();
  const bookingLink = mainNav(page).getByRole('link', { name: 'Booking(1)', exact: true });
  await expect(bookingLink).toBeVisible();
  await tabTo(page, bookingLink, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/bookinglist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking List' })).toBeFocused();

  // --- a time: the picker opens on its date; Next day moves on; a free time is taken with Enter ---
  await tabTo(page, page.getByRole('button', { name: 'Pick a time for Classic Manicure' }));
  await page.keyboard.press('Enter');
  const picker = page.getByRole('region', { name: 'Choose a time for Classic Manicure' });
  // The first question is who: 'Any stylist' has the focus; the arrows choose the nail technician.
  const stylists = picker.getByRole('group', { name: 'Stylist' });
  await expect(stylists.getByRole('radio', { name: 'Any stylist' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(stylists.getByRole('radio', { name: 'Mitu Rahman' })).toBeChecked();
  await expect(stylists.getByRole('radio', { name: 'Mitu Rahman' })).toBeFocused();
  const date = picker.getByLabel('Date');
  const target = salonDate(16);
  const nextDay = picker.getByRole('button', { name: 'Next day' });
  await tabTo(page, nextDay);
  for (let days = 0; days < 40 && (await date.inputValue()) < target; days += 1) await page.keyboard.press('Enter');
  expect(await date.inputValue()).toBe(target);
  const eleven = picker.getByRole('radio', { name: '11:00', exact: true });
  await expect(eleven).toBeVisible();
  // The free times are one Tab stop (a radio group): Tab reaches the first, the arrows move on.
  await tabTo(page, picker.getByRole('radiogroup', { name: /^Free times on/ }).getByRole('radio').first());
  for (let presses = 0; presses < 40 && !(await eleven.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(eleven).toBeFocused();
  expect(await eleven.evaluate((element) => getComputedStyle(element).outlineStyle), 'focus indicator on 11:00').not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(page.getByRole('button', { name: 'Change for Classic Manicure' })).toBeFocused();
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Classic Manicure' }).first()).toContainText('with Mitu Rahman');

  // --- pay ---
  await tabTo(page, page.getByRole('link', { name: 'Get Appointment' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/appointment$/);
  await typeInto(page, page.getByLabel('Card number'), '4242424242424242');
  await typeInto(page, page.getByLabel('Expiry (MM/YY)'), `12/${(new Date().getFullYear() + 2) % 100}`);
  await typeInto(page, page.getByLabel('CVC'), '123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeFocused();

  // --- her appointments, and cancelling one: the dialog starts on 'Keep it' ---
  await tabTo(page, page.getByRole('link', { name: 'My appointments' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/userhome$/);
  const upcoming = page.getByRole('region', { name: 'Upcoming appointments' });
  await expect(upcoming.getByText('Classic Manicure')).toBeVisible();
  await tabTo(page, upcoming.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/Cancel Classic Manicure on \w{3} \d{1,2} \w{3} \d{2}:\d{2}\?/);
  await expect(dialog).toContainText(/৳[\d,]+ will be refunded to the card you paid with\./);
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await tabTo(page, dialog.getByRole('button', { name: 'Yes, cancel it' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('Appointment cancelled');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(upcoming.getByText('Classic Manicure')).toHaveCount(0);
  await expectFocusKept(page, "closing 'Appointment cancelled'");

  expect(await page.evaluate(() => (window as unknown as { pointerPresses: number }).pointerPresses), 'pointer presses').toBe(0);
});

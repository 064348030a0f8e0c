import type { Locator, Page } from '@playwright/test';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { ADMIN, logInThroughPage, paidBookingByApi, salonDate, wordsBrokenIn } from './journey';

/**
 * The admin's calendar on a phone: a booking made through the API shows in its stylist's column,
 * and the admin moves it to another stylist and time with the keyboard alone.
 */

const THREADING = 'Eyebrow & Upper-lip Threading';

/** A day from Sunday to Thursday, when both threaders of the demo team work (Rupa Das from 12:00). */
function weekdayBothWork(daysAhead: number): string {
  for (let ahead = daysAhead; ; ahead += 1) {
    const date = salonDate(ahead);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() <= 4) return date;
  }
}

/** Presses Tab until `target` has the focus, as a keyboard user would move to it. */
async function tabTo(page: Page, target: Locator, most = 40) {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Presses `key` until `target` has the focus (moving within a radio group). */
async function pressUntilFocused(page: Page, key: string, target: Locator, most = 60) {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/**
 * Chooses an option of a focused select with the arrow keys and Enter. daisyUI styles selects as
 * customisable ones (appearance: base-select), whose list opens on the first ArrowDown and takes
 * Enter on the focused option; a classic select changes on each ArrowDown. Either way works here.
 */
async function chooseWithKeys(page: Page, select: Locator, label: string) {
  for (let presses = 0; presses < 12; presses += 1) {
    const state = await select.evaluate((element: HTMLSelectElement) => {
      let open = false;
      try {
        open = element.matches(':open');
      } catch {
        // A browser without :open has no list that stays open.
      }
      const focused = document.activeElement instanceof HTMLOptionElement ? document.activeElement.textContent : null;
      return { open, focused, chosen: element.selectedOptions[0]?.textContent ?? null };
    });
    if (!state.open && state.chosen === label) return;
    await page.keyboard.press(state.open && state.focused === label ? 'Enter' : 'ArrowDown');
  }
  await expect(select.locator('option:checked')).toHaveText(label);
}

test('on a phone the admin finds a booking in its stylist’s column and moves it to another stylist and time with the keyboard', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const day = weekdayBothWork(23);
  // At 11:00 only Nasima Begum of the two threaders works: 'any stylist' gives it to her.
  const customer = await paidBookingByApi(baseURL!, THREADING, day, '11:00');
  // An hour's visit in another column, for the desktop's side-by-side view.
  const other = await paidBookingByApi(baseURL!, 'Classic Haircut & Blow-dry', day, '14:00');

  await page.setViewportSize({ width: 390, height: 844 });
  await logInThroughPage(page, ADMIN);
  await page.goto(`/dashboard/calendar?date=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: "The salon's day" })).toBeVisible();

  // One stylist at a time on a phone: the team's first is shown; Nasima is chosen from the list.
  const chooser = page.getByRole('combobox', { name: 'Stylist' });
  await expect(chooser).toBeVisible();
  await tabTo(page, chooser);
  await chooseWithKeys(page, chooser, 'Nasima Begum, 1 booking');
  const nasima = page.getByRole('region', { name: 'Nasima Begum' });
  const block = nasima.getByRole('button', { name: `Nasima Begum: ${THREADING} for ${customer}, 11:00–11:15, Confirmed` });
  await expect(block).toBeVisible();
  await expect(page.getByRole('region', { name: 'Shirin Akter' })).toBeHidden();
  expect(await sidewaysOverflow(page), 'sideways scroll at 390').toBe(0);
  expect(await wordsBrokenIn(page.getByRole('main'))).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The block is a button: Enter opens its details, which take the focus.
  await tabTo(page, block);
  await page.keyboard.press('Enter');
  const details = page.getByRole('region', { name: `${THREADING} for ${customer}` });
  await expect(details.getByRole('heading', { level: 3 })).toBeFocused();
  const move = details.getByRole('button', { name: new RegExp(`^Move ${THREADING} on .*11:00$`) });
  await tabTo(page, move);
  await page.keyboard.press('Enter');

  // The move picker opens on the stylist: the arrows choose Rupa Das, then Tab reaches the times.
  const picker = page.getByRole('region', { name: `Choose a time for ${THREADING}` });
  const stylists = picker.getByRole('group', { name: 'Stylist' });
  await expect(stylists.getByRole('radio', { name: 'Nasima Begum' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(stylists.getByRole('radio', { name: 'Rupa Das' })).toBeChecked();
  await expect(picker.getByLabel('Date')).toHaveValue(day);
  const times = picker.getByRole('radiogroup', { name: /^Free times on / });
  const fifteen = times.getByRole('radio', { name: '15:00', exact: true });
  await expect(fifteen).toBeVisible();
  // Rupa starts at 12:00: nothing earlier is hers to offer.
  await expect(times.getByRole('radio', { name: '11:00', exact: true })).toHaveCount(0);
  expect(await sidewaysOverflow(page), 'sideways scroll at 390 with the picker open').toBe(0);
  await tabTo(page, times.getByRole('radio').first());
  await pressUntilFocused(page, 'ArrowRight', fifteen);
  await page.keyboard.press('Enter');

  const question = page.getByRole('dialog', { name: new RegExp(`^Move ${THREADING} to .* 15:00 with Rupa Das\\?$`) });
  await expect(question).toBeVisible();
  await tabTo(page, question.getByRole('button', { name: 'Yes, move it' }), 5);
  await page.keyboard.press('Enter');
  const moved = page.getByRole('dialog', { name: 'Appointment moved' });
  await expect(moved.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(moved).toBeHidden();

  // The calendar follows the booking: Rupa's column is shown, with the block at its new time.
  await expect(chooser.locator('option:checked')).toHaveText('Rupa Das, 1 booking');
  const rupa = page.getByRole('region', { name: 'Rupa Das' });
  await expect(rupa.getByRole('button', { name: `Rupa Das: ${THREADING} for ${customer}, 15:00–15:15, Confirmed` })).toBeVisible();
  await expect(nasima).toBeHidden();
  await expect(details).toContainText('Rupa Das');
  // Focus is back on Move (now 15:00), not on <body>. Waited for before the checks below: its
  // focused style fades in, and axe run before that fade has begun reads the half-drawn button.
  await expect(details.getByRole('button', { name: new RegExp(`^Move ${THREADING} on .*15:00$`) })).toBeFocused();
  expect(await sidewaysOverflow(page), 'sideways scroll at 390 after the move').toBe(0);
  expect(await wordsBrokenIn(page.getByRole('main'))).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/screenshots/calendar-390.png', fullPage: true });

  await page.setViewportSize({ width: 320, height: 720 });
  expect(await sidewaysOverflow(page), 'sideways scroll at 320').toBe(0);
  expect(await wordsBrokenIn(page.getByRole('main'))).toEqual([]);
  await page.screenshot({ path: 'e2e/screenshots/calendar-320.png', fullPage: true });

  // On a desktop every stylist's column stands side by side; Nasima's is empty now.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nasima).toBeVisible();
  await expect(nasima.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Shirin Akter' }).getByRole('button', { name: `Shirin Akter: Classic Haircut & Blow-dry for ${other}, 14:00–15:00, Confirmed` })).toBeVisible();
  expect(await sidewaysOverflow(page), 'sideways scroll at 1280').toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/screenshots/calendar-1280.png', fullPage: true });
});

test('the week view lists each day’s bookings by stylist, and on a phone the chosen stylist’s week', async ({ page, baseURL }) => {
  const day = weekdayBothWork(30);
  const customer = await paidBookingByApi(baseURL!, THREADING, day, '11:00');
  await logInThroughPage(page, ADMIN);
  await page.goto(`/dashboard/calendar?date=${day}&view=week`);

  const week = page.getByRole('table', { name: /^Bookings from / });
  await expect(week.getByRole('button', { name: new RegExp(`^Nasima Begum: ${THREADING} for ${customer}, .*, 11:00–11:15, Confirmed$`) })).toBeVisible();
  await expect(week.getByRole('rowheader')).toHaveCount(7);
  expect(await sidewaysOverflow(page), 'sideways scroll at 1280').toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/screenshots/calendar-week-1280.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('combobox', { name: 'Stylist' }).selectOption({ label: 'Nasima Begum, 1 booking' });
  await expect(week.getByRole('columnheader', { name: 'Nasima Begum' })).toBeVisible();
  await expect(week.getByRole('columnheader', { name: 'Shirin Akter' })).toBeHidden();
  expect(await sidewaysOverflow(page), 'sideways scroll at 390').toBe(0);
  expect(await wordsBrokenIn(page.getByRole('main'))).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/screenshots/calendar-week-390.png', fullPage: true });
});

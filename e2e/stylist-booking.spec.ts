import type { Page } from '@playwright/test';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { addToListByApi, payByCard, salonDate, signUpByApi, wordsBrokenIn } from './journey';

/** The booking-list row of one service (the time picker, when open, is a row of its own). */
function itemRow(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByRole('button', { name: `Delete ${title}` }) });
}

/** Opens an item's picker, chooses the stylist (by her name, or 'Any stylist'), the date and the time. */
async function pickWith(page: Page, title: string, stylist: string, date: string, time: string) {
  await itemRow(page, title).getByRole('button', { name: `Pick a time for ${title}` }).click();
  const picker = page.getByRole('region', { name: `Choose a time for ${title}` });
  await expect(picker).toBeVisible();
  const stylists = picker.getByRole('group', { name: 'Stylist' });
  // The radio itself is visually hidden; her pill (its label) is what a finger taps.
  await stylists.locator('label').filter({ hasText: stylist }).click();
  await expect(stylists.getByRole('radio', { name: stylist })).toBeChecked();
  await picker.getByLabel('Date').fill(date);
  await picker.getByRole('radio', { name: time, exact: true }).click();
  await expect(picker).toBeHidden();
}

test.describe('booking with a stylist', () => {
  test('on a phone (390 px) she books a facial with a named stylist and a haircut with any stylist, pays, and sees who on the receipt and her dashboard', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpByApi(page, baseURL, 'Stylist Booker');
    await addToListByApi(page, baseURL, 'Signature Glow Facial');
    await addToListByApi(page, baseURL, 'Classic Haircut & Blow-dry');
    const day = salonDate(18);

    await page.goto('/dashboard/bookinglist');
    // The facial: only those who do it are offered (the demo's skin therapist), with 'Any stylist'.
    await itemRow(page, 'Signature Glow Facial').getByRole('button', { name: 'Pick a time for Signature Glow Facial' }).click();
    const facialPicker = page.getByRole('region', { name: 'Choose a time for Signature Glow Facial' });
    const facialStylists = facialPicker.getByRole('group', { name: 'Stylist' });
    await expect(facialStylists.getByRole('radio')).toHaveCount(2);
    await expect(facialStylists.getByRole('radio', { name: 'Any stylist' })).toBeChecked();
    await expect(facialStylists.getByRole('radio', { name: 'Nasima Begum' })).toBeVisible();
    expect(await sidewaysOverflow(page), 'sideways scroll with the picker open').toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'e2e/screenshots/stylist-choice-390.png', fullPage: true });
    await itemRow(page, 'Signature Glow Facial').getByRole('button', { name: 'Pick a time for Signature Glow Facial' }).click();
    await expect(facialPicker).toBeHidden();

    await pickWith(page, 'Signature Glow Facial', 'Nasima Begum', day, '11:00');
    await expect(itemRow(page, 'Signature Glow Facial')).toContainText('with Nasima Begum');
    await pickWith(page, 'Classic Haircut & Blow-dry', 'Any stylist', day, '14:00');
    // The demo's only hairdresser is given the time.
    await expect(itemRow(page, 'Classic Haircut & Blow-dry')).toContainText('with Shirin Akter');
    expect(await sidewaysOverflow(page), 'sideways scroll').toBe(0);
    expect(await wordsBrokenIn(page.getByRole('main'))).toEqual([]);

    // Reloaded, the choices are still there (the server kept them).
    await page.reload();
    await expect(itemRow(page, 'Signature Glow Facial')).toContainText('with Nasima Begum');
    await expect(itemRow(page, 'Classic Haircut & Blow-dry')).toContainText('with Shirin Akter');

    await page.getByRole('link', { name: 'Get Appointment' }).click();
    await expect(page).toHaveURL(/\/dashboard\/appointment$/);
    await payByCard(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('with Nasima Begum');
    await expect(page.getByRole('main')).toContainText('with Shirin Akter');
    expect(await sidewaysOverflow(page), 'sideways scroll on the receipt').toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/stylist-receipt-390.png', fullPage: true });

    await page.goto('/dashboard/userhome');
    const upcoming = page.getByRole('region', { name: 'Upcoming appointments' });
    await expect(upcoming).toContainText('with Nasima Begum');
    await expect(upcoming).toContainText('with Shirin Akter');
  });

  test("a stylist's break is not offered as a time with her", async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'Break Checker');
    await addToListByApi(page, baseURL, 'Classic Haircut & Blow-dry');
    const day = salonDate(19);
    await page.goto('/dashboard/bookinglist');
    await itemRow(page, 'Classic Haircut & Blow-dry').getByRole('button', { name: 'Pick a time for Classic Haircut & Blow-dry' }).click();
    const picker = page.getByRole('region', { name: 'Choose a time for Classic Haircut & Blow-dry' });
    await picker.getByRole('group', { name: 'Stylist' }).locator('label').filter({ hasText: 'Shirin Akter' }).click();
    await picker.getByLabel('Date').fill(day);
    // Shirin's lunch is 13:00-14:00: a one-hour cut may start at 12:00 and at 14:00, not 12:15 to 13:45.
    await expect(picker.getByRole('radio', { name: '12:00', exact: true })).toBeVisible();
    await expect(picker.getByRole('radio', { name: '14:00', exact: true })).toBeVisible();
    for (const time of ['12:15', '13:00', '13:45']) await expect(picker.getByRole('radio', { name: time, exact: true })).toHaveCount(0);
  });
});

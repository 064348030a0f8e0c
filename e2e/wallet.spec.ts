import type { Page } from '@playwright/test';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { addToBookingList, cartOf, pickTime, salonDate, signUpByApi } from './journey';

/**
 * A Dhaka customer on her phone pays by bKash with the test gateway's documented number and code,
 * as a newcomer to `npm start` would try it.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function toPayment(page: Page, baseURL: string | undefined, title: string, daysAhead: number) {
  await signUpByApi(page, baseURL, 'Wallet Payer');
  await page.goto('/');
  await addToBookingList(page, title);
  await page.goto('/dashboard/bookinglist');
  await pickTime(page, title, salonDate(daysAhead), '11:00');
  await page.getByRole('link', { name: 'Get Appointment' }).click();
  await expect(page).toHaveURL(/\/dashboard\/appointment$/);
  await expect(page.getByRole('form', { name: 'Card details' })).toBeVisible();
}

/** No sideways scroll and no serious axe finding at 320 px, then back to the phone's 390 px. */
async function fitsAt320(page: Page, screenshot: string) {
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await sidewaysOverflow(page), 'sideways scroll at 320 px').toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: `e2e/screenshots/${screenshot}`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

test.describe('paying by bKash in test mode', () => {
  test('at 390 px: books a service, chooses bKash, types the test number and code, and lands on a receipt paid by bKash', async ({ page, baseURL, allowConsoleError }) => {
    test.setTimeout(90_000);
    allowConsoleError(/400 \(Bad Request\) \[.*\/api\/payments\/test\/wallet\/confirm\]/, 'the wrong code typed first is refused with 400, as this test checks');
    await toPayment(page, baseURL, 'Classic Haircut & Blow-dry', 15);

    const choice = page.getByRole('group', { name: 'Pay with' });
    await choice.getByText('bKash', { exact: true }).click();
    await expect(choice.getByRole('radio', { name: 'bKash' })).toBeChecked();
    await expect(page.getByText('Test mode — no real bKash account is charged. Use 01700 000000 and the code 123456.')).toBeVisible();
    expect(await sidewaysOverflow(page), 'sideways scroll at 390 px').toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'e2e/screenshots/wallet-number.png', fullPage: true });
    await fitsAt320(page, 'wallet-number-320.png');

    await page.getByLabel('bKash account number').fill('01700 000000');
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = page.getByLabel('Verification code');
    await expect(code).toBeFocused();
    await expect(page.getByText('bKash sent a 6-digit code to 01700 000000.', { exact: false })).toBeVisible();
    await fitsAt320(page, 'wallet-code-320.png');

    // A wrong code first: the tries left, under the field.
    await code.fill('000000');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('That code is not right. 2 tries left.')).toBeVisible();
    await code.fill('123456');
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(/\/dashboard\/appointment\/done\?payment=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await expect(receipt.getByText('Paid by')).toBeVisible();
    await expect(receipt.locator('dd').filter({ hasText: /^bKash$/ })).toBeVisible();
    // Her booking list is emptied: the visit is booked (the phone's menu is folded, so asked of the API).
    expect(await cartOf(page)).toEqual([]);
    expect(await sidewaysOverflow(page), 'sideways scroll on the receipt').toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/wallet-receipt.png', fullPage: true });
  });

  test("at 320 px: the declined number shows the wallet's words; nothing is booked and a Nagad payment then goes through", async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await toPayment(page, baseURL, 'Signature Glow Facial', 17);
    await page.setViewportSize({ width: 320, height: 640 });

    await page.getByRole('group', { name: 'Pay with' }).getByText('bKash', { exact: true }).click();
    await page.getByLabel('bKash account number').fill('01700 000002');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill('123456');
    await page.getByRole('button', { name: 'Pay' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Insufficient balance in your bKash account.' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Nothing was charged and your times are still held.');
    await expect(page).toHaveURL(/\/dashboard\/appointment$/);
    expect(await sidewaysOverflow(page), 'sideways scroll with the refusal at 320 px').toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/wallet-declined-320.png', fullPage: true });

    // The choice is a radio group: from bKash the arrow key moves to Nagad.
    const choice = page.getByRole('group', { name: 'Pay with' });
    await choice.getByRole('radio', { name: 'bKash' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(choice.getByRole('radio', { name: 'Nagad' })).toBeChecked();
    await expect(choice.getByRole('radio', { name: 'Nagad' })).toBeFocused();
    // The radio itself is hidden; its label shows the focus.
    const ring = await choice.locator('label').filter({ hasText: 'Nagad' }).evaluate((label) => getComputedStyle(label).outlineStyle);
    expect(ring, 'focus indicator on the Nagad choice').not.toBe('none');
    await page.getByLabel('Nagad account number').fill('+880 1811-234567');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill('123456');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Receipt' }).locator('dd').filter({ hasText: /^Nagad$/ })).toBeVisible();
  });
});

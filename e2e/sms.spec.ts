import sharp from 'sharp';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { ADMIN, addToListByApi, adminApi, logInThroughPage, putSettings, salonDate, signUpByApi } from './journey';

// A number no other run has proven (the demo database lives on between runs of one data folder).
const typedNumber = () => `01${7 + Math.floor(Math.random() * 3)}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const shown = (typed: string) => `${typed.slice(0, 5)} ${typed.slice(5)}`;

test('on her phone she adds her number, proves it with the texted code, books, and the confirmation is on Sent SMS', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // The run may fall in the salon's night: quiet hours off while it runs, put back after.
  const api = await adminApi(baseURL);
  const before = (await (await api.get('/api/settings')).json()) as Record<string, unknown>;
  await putSettings(api, { ...before, smsQuietFrom: '00:00', smsQuietUntil: '00:00' });
  const admin = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpByApi(page, baseURL, 'Nusrat Texter');
    const typed = typedNumber();

    await page.goto('/dashboard/userhome');
    const mobile = page.getByRole('region', { name: 'Mobile number' });
    await mobile.getByLabel('Mobile number', { exact: true }).fill(typed);
    await mobile.getByRole('button', { name: 'Send code' }).click();
    await expect(mobile.getByText(`We texted a code to ${shown(typed)}`)).toBeVisible();
    expect(await sidewaysOverflow(page), 'sideways scroll at 390 px').toBe(0);

    // The admin reads the code where the demo keeps every text.
    await logInThroughPage(admin, ADMIN);
    await admin.goto('/dashboard/sms');
    await expect(admin.getByRole('heading', { level: 1, name: 'Sent SMS' })).toBeVisible();
    const codeText = admin.getByRole('article').filter({ hasText: shown(typed) }).filter({ has: admin.getByRole('heading', { name: 'Verification code' }) });
    await expect(codeText).toHaveCount(1);
    const code = /(\d{6}) is your Parlour code/.exec((await codeText.textContent()) ?? '')?.[1];
    expect(code, 'the code in the text').toBeTruthy();
    expect(await sidewaysOverflow(admin), 'Sent SMS sideways at 390 px').toBe(0);

    await mobile.getByLabel('Code', { exact: true }).fill(code!);
    await mobile.getByRole('button', { name: 'Prove number' }).click();
    await expect(mobile.getByText('Proven', { exact: true })).toBeVisible();
    await expect(mobile.getByRole('checkbox', { name: /Text me about my appointments/ })).toBeChecked();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await sidewaysOverflow(page), 'sideways scroll at 320 px').toBe(0);
    await expect(mobile.getByRole('button', { name: 'Change number' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });

    // She books and pays; the confirmation goes to her proven number.
    const itemId = await addToListByApi(page, baseURL, 'Classic Manicure');
    const serviceId = ((await (await page.request.get('/api/cart')).json()) as { _id: string; cartItemId: string }[]).find((i) => i._id === itemId)!.cartItemId;
    const { slots } = (await (await page.request.get(`/api/availability?serviceId=${serviceId}&date=${salonDate(9)}`)).json()) as { slots: { startsAt: string }[] };
    const held = await page.request.patch(`/api/cart/${itemId}`, { headers: { origin: baseURL! }, data: { startsAt: slots[0]!.startsAt } });
    expect(held.status(), await held.text()).toBe(200);
    await page.goto('/dashboard/appointment');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 2) % 100}`);
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();

    const confirmation = admin.getByRole('article').filter({ hasText: shown(typed) }).filter({ has: admin.getByRole('heading', { name: 'Confirmation' }) });
    await expect(async () => {
      await admin.reload();
      await expect(confirmation).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(confirmation).toContainText('Parlour: booked! Classic Manicure');
    await expect(confirmation).toContainText('1 SMS part (GSM-7)');
    expect(await sidewaysOverflow(admin), 'Sent SMS sideways at 390 px').toBe(0);
  } finally {
    await admin.close();
    await putSettings(api, before);
    await api.dispose();
  }
});

test('on her phone she gives her number at sign-up and proves it with the texted code before going on', async ({ page, browser }) => {
  // The config's 120 s: the journey crosses two sign-ups' worth of pages, and each dashboard page now
  // loads its texts' catalogues too (it ran out of 90 s once, on its last step).
  test.setTimeout(120_000);
  const admin = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    const typed = typedNumber();
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Shirin Signup');
    const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0d9488' } }).png().toBuffer();
    await page.getByLabel('Profile image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer });
    await page.getByLabel('Email').fill(`shirin-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Shirin123');
    // A number in the wrong shape is refused in the form, before anything is made.
    await page.getByLabel(/^Mobile number/).fill('12345');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Enter a mobile number, e.g. 01712 345678')).toBeVisible();
    expect(await sidewaysOverflow(page), 'sign-up sideways at 390 px').toBe(0);
    await page.getByLabel(/^Mobile number/).fill(typed);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your account is ready' })).toBeVisible();
    const mobile = page.getByRole('region', { name: 'Mobile number' });
    await expect(mobile.getByText(`We texted a code to ${shown(typed)}`)).toBeVisible();
    expect(await sidewaysOverflow(page), 'the code step sideways at 390 px').toBe(0);
    await page.screenshot({ path: 'test-results/sign-up-code-390.png', fullPage: true });

    await logInThroughPage(admin, ADMIN);
    await admin.goto('/dashboard/sms');
    const codeText = admin.getByRole('article').filter({ hasText: shown(typed) }).filter({ has: admin.getByRole('heading', { name: 'Verification code' }) });
    await expect(codeText).toHaveCount(1);
    const code = /(\d{6}) is your Parlour code/.exec((await codeText.textContent()) ?? '')?.[1];
    expect(code, 'the code in the text').toBeTruthy();

    await mobile.getByLabel('Code', { exact: true }).fill(code!);
    await mobile.getByRole('button', { name: 'Prove number' }).click();
    await expect(mobile.getByText('Proven', { exact: true })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await sidewaysOverflow(page), 'the code step sideways at 320 px').toBe(0);
    await page.screenshot({ path: 'test-results/sign-up-proven-320.png', fullPage: true });

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/userhome');
    await expect(page.getByRole('region', { name: 'Mobile number' }).getByText(shown(typed))).toBeVisible();
  } finally {
    await admin.close();
  }
});

import type { Page } from '@playwright/test';
import { test, expect, sidewaysOverflow, wcagViolations } from './fixtures';
import { brokenWords, readWholePage, untranslatedWords } from './language-checks';

/**
 * The admin's daily screens in Bangla (issue 29): the demo admin's home, users, order list and
 * messages under /bn at phone widths, with nothing left in English but names (the accounts' and
 * the stylists'), brands and the text the salon or a customer wrote.
 */
const ADMIN = { email: 'admin@parlour.test', password: 'Admin123' };
const PAGES = ['/bn/dashboard/adminhome', '/bn/dashboard/alluser', '/bn/dashboard/orderlist', '/bn/dashboard/messages'];

async function signIn(page: Page, baseURL: string | undefined) {
  const signedIn = await page.request.post('/api/auth/sign-in/email', { headers: { origin: baseURL! }, data: ADMIN });
  expect(signedIn.status()).toBe(200);
}

/** The people the admin's lists name (every account), whose names stay as they are written. */
async function accountNames(page: Page): Promise<string[]> {
  const users = (await (await page.request.get('/api/user')).json()) as { name: string }[];
  return users.flatMap(({ name }) => name.split(/\W+/));
}

for (const width of [390, 320]) {
  test.describe(`the admin's screens in Bangla at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('are Bangla, fit the phone and break no word', async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      await signIn(page, baseURL);
      const names = await accountNames(page);
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.locator('html'), path).toHaveAttribute('lang', 'bn');
        await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
        await readWholePage(page);
        expect((await untranslatedWords(page)).filter((word) => !names.includes(word)), path).toEqual([]);
        expect(await sidewaysOverflow(page), path).toBe(0);
        expect(await brokenWords(page), path).toEqual([]);
      }
    });
  });
}

test.describe("the admin's screens in Bangla", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the admin home: its figures in Bengali digits, and no accessibility problem', async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    await page.goto('/bn/dashboard/adminhome?period=30d');
    await expect(page).toHaveTitle('অ্যাডমিন হোম | Parlour');
    await expect(page.getByRole('heading', { level: 2, name: 'সেলুন কেমন চলছে' })).toBeVisible();
    const figures = page.locator('dl').first();
    await expect(figures.getByText('আয়', { exact: true })).toBeVisible();
    // Every figure is written in Bengali digits: no Latin digit left in the cards.
    await expect(figures).not.toContainText(/[0-9]/);
    await expect(figures).toContainText(/[০-৯]/);
    await page.getByRole('button', { name: 'টেবিলে দেখুন' }).click();
    await expect(page.getByRole('region', { name: 'দিনওয়ারি আয় ও বুকিং, টেবিলে' })).toBeVisible();
    expect(await wcagViolations(page, '/bn/dashboard/adminhome')).toEqual([]);
  });

  test('Make admin asks and answers in Bangla, and Cancel keeps the role', async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    await page.goto('/bn/dashboard/alluser');
    await expect(page.getByRole('heading', { level: 1, name: 'সব ব্যবহারকারী' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'অ্যাকাউন্ট ও তাদের ভূমিকা' });
    await cards.getByRole('button', { name: /^অ্যাডমিন করুন: / }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('আপনি এই ব্যবহারকারীকে অ্যাডমিন করতে চাইছেন!');
    await expect(dialog.getByRole('button', { name: 'হ্যাঁ, অ্যাডমিন করুন' })).toBeVisible();
    await dialog.getByRole('button', { name: /বাতিল|Cancel/ }).click();
    await expect(dialog).toBeHidden();
  });

  test('the order list: a booking cancelled through the Bangla dialog', async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    await page.goto('/bn/dashboard/orderlist');
    await expect(page.getByRole('heading', { level: 1, name: 'সব বুকিং' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'বুকিং' });
    const cancel = cards.getByRole('button', { name: /^বাতিল: / }).first();
    await expect(cancel).toBeVisible();
    await cancel.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toContainText('বাতিল করবেন?');
    await expect(dialog.getByRole('heading')).toContainText(/[০-৯]/);
    await dialog.getByRole('button', { name: 'হ্যাঁ, বাতিল করুন' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'অ্যাপয়েন্টমেন্ট বাতিল হয়েছে' })).toBeVisible();
  });
});

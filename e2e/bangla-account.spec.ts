import type { Page } from '@playwright/test';
import { test, expect, sidewaysOverflow, wcagViolations } from './fixtures';
import { PASSWORD, signUpByApi } from './journey';
import { brokenWords, readWholePage, untranslatedWords } from './language-checks';

/**
 * The dashboard in Bangla (issue 29): the shell and its menu for every role, the customer's home
 * and review page, the stylist's day, and the delete-account dialogs, at phone widths.
 */
const CUSTOMER = { email: 'customer@parlour.test', password: 'Customer123' };
const STYLIST = { email: 'stylist@parlour.test', password: 'Stylist123' };
const ADMIN = { email: 'admin@parlour.test', password: 'Admin123' };

/**
 * Parts of these pages translated by another branch of issue 29 (the customer's waitlist). Marked
 * English here so this spec checks what is translated; empty this list once it is.
 */
const TRANSLATED_ELSEWHERE = ['section[aria-labelledby="my-waitlist"]'];

async function markTranslatedElsewhere(page: Page, selectors: string[]) {
  await page.evaluate((selectors) => {
    for (const selector of selectors) for (const element of document.querySelectorAll(selector)) element.setAttribute('lang', 'en');
  }, selectors);
}

async function signIn(page: Page, baseURL: string, account: { email: string; password: string }) {
  const signedIn = await page.request.post('/api/auth/sign-in/email', { headers: { origin: baseURL }, data: account });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}

/** The page is Bangla but for names, brands and English-marked text; it fits the phone and breaks no word. */
async function expectBangla(page: Page, path: string, elsewhere: string[] = TRANSLATED_ELSEWHERE) {
  await expect(page.locator('html'), path).toHaveAttribute('lang', 'bn');
  await readWholePage(page);
  await markTranslatedElsewhere(page, elsewhere);
  expect(await untranslatedWords(page), path).toEqual([]);
  expect(await sidewaysOverflow(page), path).toBe(0);
  expect(await brokenWords(page), path).toEqual([]);
}

for (const width of [390, 320]) {
  test.describe(`the dashboard in Bangla at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the customer's home and review page, and her menu", async ({ page, baseURL }) => {
      await signIn(page, baseURL!, CUSTOMER);
      await page.goto('/bn/dashboard/userhome');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('আবার স্বাগতম', { timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'আসন্ন অ্যাপয়েন্টমেন্ট' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'আপনার তথ্য' })).toBeVisible();
      await expectBangla(page, '/bn/dashboard/userhome');

      // The folded menu, opened: every entry in Bangla.
      await page.getByRole('button', { name: 'ড্যাশবোর্ড মেনু' }).click();
      const menu = page.getByRole('navigation', { name: 'ড্যাশবোর্ড মেনু' });
      await expect(menu.getByRole('link')).toHaveText(['ইউজার হোম', 'বুক করুন', 'বুকিং তালিকা', 'রিভিউ দিন', 'পেমেন্টের ইতিহাস', 'হোম']);
      await expectBangla(page, '/bn/dashboard/userhome (menu open)');

      await menu.getByRole('link', { name: 'রিভিউ দিন' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'আপনার অভিজ্ঞতা কেমন ছিল, জানান' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'আপনার রিভিউ' })).toBeVisible();
      await expect(page).toHaveTitle('রিভিউ দিন | Parlour');
      await expectBangla(page, '/bn/dashboard/review');
    });

    test("the stylist's day and her menu", async ({ page, baseURL }) => {
      await signIn(page, baseURL!, STYLIST);
      await page.goto('/bn/dashboard/my-day');
      await expect(page.getByRole('heading', { level: 1, name: 'আমার দিন' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('(আজ)');
      // Her day's stepper and grid are the calendar's, in Bangla too: read with the rest.
      await expectBangla(page, '/bn/dashboard/my-day');
      await page.getByRole('button', { name: 'ড্যাশবোর্ড মেনু' }).click();
      await expect(page.getByRole('navigation', { name: 'ড্যাশবোর্ড মেনু' }).getByRole('link')).toHaveText([
        'ইউজার হোম',
        'আমার দিন',
        'বুক করুন',
        'বুকিং তালিকা',
        'রিভিউ দিন',
        'পেমেন্টের ইতিহাস',
        'হোম',
      ]);
    });

    test("the admin's menu", async ({ page, baseURL }) => {
      await signIn(page, baseURL!, ADMIN);
      await page.goto('/bn/dashboard/adminhome');
      await expect(page.getByRole('complementary', { name: 'ড্যাশবোর্ড' })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'ড্যাশবোর্ড মেনু' }).click();
      const sidebar = page.getByRole('complementary', { name: 'ড্যাশবোর্ড' });
      await expect(sidebar.getByRole('link', { name: 'অ্যাডমিন হোম' })).toBeVisible();
      await expect(sidebar.getByRole('link', { name: 'সেলুনের সেটিংস' })).toBeVisible();
      // The admin home's own content (beside the menu) is t-admin-ops's: only the shell is checked here.
      await markTranslatedElsewhere(page, ['aside + div']);
      expect(await untranslatedWords(page), '/bn/dashboard/adminhome (menu)').toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await brokenWords(page)).toEqual([]);
    });
  });
}

test.describe('in Bangla', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('she deletes her account through the Bangla panel and dialogs', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await signUpByApi(page, baseURL, 'Leaving Customer');
    await page.goto('/bn/dashboard/userhome');
    const yourData = page.getByRole('region', { name: 'আপনার তথ্য' });
    await expect(yourData.getByRole('link', { name: 'আমার তথ্য ডাউনলোড করুন' })).toBeVisible({ timeout: 30_000 });
    expect(await wcagViolations(page, '/bn/dashboard/userhome')).toEqual([]);

    await yourData.getByRole('button', { name: 'আমার অ্যাকাউন্ট মুছুন' }).click();
    const form = page.getByRole('form', { name: 'আমার অ্যাকাউন্ট মুছুন' });
    await expect(yourData).toContainText('আপনার আসন্ন অ্যাপয়েন্টমেন্টগুলো বাতিল হবে');
    // An empty password: the schema's message, in Bangla, under the field.
    await form.getByRole('button', { name: 'আমার অ্যাকাউন্ট মুছুন' }).click();
    await expect(form).toContainText('অ্যাকাউন্ট মুছতে আপনার পাসওয়ার্ড লিখুন');
    await expectBangla(page, '/bn/dashboard/userhome (deleting)');

    await form.getByLabel('আপনার পাসওয়ার্ড').fill(PASSWORD);
    await form.getByRole('button', { name: 'আমার অ্যাকাউন্ট মুছুন' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'অ্যাকাউন্ট মুছে ফেলবেন?' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'অ্যাকাউন্ট রাখুন' })).toBeVisible();
    expect(await untranslatedWords(page), 'the confirmation').toEqual([]);
    await dialog.getByRole('button', { name: 'হ্যাঁ, অ্যাকাউন্ট মুছুন' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'আপনার অ্যাকাউন্ট মুছে ফেলা হয়েছে' })).toBeVisible();
    expect(await untranslatedWords(page), 'the goodbye').toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'ঠিক আছে' }).click();
    await expect(page).toHaveURL(/\/bn\/?$/);
  });
});

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ADMIN, photo } from './journey';
import { expectBanglaScreen } from './language-checks';

/**
 * The admin's service pages in Bangla (issue 29, docs/decisions/047 and 050) at phone widths:
 * nothing left in English but the salon's English texts (marked English), names and brands; and
 * the Bangla title and description she writes there are what the Bangla home page shows.
 */

async function signInAdmin(page: Page, baseURL: string | undefined) {
  const signedIn = await page.request.post('/api/auth/sign-in/email', { headers: { origin: baseURL! }, data: ADMIN });
  expect(signedIn.status()).toBe(200);
}

/** A number in Bengali digits, to make a Bangla title no other run has used. */
const bengaliDigits = (value: number) => value.toLocaleString('bn-BD', { useGrouping: false });

for (const width of [390, 320]) {
  test.describe(`the admin's service pages in Bangla at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('add service (with every message showing), manage services and update service are Bangla, fit and break no word', async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      await signInAdmin(page, baseURL);

      await page.goto('/bn/dashboard/addservice');
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
      await expect(page).toHaveTitle('সেবা যোগ করুন | Parlour');
      await expect(page.getByRole('heading', { level: 1, name: 'নতুন সেবা যোগ করুন' })).toBeVisible();
      const form = page.getByRole('form', { name: 'সেবা যোগ করুন' });
      await expect(form.getByLabel(/^বাংলায় সেবার নাম/)).toHaveAttribute('lang', 'bn');
      await expect(form.getByLabel(/^বাংলায় বিবরণ/)).toHaveAttribute('lang', 'bn');
      // The deposit's share, shown only with its choice.
      await form.getByRole('radio', { name: 'অনলাইনে অগ্রিম: দামের একটি অংশ (%)' }).check();
      await expect(form.getByLabel('অগ্রিমের অংশ (%)')).toBeVisible();
      await expectBanglaScreen(page, 'add service');
      await form.getByRole('button', { name: 'জমা দিন' }).click();
      await expect(form.getByText('সেবার নাম দিতে হবে')).toBeVisible();
      await expect(form.getByText('অগ্রিমের অংশ দিতে হবে')).toBeVisible();
      await expectBanglaScreen(page, 'add service, every message showing');

      await page.goto('/bn/dashboard/manageservice');
      await expect(page).toHaveTitle('সেবা পরিচালনা | Parlour');
      await expect(page.getByRole('heading', { level: 1, name: 'সেবাগুলো পরিচালনা করুন' })).toBeVisible();
      const cards = page.getByRole('list', { name: 'সেলুনের সেবাগুলো' });
      // The demo catalogue's Bangla title, not marked English.
      await expect(cards.getByRole('link', { name: 'ব্রাইডাল মেকআপ আপডেট করুন' })).toBeVisible();
      await expect(cards.getByText('ব্রাইডাল মেকআপ', { exact: true })).not.toHaveAttribute('lang');
      await expectBanglaScreen(page, 'manage services');

      await cards.getByRole('link', { name: 'ব্রাইডাল মেকআপ আপডেট করুন' }).click();
      await expect(page).toHaveURL(/\/bn\/dashboard\/updateservice\/[0-9a-f-]{36}$/);
      await expect(page).toHaveTitle('সেবা আপডেট | Parlour');
      await expect(page.getByRole('heading', { level: 1, name: 'আপনার সেবার তথ্য আপডেট করুন' })).toBeVisible();
      const update = page.getByRole('form', { name: 'সেবা আপডেট করুন' });
      await expect(update.getByLabel('সেবার নাম (ইংরেজিতে)')).toHaveValue('Bridal Makeup');
      await expect(update.getByLabel(/^বাংলায় সেবার নাম/)).toHaveValue('ব্রাইডাল মেকআপ');
      await expectBanglaScreen(page, 'update service');
    });
  });
}

test.describe("the admin's service pages in Bangla", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('she adds a service with a Bangla title and description, the Bangla home page shows them, and she removes it, all in Bangla', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const stamp = Date.now() % 1_000_000;
    const title = `Henna Night ${stamp}`;
    const titleBn = `মেহেদি সন্ধ্যা ${bengaliDigits(stamp)}`;
    const descriptionBn = 'দুই হাতে বিয়ের মেহেদি, কনের পছন্দের নকশায়।';
    await signInAdmin(page, baseURL);

    await page.goto('/bn/dashboard/addservice');
    const form = page.getByRole('form', { name: 'সেবা যোগ করুন' });
    await form.getByLabel('সেবার নাম (ইংরেজিতে)').fill(title);
    await form.getByLabel(/^বাংলায় সেবার নাম/).fill(titleBn);
    await form.getByLabel('দাম', { exact: true }).fill('2500');
    await form.getByLabel('বিবরণ (ইংরেজিতে)').fill('Bridal henna on both hands, in the pattern the bride chooses.');
    await form.getByLabel(/^বাংলায় বিবরণ/).fill(descriptionBn);
    await form.getByLabel(/^ছবি আপলোড করুন/).setInputFiles({ name: 'henna.png', mimeType: 'image/png', buffer: await photo('#9a3412') });
    await form.getByRole('button', { name: 'জমা দিন' }).click();
    const added = page.getByRole('dialog');
    await expect(added).toContainText('সেবা যোগ হয়েছে');
    await expect(added).toContainText(`${titleBn} এখন মেনুতে আছে।`);
    await added.getByRole('button', { name: 'ঠিক আছে' }).click();
    await expect(added).toBeHidden();
    await expect(form.getByLabel(/^বাংলায় সেবার নাম/)).toHaveValue('');

    // The Bangla home page shows her Bangla title and description, read as Bangla.
    await page.goto('/bn/');
    const card = page.locator('#services').getByRole('article', { name: titleBn });
    await expect(card).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('heading', { name: titleBn })).not.toHaveAttribute('lang');
    await expect(card.getByText(descriptionBn)).toBeVisible();
    await expect(card).not.toContainText(title);
    // The English home page keeps the English title.
    await page.goto('/');
    await expect(page.locator('#services').getByRole('article', { name: title })).toBeVisible();

    // Manage services names it in Bangla: its card, its update page, its removal.
    await page.goto('/bn/dashboard/manageservice');
    const cards = page.getByRole('list', { name: 'সেলুনের সেবাগুলো' });
    const item = cards.getByRole('listitem').filter({ hasText: titleBn });
    await expect(item.getByText(title, { exact: true })).toHaveAttribute('lang', 'en');
    await item.getByRole('link', { name: `${titleBn} আপডেট করুন` }).click();
    const updateForm = page.getByRole('form', { name: 'সেবা আপডেট করুন' });
    await expect(updateForm.getByLabel(/^বাংলায় সেবার নাম/)).toHaveValue(titleBn);
    await expect(updateForm.getByLabel(/^বাংলায় বিবরণ/)).toHaveValue(descriptionBn);
    await expect(page.getByText(`${titleBn}: যা দরকার বদলান`)).toBeVisible();

    await page.goto('/bn/dashboard/manageservice');
    await item.getByRole('button', { name: `${titleBn} মুছুন` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('আপনি কি নিশ্চিত?');
    await expect(confirm).toContainText('এটি আর ফিরিয়ে আনা যাবে না!');
    await confirm.getByRole('button', { name: 'হ্যাঁ, মুছে ফেলুন!' }).click();
    await expect(confirm).toContainText('সেবা মুছে ফেলা হয়েছে');
    await expect(confirm).toContainText(`${titleBn} এখন আর মেনুতে নেই।`);
    await confirm.getByRole('button', { name: 'ঠিক আছে' }).click();
    await expect(item).toHaveCount(0);
  });
});

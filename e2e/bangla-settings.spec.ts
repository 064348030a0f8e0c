import type { Page } from '@playwright/test';
import { test, expect, sidewaysOverflow } from './fixtures';
import { ADMIN, adminApi, putSettings } from './journey';
import { brokenWords, readWholePage, untranslatedWords } from './language-checks';

/**
 * The salon settings page in Bangla (issue 29) at phone widths, and the salon's choice of Latin
 * digits on Bangla pages (docs/decisions/050): set on that page, seen on the next page opened.
 */
const SETTINGS = '/bn/dashboard/settings';
const LATIN_DIGITS = 'বাংলা পেজে সংখ্যা ইংরেজি অঙ্কে (1, 2, 3) দেখান';

async function signInAdmin(page: Page, baseURL: string | undefined) {
  const signedIn = await page.request.post('/api/auth/sign-in/email', { headers: { origin: baseURL! }, data: ADMIN });
  expect(signedIn.status()).toBe(200);
}

async function openSettings(page: Page) {
  await page.goto(SETTINGS);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  // The first dashboard page of a run waits for its scripts and catalogues; the form for the settings.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('খোলার সময় ও বুকিং', { timeout: 30_000 });
  await expect(page.getByRole('form', { name: 'সেলুনের সেটিংস' })).toBeVisible({ timeout: 30_000 });
}

/** Saves the form and closes the dialog that says so. */
async function save(page: Page) {
  await page.getByRole('button', { name: 'সেটিংস সংরক্ষণ করুন' }).click();
  const done = page.getByRole('dialog', { name: 'সেটিংস সংরক্ষণ হয়েছে' });
  await done.getByRole('button', { name: 'ঠিক আছে' }).click();
  await expect(done).toBeHidden();
}

for (const width of [390, 320]) {
  test.describe(`the salon settings in Bangla at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('every section, field and choice is Bangla, fits the phone and breaks no word', async ({ page, baseURL }) => {
      await signInAdmin(page, baseURL);
      await openSettings(page);
      await expect(page).toHaveTitle('সেলুনের সেটিংস | Parlour');
      // The fields that appear on choice: a deposit's share, a closed date's row.
      await page.getByRole('radio', { name: 'অনলাইনে অগ্রিম: দামের একটি অংশ (%)' }).check();
      await expect(page.getByLabel('অগ্রিমের অংশ (%)')).toBeVisible();
      await page.getByRole('button', { name: 'বন্ধের দিন যোগ করুন' }).click();
      await expect(page.getByLabel('বন্ধের দিন ১', { exact: true })).toBeFocused();
      await expect(page.getByRole('button', { name: 'বন্ধের দিন ১ মুছুন' })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: LATIN_DIGITS })).not.toBeChecked();

      await readWholePage(page);
      expect.soft(await untranslatedWords(page), SETTINGS).toEqual([]);
      expect.soft(await sidewaysOverflow(page), SETTINGS).toBe(0);
      // The backups' folder and command may wrap anywhere (a path has no words to keep whole).
      const codes = await page.locator('code').allTextContents();
      expect.soft((await brokenWords(page)).filter((word) => !codes.some((code) => code.includes(word))), SETTINGS).toEqual([]);
    });
  });
}

test.describe('Latin digits on Bangla pages', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the admin ticks the box; the Bangla home page then shows its prices in Latin digits, and in Bengali ones again once she unticks it', async ({ page, baseURL }) => {
    const api = await adminApi(baseURL);
    const before = (await (await api.get('/api/settings')).json()) as Record<string, unknown>;
    const haircut = (await (await api.get('/api/service')).json() as { title: string; title_bn: string; price: number }[]).find((service) => service.title === 'Classic Haircut & Blow-dry')!;
    const latin = `${new Intl.NumberFormat('en-US').format(haircut.price)}৳`;
    const bengali = `${new Intl.NumberFormat('bn-BD').format(haircut.price)}৳`;
    // The Bangla page names the card by the demo catalogue's Bangla title.
    const card = page.getByRole('article', { name: haircut.title_bn });
    try {
      await page.goto('/bn/');
      await expect(card).toContainText(bengali);

      await signInAdmin(page, baseURL);
      await openSettings(page);
      await page.getByRole('checkbox', { name: LATIN_DIGITS }).check();
      await save(page);
      expect(await (await api.get('/api/settings')).json()).toMatchObject({ latinDigits: true });

      await page.goto('/bn/');
      await expect(card).toContainText(latin);
      await expect(card).not.toContainText(/[০-৯]/);

      // Back to Bengali digits, the same way.
      await openSettings(page);
      await expect(page.getByRole('checkbox', { name: LATIN_DIGITS })).toBeChecked();
      await page.getByRole('checkbox', { name: LATIN_DIGITS }).uncheck();
      await save(page);
      await page.goto('/bn/');
      await expect(card).toContainText(bengali);
    } finally {
      await putSettings(api, before);
      await api.dispose();
    }
  });
});

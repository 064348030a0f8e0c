import type { Page } from '@playwright/test';
import { test, expect, sidewaysOverflow, wcagViolations } from './fixtures';
import { LATIN_NAMES } from '../src/shared/i18n/brands';

/**
 * The Bangla site (docs/decisions/047): the public pages under /bn at phone widths, with nothing
 * left in English but names, brands and the text the salon or a customer wrote in English (marked
 * lang="en" or translate="no"), and the language switch keeping her on her page.
 */
const TRANSLATED_PAGES = [
  '/bn/',
  '/bn/team',
  '/bn/about',
  '/bn/terms',
  '/bn/privacy',
  '/bn/cookies',
  '/bn/no-such-page',
  '/bn/login',
  '/bn/signup',
  '/bn/forgot-password',
  '/bn/reset-password',
];

/** The brand; and every name of a person the pages show (stylists, reviewers), read from the API. */
async function namesAndBrands(page: Page): Promise<string[]> {
  const staff = (await (await page.request.get('/api/staff')).json()) as { name: string }[];
  const reviews = (await (await page.request.get('/api/review')).json()) as { name: string }[];
  return [...LATIN_NAMES, ...[...staff, ...reviews].flatMap(({ name }) => name.split(/\W+/))];
}

/** Latin words a reader sees (sr-only text included) outside names, brands and English-marked text. */
async function untranslatedWords(page: Page): Promise<string[]> {
  const allowed = await namesAndBrands(page);
  return page.evaluate((allowed) => {
    const words = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [lang="en"], [translate="no"], [hidden]')) continue;
      for (const word of node.textContent?.match(/[A-Za-z]{2,}/g) ?? []) if (!allowed.includes(word)) words.add(word);
    }
    return [...words];
  }, allowed);
}

/** Words the layout splits over two lines (a narrow column with overflow-wrap: anywhere does). */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [hidden], .sr-only') || parent.getClientRects().length === 0) continue;
      const text = node.textContent ?? '';
      // A line may end at a hyphen (Blow-/dry): the parts between spaces and hyphens must stay whole.
      for (const match of text.matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        // One box per line the word sits on: more than one line's worth of tops is a broken word.
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

for (const width of [390, 320]) {
  test.describe(`in Bangla at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('every translated public page is Bangla, fits the phone and breaks no word', async ({ page, allowConsoleError }) => {
      allowConsoleError(/404 \(Not Found\) \[[^\]]*\/bn\/no-such-page\]/, 'the Bangla 404 page is one of the pages checked');
      for (const path of TRANSLATED_PAGES) {
        await page.goto(path);
        await expect(page.locator('html'), path).toHaveAttribute('lang', 'bn');
        // The header's link (anchored: the sign-up page has its own 'লগইন করুন' link).
        await expect(page.getByRole('link', { name: /^(LogIn|লগইন)$/ }), path).toBeVisible();
        // The sections below the first screen hydrate as she scrolls: read the page once it is all there.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 500) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 60));
          }
        });
        await page.waitForLoadState('networkidle');
        expect(await untranslatedWords(page), path).toEqual([]);
        expect(await sidewaysOverflow(page), path).toBe(0);
        expect(await brokenWords(page), path).toEqual([]);
      }
    });
  });
}

test.describe('in Bangla', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the home page: Bengali digits and taka, the hours in Bangla, and no accessibility problem', async ({ page }) => {
    await page.goto('/bn/');
    await expect(page).toHaveTitle('Parlour | হোম');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('প্রত্যেক নারীর জন্য বিউটি সেলুন');
    await expect(page.locator('#services').getByText('১৫,০০০৳').first()).toBeVisible();
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await expect(page.locator('#contact')).toContainText('শনিবার – বৃহস্পতিবার:১০:০০ – ২০:০০');
    expect(await wcagViolations(page, '/bn/')).toEqual([]);
    await page.goto('/bn/team');
    expect(await wcagViolations(page, '/bn/team')).toEqual([]);
  });

  test('the switch keeps her on the same page and her booking list, and / then opens in her choice', async ({ page, baseURL }) => {
    const customer = { email: 'customer@parlour.test', password: 'Customer123' };
    const signedIn = await page.request.post('/api/auth/sign-in/email', { headers: { origin: baseURL! }, data: customer });
    expect(signedIn.status()).toBe(200);
    const list = (await (await page.request.get('/api/cart')).json()) as unknown[];

    await page.goto('/team');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: `Booking(${list.length})` })).toBeVisible();
    await page.getByRole('link', { name: /বাংলা/ }).first().click();

    await expect(page).toHaveURL(/\/bn\/team$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('আমাদের টিম');
    await page.getByRole('button', { name: 'মেনু খুলুন' }).click();
    const banglaCount = new Intl.NumberFormat('bn-BD').format(list.length);
    await expect(page.getByRole('link', { name: `বুকিং(${banglaCount})` })).toBeVisible();
    expect(((await (await page.request.get('/api/cart')).json()) as unknown[]).length).toBe(list.length);

    // Her choice is remembered: '/' opens in Bangla, whatever her browser asks for.
    await page.goto('/');
    await expect(page).toHaveURL(/\/bn\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');

    // And back: English, remembered too.
    await page.getByRole('link', { name: /English/ }).last().click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test("a visitor whose browser asks for Bangla first gets the Bangla home page at '/'", async ({ browser }) => {
    const context = await browser.newContext({ locale: 'bn-BD' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/bn\/$/);
    await expect(page.getByRole('link', { name: /English/ }).first()).toHaveAttribute('href', '/');
    await context.close();
  });

  test('the contact form speaks Bangla: its labels, and what is wrong with what she typed', async ({ page }) => {
    await page.goto('/bn/');
    const form = page.getByRole('form', { name: 'আমাদের লিখুন' });
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('ইমেইল').fill('not-an-address');
    await form.getByLabel('ইমেইল').blur();
    // Checked as she leaves the field (the message moves the button down: click it once it has).
    await expect(form.getByText('একটি সঠিক ইমেইল ঠিকানা দিন')).toBeVisible();
    await form.getByRole('button', { name: 'বার্তা পাঠান' }).click();
    await expect(form.getByText('নামের প্রথম অংশ দিতে হবে')).toBeVisible();
    await expect(form.getByText('বার্তা লিখতে হবে')).toBeVisible();
  });

  test('a failed log-in says so in Bangla', async ({ page, allowConsoleError }) => {
    allowConsoleError(/401 \(Unauthorized\)/, 'the refused sign-in is the journey');
    await page.goto('/bn/login');
    const form = page.getByRole('form', { name: 'লগইন' });
    await form.getByLabel('ইমেইল').fill('nobody@parlour.test');
    await form.getByLabel('পাসওয়ার্ড', { exact: true }).fill('Wrong1234');
    await form.getByRole('button', { name: 'লগইন করুন' }).click();
    await expect(form.getByText('ইমেইল বা পাসওয়ার্ড ভুল।')).toBeVisible();
    await expect(page).toHaveURL(/\/bn\/login$/);
  });
});

import { test, expect, sidewaysOverflow, wcagViolations } from './fixtures';
import { brokenWords, readWholePage, untranslatedWords } from './language-checks';

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
        await readWholePage(page);
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
    // The form's code loads as she comes near it; until then the server's form is on the page, its
    // button disabled, and a field left is not yet checked (under CI's load that took seconds).
    await expect(form.getByRole('button', { name: 'বার্তা পাঠান' })).toBeEnabled();
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

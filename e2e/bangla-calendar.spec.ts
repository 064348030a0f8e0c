import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ADMIN, paidBookingByApi, salonDate, signUpByApi } from './journey';
import { expectBanglaScreen } from './language-checks';

/**
 * The admin's calendar and front desk in Bangla (issue 29, docs/decisions/047) at phone widths:
 * the day and the week, a visit opened, the day's waitlist, and the front desk finding a customer
 * and adding her a service, with nothing left in English but names, brands, addresses and the
 * salon's own titles. The checks read the screen's own part of the page (the dashboard's menu has
 * its own spec).
 */
const THREADING = 'Eyebrow & Upper-lip Threading';
/** Its Bangla title, as the demo catalogue has it: what the Bangla calendar shows. */
const THREADING_BN = 'ভ্রু ও ঠোঁটের ওপরের থ্রেডিং';
const SERVICE = 'Classic Haircut & Blow-dry';

async function signInAdmin(page: Page, baseURL: string | undefined) {
  const signedIn = await page.request.post('/api/auth/sign-in/email', { headers: { origin: baseURL! }, data: ADMIN });
  expect(signedIn.status()).toBe(200);
}

for (const [width, daysAhead] of [
  [390, 21],
  [320, 22],
] as const) {
  test.describe(`the calendar and the front desk in Bangla at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the day, a visit, the waitlist, the week and the front desk are Bangla, fit and break no word', async ({ page, browser, baseURL }) => {
      test.setTimeout(300_000);
      // A day no other spec books: a visit on it, and a customer waiting for 08:00-09:00 (before
      // the salon opens, so no sweep offers her a time and she stays in line).
      const day = salonDate(daysAhead);
      const guest = await paidBookingByApi(baseURL!, THREADING, day, '11:00');
      const customer = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.204.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
      let waiting: string;
      try {
        const her = await customer.newPage();
        waiting = (await signUpByApi(her, baseURL, 'Bangla Waiter')).name;
        const services = (await (await her.request.get('/api/service')).json()) as { _id: string; title: string }[];
        const joined = await her.request.post('/api/waitlist', { headers: { origin: baseURL! }, data: { serviceId: services.find((s) => s.title === SERVICE)!._id, date: day, from: '08:00', to: '09:00' } });
        expect(joined.status(), await joined.text()).toBe(201);
      } finally {
        await customer.close();
      }

      await signInAdmin(page, baseURL);
      await page.goto(`/bn/dashboard/calendar?date=${day}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
      await expect(page.getByRole('heading', { level: 1, name: 'সেলুনের দিন' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'স্টাইলিস্ট ধরে বুকিং' })).toBeVisible();

      // One stylist at a time on a phone: the one with the visit is chosen from the list.
      const chooser = page.getByRole('combobox', { name: 'স্টাইলিস্ট' });
      const options = await chooser.locator('option').allTextContents();
      const hers = options.find((option) => option.endsWith(', ১টি বুকিং'));
      expect(hers, options.join(' | ')).toBeDefined();
      await chooser.selectOption({ label: hers! });
      const block = page.getByRole('button', { name: new RegExp(`: ${guest}-এর ${THREADING_BN}, ১১:০০–১১:১৫, নিশ্চিত$`) });
      await expect(block).toBeVisible();
      const waitlist = page.getByRole('region', { name: 'অপেক্ষা-তালিকা' });
      const entry = waitlist.getByRole('listitem').filter({ hasText: waiting });
      await expect(entry).toContainText('লাইনে ১ নম্বরে');
      await expect(entry).toContainText('০৮:০০–০৯:০০');
      await expect(entry.getByLabel('প্রস্তাবের সময়')).toBeVisible();
      await expectBanglaScreen(page, 'the day');

      await block.click();
      const details = page.getByRole('region', { name: `${guest}-এর ${THREADING_BN}` });
      await expect(details.getByRole('heading', { level: 3 })).toBeFocused();
      await expect(details).toContainText('১১:০০–১১:১৫ (১৫ মিনিট)');
      await expectBanglaScreen(page, 'a visit opened');

      await page.getByRole('button', { name: 'সপ্তাহ' }).click();
      await expect(page).toHaveURL(/view=week/);
      const week = page.getByRole('table', { name: /পর্যন্ত বুকিং, দিন ও স্টাইলিস্ট ধরে$/ });
      await expect(week.getByRole('rowheader')).toHaveCount(7);
      await expect(week.getByRole('button', { name: new RegExp(`: ${guest}-এর ${THREADING_BN}, `) })).toBeVisible();
      await expectBanglaScreen(page, 'the week');

      // The front desk finds the guest by her name and adds her a service.
      await page.goto('/bn/dashboard/front-desk');
      await expect(page.getByRole('heading', { level: 1, name: 'গ্রাহকের জন্য বুকিং' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'গ্রাহক খুঁজুন' }).fill(guest);
      await expect(page.getByRole('list', { name: 'পাওয়া গ্রাহক' })).toBeVisible();
      await expectBanglaScreen(page, 'the front desk, her found');
      await page.getByRole('list', { name: 'পাওয়া গ্রাহক' }).getByRole('button', { name: new RegExp(guest) }).click();
      await page.getByRole('combobox', { name: 'সেবা' }).selectOption({ index: 1 });
      await page.getByRole('button', { name: 'সেবা যোগ করুন' }).click();
      await expect(page.getByText(/^এখন .+ নিন \(নগদ\)।$/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'বুক করুন', exact: true })).toBeDisabled();
      await expectBanglaScreen(page, 'the front desk, a service added');

      // A new customer's form, with a field's problem in Bangla.
      await page.getByRole('button', { name: 'গ্রাহক বদলান' }).click();
      await page.getByRole('button', { name: 'নতুন গ্রাহক' }).click();
      const form = page.getByRole('form', { name: 'নতুন গ্রাহক' });
      await form.getByRole('textbox', { name: 'মোবাইল নম্বর' }).fill('12');
      await form.getByRole('button', { name: 'গ্রাহক সংরক্ষণ করুন' }).click();
      await expect(form.getByText('একটি মোবাইল নম্বর দিন, যেমন ০১৭১২ ৩৪৫৬৭৮')).toBeVisible();
      await expectBanglaScreen(page, 'the front desk, a new customer');
    });
  });
}

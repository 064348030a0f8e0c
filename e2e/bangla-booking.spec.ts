import type { Page } from '@playwright/test';
import { test, expect, sidewaysOverflow, wcagViolations } from './fixtures';
import { brokenWords, readWholePage, untranslatedWords } from './language-checks';
import { addToListByApi, cartOf, salonDate, signUpByApi } from './journey';

/**
 * The customer's booking and paying screens in Bangla (issue 29): the booking list, its time
 * picker and Delete dialog, the checkout with the test gateway's bKash, the receipt and her
 * payment history, under /bn at 390 and 320 px, with nothing left in English but names, brands
 * and what the salon wrote (marked lang="en"), and money and dates in Bengali digits.
 */
const HAIRCUT = 'Classic Haircut & Blow-dry';
const FACIAL = 'Signature Glow Facial';
/** Their Bangla titles, as the demo catalogue has them: what a Bangla page shows. */
const HAIRCUT_BN = 'ক্লাসিক হেয়ারকাট ও ব্লো-ড্রাই';
const FACIAL_BN = 'সিগনেচার গ্লো ফেসিয়াল';
const bn = (value: number) => new Intl.NumberFormat('bn-BD').format(value);

/** The page at both phone widths: Bangla only, nothing sideways, no word split over two lines. */
async function readsAsBangla(page: Page, label: string) {
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 640 });
    await readWholePage(page);
    expect(await untranslatedWords(page), `${label} at ${width} px`).toEqual([]);
    expect(await sidewaysOverflow(page), `${label} at ${width} px`).toBe(0);
    expect(await brokenWords(page), `${label} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function priceOf(page: Page, title: string): Promise<number> {
  const services = (await (await page.request.get('/api/service')).json()) as { title: string; price: number }[];
  return services.find((service) => service.title === title)!.price;
}

test.use({ viewport: { width: 390, height: 844 } });

test('in Bangla: books a time on her list, removes a service through the dialog, pays by bKash and reads her receipt', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signUpByApi(page, baseURL, 'Bangla Booker');
  await addToListByApi(page, baseURL, HAIRCUT);
  await addToListByApi(page, baseURL, FACIAL);
  const price = await priceOf(page, HAIRCUT);
  const date = salonDate(7);

  // The booking list: two services, neither with a time yet.
  await page.goto('/bn/dashboard/bookinglist');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  // The first dashboard page of a run waits for its scripts and catalogues: more time than a click's answer.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('বুকিং তালিকা', { timeout: 30_000 });
  await expect(page).toHaveTitle('বুকিং তালিকা | Parlour');
  await expect(page.getByText(`${bn(2)}টি সেবা`)).toBeVisible();
  await expect(page.getByText('পেমেন্টের আগে প্রতিটি সেবার সময় বেছে নিন।')).toBeVisible();
  await readsAsBangla(page, 'the booking list');

  // The time picker, in Bangla with Bengali digits; the service by the Bangla title the salon wrote.
  await page.getByRole('button', { name: `${HAIRCUT_BN}-এর সময় বাছুন` }).click();
  const picker = page.getByRole('region', { name: `${HAIRCUT_BN}-এর সময় বাছুন` });
  await expect(picker.getByText('সময়গুলো বাংলাদেশ মানক সময় অনুযায়ী', { exact: false })).toBeVisible();
  await picker.getByLabel('তারিখ').fill(date);
  await expect(picker.getByText(/-এর খালি সময়$/)).toBeVisible();
  await readsAsBangla(page, 'the time picker');
  await picker.getByRole('radio', { name: '১১:০০', exact: true }).click();
  await expect(page.getByRole('timer').first()).toContainText(/^আরও [০-৯]+:[০-৯]{2} রাখা আছে$/);
  await expect(page.getByRole('button', { name: `${HAIRCUT_BN}-এর সময় বদলান` })).toBeVisible();

  // Delete asks first, in Bangla, and says it was done.
  await page.getByRole('button', { name: `${FACIAL_BN} মুছুন` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('আপনি কি নিশ্চিত?');
  await expect(dialog).toContainText('এটি আর ফিরিয়ে আনা যাবে না!');
  await dialog.getByRole('button', { name: 'হ্যাঁ, মুছে ফেলুন!' }).click();
  await expect(page.getByRole('dialog')).toContainText('বুকিং তালিকা থেকে সরানো হয়েছে');
  await expect(page.getByRole('dialog')).toContainText(`${FACIAL_BN} আর তালিকায় নেই।`);
  await page.keyboard.press('Escape');
  await expect(page.getByText(`${bn(1)}টি সেবা`)).toBeVisible();
  await expect(page.getByText(`মোট: ${new Intl.NumberFormat('bn-BD').format(price)}৳`, { exact: false })).toBeVisible();
  await readsAsBangla(page, 'the booking list with a held time');

  // The checkout: the total in Bengali digits and taka, the test gateway's choice of Card, bKash, Nagad.
  // The list's own link (the menu may name a page alike).
  await page.locator('p').filter({ hasText: 'পেমেন্ট করে অ্যাপয়েন্টমেন্ট নিশ্চিত করুন:' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/bn\/dashboard\/appointment$/);
  await expect(page).toHaveTitle('অ্যাপয়েন্টমেন্ট | Parlour');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('পেমেন্ট করে অ্যাপয়েন্টমেন্ট নিশ্চিত করুন');
  await expect(page.getByTestId('appointment-total')).toHaveText(`${bn(price)}৳`);
  await expect(page.getByRole('form', { name: 'কার্ডের তথ্য' })).toBeVisible();
  await readsAsBangla(page, 'the checkout with the card form');
  expect(await wcagViolations(page, '/bn/dashboard/appointment')).toEqual([]);

  const choice = page.getByRole('group', { name: 'যেভাবে দেবেন' });
  await choice.getByText('bKash', { exact: true }).click();
  await expect(choice.getByRole('radio', { name: 'bKash' })).toBeChecked();
  await expect(page.getByText('পরীক্ষামূলক — কোনো আসল bKash অ্যাকাউন্ট থেকে টাকা কাটা হয় না।', { exact: false })).toBeVisible();
  await readsAsBangla(page, 'the checkout with bKash');
  await page.getByLabel('bKash অ্যাকাউন্ট নম্বর').fill('01700 000000');
  await page.getByRole('button', { name: 'কোড পাঠান' }).click();
  const code = page.getByLabel('যাচাই কোড');
  await expect(code).toBeFocused();
  await expect(page.getByText('bKash 01700 000000 নম্বরে ৬ অঙ্কের একটি কোড পাঠিয়েছে।')).toBeVisible();
  await readsAsBangla(page, 'the bKash code step');
  await code.fill('123456');
  await page.getByRole('button', { name: 'পেমেন্ট করুন' }).click();

  // The receipt: what the server recorded, in Bangla.
  await expect(page).toHaveURL(/\/bn\/dashboard\/appointment\/done\?payment=/);
  await expect(page.getByRole('heading', { level: 1, name: 'পেমেন্ট সফল হয়েছে' })).toBeVisible();
  await expect(page).toHaveTitle('পেমেন্ট সফল হয়েছে | Parlour');
  const receipt = page.getByRole('region', { name: 'রসিদ' });
  await expect(receipt.getByText('যেভাবে দিয়েছেন')).toBeVisible();
  await expect(receipt.locator('dd').filter({ hasText: /^bKash$/ })).toBeVisible();
  await expect(receipt.locator('dd').first()).toHaveText(`${bn(price)}৳`);
  await expect(receipt.getByText('বাতিলের নিয়ম')).toBeVisible();
  expect(await cartOf(page)).toEqual([]);
  await readsAsBangla(page, 'the receipt');

  // Her payment history and the booking page.
  await page.goto('/bn/dashboard/paymentHistory');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('আপনার পেমেন্ট');
  await expect(page).toHaveTitle('পেমেন্টের ইতিহাস | Parlour');
  await expect(page.getByText(`${bn(1)}টি পেমেন্ট।`, { exact: false })).toBeVisible();
  await expect(page.getByRole('list', { name: 'পেমেন্ট' }).getByText(`${bn(price)}৳`)).toBeVisible();
  await readsAsBangla(page, 'her payment history');
  await page.goto('/bn/dashboard/book');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('বুক করুন');
  await expect(page.getByText('আপনার বুকিং তালিকা খালি')).toBeVisible();
  await readsAsBangla(page, 'the book page');
});

test('in Bangla: an empty checkout and an unknown payment say so, in Bangla', async ({ page, baseURL }) => {
  await signUpByApi(page, baseURL, 'Bangla Empty');
  await page.goto('/bn/dashboard/appointment');
  // The first dashboard page of a run waits for its scripts and catalogues: more time than a click's answer.
  await expect(page.getByText('আপনার বুকিং তালিকা খালি')).toBeVisible({ timeout: 30_000 });
  await readsAsBangla(page, 'the empty checkout');
  await page.goto('/bn/dashboard/appointment/done?payment=nope');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('পেমেন্ট পাওয়া যায়নি');
  await expect(page).toHaveTitle('পেমেন্ট পাওয়া যায়নি | Parlour');
  await readsAsBangla(page, 'an unknown payment');
});

test('the demo customer reads her booking list in Bangla', async ({ page, baseURL }) => {
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email: 'customer@parlour.test', password: 'Customer123' },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto('/bn/dashboard/bookinglist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('বুকিং তালিকা', { timeout: 30_000 });
  await readsAsBangla(page, "the demo customer's booking list");
});

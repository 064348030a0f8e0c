import type { Page } from '@playwright/test';
import { startBuiltApp, type BuiltApp } from './app-server';
import { test, expect, sidewaysOverflow } from './fixtures';
import { PASSWORD, dhakaIso, salonDate, uniqueEmail } from './journey';
import { startFakeSslCommerz, type FakeSslCommerz } from '../src/server/payments/sslcommerz/fake-server';
import { freePort } from '../src/server/test/free-port';

/**
 * A salon on SSLCommerz: its own server (PAYMENTS=sslcommerz, against the fake SSLCommerz on
 * loopback, on a fresh data directory), beside the worker's own, so the other specs run as
 * before. A customer on a phone pays by bKash on the hosted page and lands on her receipt.
 */
let fake: FakeSslCommerz;
let app: BuiltApp;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  fake = await startFakeSslCommerz();
  app = await startBuiltApp(await freePort(), 'sslcommerz', fake.env);
  base = app.url;
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

test.use({ viewport: { width: 390, height: 844 } });

/** A new customer on the SSLCommerz server, signed in in this page's browser context, with two held times. */
async function customerReadyToPay(page: Page) {
  const headers = { origin: base };
  const name = `Rumana Bkash ${Date.now() % 100000}`;
  const signedUp = await page.request.post(`${base}/api/auth/sign-up/email`, {
    headers,
    data: { name, email: uniqueEmail('bkash'), password: PASSWORD, image: '/images/reviews/farzana.svg' },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const services = (await (await page.request.get(`${base}/api/service`)).json()) as { _id: string; title: string }[];
  const day = salonDate(6);
  for (const [title, time] of [
    ['Classic Haircut & Blow-dry', '11:00'],
    ['Signature Glow Facial', '15:00'],
  ] as const) {
    const added = await page.request.post(`${base}/api/cart`, { headers, data: { cartItemId: services.find((s) => s.title === title)!._id } });
    expect(added.status(), await added.text()).toBe(201);
    const { insertedId } = (await added.json()) as { insertedId: string };
    const held = await page.request.patch(`${base}/api/cart/${insertedId}`, { headers, data: { startsAt: dhakaIso(day, time) } });
    expect(held.status(), await held.text()).toBe(200);
  }
  return name;
}

test('on a phone she pays by bKash on the SSLCommerz page and lands on her receipt', async ({ page }) => {
  const name = await customerReadyToPay(page);
  await page.goto(`${base}/dashboard/appointment`);
  await expect(page.getByText('৳3,700').first()).toBeVisible();
  // The sandbox: no customer may take it for a real checkout.
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(page.getByText('bKash, Nagad, Rocket', { exact: false })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.screenshot({ path: 'test-results/sslcommerz-checkout-390.png', fullPage: true });
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.screenshot({ path: 'test-results/sslcommerz-checkout-320.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole('button', { name: 'Pay ৳3,700' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.base}/EasyCheckOut/`));
  await expect(page.getByRole('heading', { name: 'Pay BDT 3700.00' })).toBeVisible();
  await page.getByLabel('bKash').check();
  await page.getByRole('button', { name: 'Pay now' }).click();

  await expect(page).toHaveURL(new RegExp(`^${base}/dashboard/appointment/done\\?payment=`));
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(`Thank you, ${name}`)).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.screenshot({ path: 'test-results/sslcommerz-receipt-390.png', fullPage: true });

  const paymentId = new URL(page.url()).searchParams.get('payment')!;
  const payment = (await (await page.request.get(`${base}/api/payments/${paymentId}`)).json()) as { status: string; method: string; services: { status: string }[] };
  expect(payment).toMatchObject({ status: 'succeeded', method: 'bkash' });
  expect(payment.services.map((s) => s.status)).toEqual(['confirmed', 'confirmed']);
  // SSLCommerz's IPN reached the server as well; the payment was applied once.
  expect(fake.ipns.map((ipn) => ipn.status)).toEqual([200]);
});

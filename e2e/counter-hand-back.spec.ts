import type { Locator, Page } from '@playwright/test';
import { formatMoney } from '../src/shared/money';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { ADMIN, adminApi, logInThroughPage, salonDate, signUpByApi, wordsBrokenIn } from './journey';
import { untranslatedWords } from './language-checks';

/**
 * Counter money given back, at 390 px (docs/decisions/048): the demo admin books a customer at the
 * desk to pay at the visit and takes part of it in cash at the counter; she cancels the visit
 * herself online; her payment history says the money is hers to collect at the counter, the
 * order list says it is to give back (in English and in Bangla, at 390 and 320 px); the admin
 * marks it handed back and both then read it given back.
 */
test.use({ viewport: { width: 390, height: 844 } });

const SERVICE = 'Classic Manicure';
const CASH = 300;

/** Her card in the order list (the phone layout), found by her name. */
const orderCard = (page: Page, name: string, list = 'Bookings'): Locator => page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: name });

/** The counter line of her visit on her payment history (table or card, whichever is shown). */
const historyLine = (page: Page): Locator => page.getByRole('list', { name: 'Payments' }).getByText(/paid at the salon/);

test('her own cancellation leaves the cash to give back; the admin marks it handed back', async ({ page, baseURL, browser }) => {
  test.setTimeout(150_000);
  const { name, email } = await signUpByApi(page, baseURL, 'Hand-back Customer');
  const cash = formatMoney(CASH);

  // The desk books her manicure to pay at the visit (as for a customer who phoned).
  const api = await adminApi(baseURL);
  const day = salonDate(15);
  try {
    const [her] = (await (await api.get(`/api/front-desk/customers?q=${encodeURIComponent(email)}`)).json()) as { _id: string }[];
    const services = (await (await api.get('/api/service')).json()) as { _id: string; title: string }[];
    const serviceId = services.find((s) => s.title === SERVICE)!._id;
    const free = (await (await api.get(`/api/availability?serviceId=${serviceId}&date=${day}&customerId=${her!._id}`)).json()) as { slots: { startsAt: string }[] };
    const booked = await api.post('/api/front-desk/bookings', {
      data: { customerId: her!._id, items: [{ serviceId, staffId: null, startsAt: free.slots[0]!.startsAt }], payment: { when: 'at-visit' } },
    });
    expect(booked.status(), await booked.text()).toBe(201);
  } finally {
    await api.dispose();
  }

  const desk = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const admin = await desk.newPage();
    await logInThroughPage(admin, ADMIN);
    await admin.goto(`/dashboard/orderlist?from=${day}&to=${day}`);
    // She pays part of it ahead at the counter, in cash.
    const card = orderCard(admin, name);
    await card.getByRole('button', { name: new RegExp(`^Record payment for ${SERVICE} on `) }).click();
    const form = admin.getByRole('form', { name: `Record a payment for ${SERVICE}` });
    await form.getByRole('spinbutton', { name: 'Amount (৳)' }).fill(String(CASH));
    await form.getByRole('button', { name: 'Record' }).click();
    await expect(admin.getByText(`${cash} by Cash recorded for ${name}`)).toBeVisible();

    // She cancels it herself, from her home.
    await page.goto('/dashboard/userhome');
    await page.getByRole('list', { name: 'Your upcoming appointments' }).getByRole('listitem').filter({ hasText: SERVICE }).getByRole('button', { name: /^Cancel / }).click();
    const question = page.getByRole('dialog');
    await expect(question).toContainText(`The ${cash} you paid at the salon is given back there.`);
    await question.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByRole('dialog', { name: 'Appointment cancelled' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

    // Her payment history: hers to collect at the counter.
    await page.goto('/dashboard/paymentHistory');
    await expect(historyLine(page)).toHaveText(`${cash} paid at the salon · ${cash} to collect at the counter`);

    // The admin's order list: to give back, with 'Handed back', whole on a 390 and a 320 px phone.
    await admin.reload();
    const due = card.locator('[data-hand-back="due"]');
    await expect(due.getByText(`${cash} to give back at the counter`)).toBeVisible();
    const handBack = due.getByRole('button', { name: new RegExp(`^Handed back ${cash} for ${SERVICE} on `) });
    await expect(handBack).toHaveText('Handed back');
    for (const width of [390, 320]) {
      await admin.setViewportSize({ width, height: 844 });
      expect(await sidewaysOverflow(admin), `sideways scroll at ${width} px`).toBe(0);
      expect(await wordsBrokenIn(card), `words broken at ${width} px`).toEqual([]);
    }
    await card.screenshot({ path: 'e2e/screenshots/hand-back-due-320.png' });
    await admin.setViewportSize({ width: 390, height: 844 });
    expect(await seriousAxeViolations(admin)).toEqual([]);
    // On a wide screen the list is a table: the line and the button are in the paid column.
    await admin.setViewportSize({ width: 1440, height: 900 });
    const row = admin.getByRole('table', { name: 'Bookings' }).getByRole('row').filter({ hasText: name });
    await expect(row.getByText(`${cash} to give back at the counter`)).toBeVisible();
    await expect(row.getByRole('button', { name: new RegExp(`^Handed back ${cash} for ${SERVICE} on `) })).toBeVisible();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await row.screenshot({ path: 'e2e/screenshots/hand-back-due-wide.png' });
    await admin.setViewportSize({ width: 390, height: 844 });

    // The same in Bangla, at 390 and 320 px.
    await admin.goto(`/bn/dashboard/orderlist?from=${day}&to=${day}`);
    const bnCard = orderCard(admin, name, 'বুকিং');
    const bnDue = bnCard.locator('[data-hand-back="due"]');
    await expect(bnDue.getByText(`কাউন্টারে ${formatMoney(CASH, undefined, 'bn-BD')} ফেরত দিতে হবে`)).toBeVisible();
    await expect(bnDue.getByRole('button', { name: /ফেরত দেওয়া হয়েছে: / })).toHaveText('ফেরত দেওয়া হয়েছে');
    for (const width of [390, 320]) {
      await admin.setViewportSize({ width, height: 844 });
      expect(await untranslatedWords(admin, '[data-hand-back="due"]'), `Latin words at ${width} px`).toEqual([]);
      expect(await sidewaysOverflow(admin), `sideways scroll in Bangla at ${width} px`).toBe(0);
      expect(await wordsBrokenIn(bnCard), `words broken in Bangla at ${width} px`).toEqual([]);
    }
    await bnCard.screenshot({ path: 'e2e/screenshots/hand-back-due-bn-320.png' });
    await admin.setViewportSize({ width: 390, height: 844 });

    // She comes to the desk: the admin gives it back and marks it, after the question.
    await admin.goto(`/dashboard/orderlist?from=${day}&to=${day}`);
    await handBack.click();
    const confirm = admin.getByRole('dialog', { name: `Record ${cash} handed back to ${name}?` });
    await expect(confirm).toContainText('Give her the money first: this cannot be undone.');
    await confirm.getByRole('button', { name: 'Yes, handed back' }).click();
    await expect(admin.getByText(`${cash} given back to ${name}`)).toBeVisible();
    const given = card.locator('[data-hand-back="given"]');
    await expect(given).toHaveText(new RegExp(`^${cash} given back at the counter on \\w{3} \\d{1,2} \\w{3} \\d\\d:\\d\\d$`));
    await expect(card.getByRole('button', { name: /^Handed back/ })).toHaveCount(0);
    await admin.setViewportSize({ width: 320, height: 844 });
    expect(await sidewaysOverflow(admin), 'sideways scroll once given back at 320 px').toBe(0);
    expect(await wordsBrokenIn(card)).toEqual([]);
    await card.screenshot({ path: 'e2e/screenshots/hand-back-given-320.png' });

    // Her history now says it was given back, and when.
    await page.reload();
    await expect(historyLine(page)).toHaveText(new RegExp(`^${cash} paid at the salon · ${cash} given back at the counter on `));
  } finally {
    await desk.close();
  }
});

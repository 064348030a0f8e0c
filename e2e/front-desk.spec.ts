import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { adminApi, logInThroughPage, ADMIN, salonDate, signUpByApi, wordsBrokenIn } from './journey';
import { formatMoney } from '../src/shared/money';

/**
 * The front desk at 390 px (docs/decisions/046): the admin records a walk-in who gave her name and
 * number only, books her a haircut with a stylist and takes the money in cash; and books a
 * customer who signed up online, found by her name, to pay at the visit (she is e-mailed).
 */
test.use({ viewport: { width: 390, height: 844 } });

const SERVICE = 'Classic Haircut & Blow-dry';

async function priceOf(baseURL: string | undefined, title: string): Promise<number> {
  const api = await adminApi(baseURL);
  const services = (await (await api.get('/api/service')).json()) as { title: string; price: number }[];
  return services.find((s) => s.title === title)!.price;
}

test('books a walk-in with a name and a number, paid now in cash', async ({ page, baseURL }) => {
  const name = `Shirin Walk-in ${Date.now() % 100_000}`;
  const phone = `0171${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const price = await priceOf(baseURL, SERVICE);
  await logInThroughPage(page, ADMIN);
  await page.goto('/dashboard/front-desk');
  await expect(page.getByRole('heading', { name: 'Book for a customer' })).toBeVisible();

  await page.getByLabel('Find a customer').fill(name);
  await expect(page.getByText(`No customer matches “${name}”`)).toBeVisible();
  // The magnifier is drawn on top of the box, not under the field's background: what the page
  // paints at the icon's centre is the icon (made hit-testable for the question: it ignores the pointer).
  const magnifier = page.locator('svg.lucide-search').first();
  const box = (await magnifier.boundingBox())!;
  const onTop = await magnifier.evaluate((icon, { x, y }) => {
    (icon as SVGElement).style.pointerEvents = 'auto';
    const top = document.elementFromPoint(x, y);
    (icon as SVGElement).style.pointerEvents = '';
    return top !== null && icon.contains(top);
  }, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  expect(onTop, 'the search icon is painted over').toBe(true);
  await page.getByLabel('Find a customer').locator('..').screenshot({ path: 'e2e/screenshots/front-desk-search-390.png' });
  await page.getByRole('button', { name: 'New customer' }).click();
  // What was typed in the search becomes her name.
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await page.getByLabel('Mobile number').fill('12');
  await page.getByRole('button', { name: 'Save customer' }).click();
  await expect(page.getByText('Enter a mobile number, e.g. 01712 345678')).toBeVisible();
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Save customer' }).click();
  const shown = `${phone.slice(0, 5)} ${phone.slice(5)}`;
  await expect(page.getByText(shown)).toBeVisible();

  await page.getByLabel('Service', { exact: true }).selectOption({ label: `${SERVICE} · ${formatMoney(price)}` });
  await page.getByRole('button', { name: 'Add service' }).click();
  const picker = page.getByRole('region', { name: `Choose a time for ${SERVICE}` });
  await picker.getByLabel('Date').fill(salonDate(12));
  const first = picker.getByRole('radio').filter({ hasText: /^\d\d:\d\d$/ }).first();
  const time = (await first.textContent())!;
  await first.click();
  await expect(page.getByText(new RegExp(`${time}( with .*)?$`))).toBeVisible();

  await expect(page.getByText(`Take ${formatMoney(price)} now (Cash).`)).toBeVisible();
  expect(await sidewaysOverflow(page), 'sideways scroll on the filled form').toBe(0);
  await page.screenshot({ path: 'e2e/screenshots/front-desk-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Book', exact: true }).click();

  const booked = page.getByRole('heading', { name: `Booked for ${name}` });
  await expect(booked).toBeFocused();
  await expect(page.getByText(`Paid ${formatMoney(price)} at the counter.`)).toBeVisible();
  await expect(page.getByText('She gave no e-mail: tell her the times before she leaves.')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await wordsBrokenIn(page.locator('main'))).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The order list has her visit, paid in full at the salon, with her number for an e-mail.
  const api = await adminApi(baseURL);
  const day = salonDate(12);
  const bookings = (await (await api.get(`/api/bookings?from=${day}&to=${day}`)).json()) as {
    customer: { name: string; email: string | null; phone: string | null };
    status: string;
    money: { paidAtSalon: number; due: number };
  }[];
  const hers = bookings.filter((b) => b.customer.name === name);
  expect(hers.map((b) => [b.status, b.customer.email, b.customer.phone, b.money.paidAtSalon, b.money.due])).toEqual([
    ['confirmed', null, `+880${phone.slice(1)}`, price, 0],
  ]);
  await page.goto(`/dashboard/orderlist?from=${day}&to=${day}`);
  await expect(page.getByText(name).filter({ visible: true }).first()).toBeVisible();
});

test('books a customer who signed up online, found by her name, to pay at the visit; she is e-mailed', async ({ page, baseURL }) => {
  const { name, email } = await signUpByApi(page, baseURL, 'desk-online');
  await page.context().clearCookies();
  await page.setViewportSize({ width: 320, height: 740 });
  await logInThroughPage(page, ADMIN);
  await page.goto('/dashboard/front-desk');
  await page.getByLabel('Find a customer').fill(email.slice(0, 12));
  await page.getByRole('list', { name: 'Customers found' }).getByRole('button', { name: new RegExp(name) }).click();
  await page.getByLabel('Service', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Add service' }).click();
  const picker = page.getByRole('region', { name: /^Choose a time for / });
  await picker.getByLabel('Date').fill(salonDate(13));
  await picker.getByRole('radio').filter({ hasText: /^\d\d:\d\d$/ }).last().click();
  await page.getByRole('radio', { name: 'At the visit' }).check();
  expect(await sidewaysOverflow(page), 'sideways scroll at 320 px').toBe(0);
  await page.screenshot({ path: 'e2e/screenshots/front-desk-320.png', fullPage: true });
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Booked for ${name}` })).toBeVisible();
  await expect(page.getByText(/to pay at the visit\.$/)).toBeVisible();
  await expect(page.getByText('Her confirmation is on its way by e-mail.')).toBeVisible();
  const api = await adminApi(baseURL);
  await expect
    .poll(async () => ((await (await api.get('/api/admin/outbox')).json()) as { to: string; subject: string }[]).filter((m) => m.to === email).map((m) => m.subject))
    .toContainEqual(expect.stringMatching(/confirm/i));
});

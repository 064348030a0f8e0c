import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * What the accessibility and keyboard suites share: accounts and booking-list set-up through the
 * API (the page under test is then opened as the customer would), and the checks axe cannot make.
 */

export const ADMIN = { email: 'admin@parlour.test', password: 'Admin123' };
export const PASSWORD = 'Access123';
const SALON_ZONE = 'Asia/Dhaka';

export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * The `openDaysAhead`-th salon day from today, counting open days only (the salon is closed on
 * Fridays). Distinct numbers always give distinct days, whatever today is: counting calendar days
 * and moving a Friday to its Saturday gave salonDate(18) and salonDate(19) the same Saturday on
 * some weeks, and a test found the time another had booked (a stylist's 14:00 on 26 December).
 * Tests that share a day now share it on every date, so a clash shows on every run, not by the
 * calendar.
 */
export function salonDate(openDaysAhead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: SALON_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  for (let found = 0; found < openDaysAhead; ) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 5) found += 1;
  }
  return date.toISOString().slice(0, 10);
}

/** The instant a Dhaka wall clock (UTC+6, no daylight saving) reads `time` on `date`. */
export function dhakaIso(date: string, time: string): string {
  return new Date(`${date}T${time}:00+06:00`).toISOString();
}

export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

export async function photo(colour = '#be185d') {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: colour } }).png().toBuffer();
}

/** A new customer, signed in in this page's browser context (the API shares its cookies). */
export async function signUpByApi(page: Page, baseURL: string | undefined, label: string) {
  const name = `${label} ${Date.now() % 1_000_000}`;
  const email = uniqueEmail(label.toLowerCase().replace(/\W+/g, '-'));
  const response = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL! },
    data: { name, email, password: PASSWORD, image: '/images/reviews/farzana.svg' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { name, email };
}

/** Adds a service to her list and, when given, holds a time for it; answers the item's id. */
export async function addToListByApi(page: Page, baseURL: string | undefined, title: string, at?: { date: string; time: string }) {
  const services = (await (await page.request.get('/api/service')).json()) as { _id: string; title: string }[];
  const service = services.find((entry) => entry.title === title);
  if (!service) throw new Error(`no service ${title}`);
  const added = await page.request.post('/api/cart', { headers: { origin: baseURL! }, data: { cartItemId: service._id } });
  expect(added.status(), await added.text()).toBe(201);
  const { insertedId } = (await added.json()) as { insertedId: string };
  if (at) {
    const held = await page.request.patch(`/api/cart/${insertedId}`, { headers: { origin: baseURL! }, data: { startsAt: dhakaIso(at.date, at.time) } });
    expect(held.status(), await held.text()).toBe(200);
  }
  return insertedId;
}

/** Adds a service to her list from its card on the page in view, as she would. */
export async function addToBookingList(page: Page, title: string) {
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Add to Booking list' }).click();
  await expect(page.getByText('Add to cart success')).toBeVisible();
}

/** On her booking list: opens an item's time picker, goes to `date` and holds `time`. */
export async function pickTime(page: Page, title: string, date: string, time: string) {
  await page.getByRole('button', { name: `Pick a time for ${title}` }).click();
  const picker = page.getByRole('region', { name: `Choose a time for ${title}` });
  await picker.getByLabel('Date').fill(date);
  await picker.getByRole('radio', { name: time, exact: true }).click();
  await expect(page.getByRole('timer').first()).toBeVisible();
}

/** On the checkout page: pays with a test card (a good one unless told) and presses Pay. */
export async function payByCard(page: Page, card = '4242 4242 4242 4242') {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 2) % 100}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
}

export async function cartOf(page: Page) {
  return (await (await page.request.get('/api/cart')).json()) as { _id: string; title: string; startsAt: string | null; holdExpiresAt: string | null }[];
}

/** The demo admin, signed in on a request context of her own (the browser's session is left alone). */
export async function adminApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL!, 'x-forwarded-for': `10.200.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  const signedIn = await api.post('/api/auth/sign-in/email', { data: ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return api;
}

/** Sets the salon's hold length; answers the settings as they were, to put back afterwards. */
export async function setHoldMinutes(api: APIRequestContext, holdMinutes: number) {
  const before = (await (await api.get('/api/settings')).json()) as Record<string, unknown>;
  const saved = await api.put('/api/settings', { data: { ...before, holdMinutes } });
  expect(saved.status(), await saved.text()).toBe(200);
  return before;
}

export async function putSettings(api: APIRequestContext, settings: Record<string, unknown>) {
  expect((await api.put('/api/settings', { data: settings })).status()).toBe(200);
}

export async function logInThroughPage(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'SignIn' }).click();
  await expect(mainNav(page).getByRole('button', { name: 'LogOut' })).toBeVisible();
}

/**
 * Opens a page that needs the account, is sent to the log-in page, signs in there and comes back:
 * the way a person follows a bookmark to a dashboard page.
 */
export async function logInAfterRedirect(page: Page, path: string, account: { email: string; password: string } = ADMIN) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'SignIn' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Every page of the admin's dashboard menu (the add-service form is left to each spec). */
export const ADMIN_PAGES = [
  '/dashboard/adminhome',
  '/dashboard/orderlist',
  '/dashboard/calendar',
  '/dashboard/front-desk',
  '/dashboard/alluser',
  '/dashboard/manageservice',
  '/dashboard/paymentHistory',
  '/dashboard/managereviews',
  '/dashboard/settings',
  '/dashboard/outbox',
  '/dashboard/sms',
  '/dashboard/messages',
  '/dashboard/staff',
] as const;

/** The focused element, as a person reading the page would name it ('BODY' when focus is lost). */
export async function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) return 'BODY';
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 60) ?? '';
    return `${active.tagName.toLowerCase()} "${name}"`;
  });
}

/**
 * Focus has somewhere sensible to be after `action`: not on <body>, so the next Tab does not
 * start again at the skip link.
 */
export async function expectFocusKept(page: Page, action: string) {
  await expect.poll(() => focusedElement(page), { message: `focus after ${action}` }).not.toBe('BODY');
  // And it stays there once every dialog has finished closing (SweetAlert2 restores focus 100 ms late).
  await page.waitForTimeout(300);
  expect(await focusedElement(page), `focus after ${action}`).not.toBe('BODY');
}

/**
 * The contrast ratio of one element's text, focus outline or border against what lies behind it,
 * from the browser's computed colours. Translucent layers are painted onto a 1x1 canvas in page
 * order, so colours written as oklch, color-mix or with alpha are composed exactly as on screen.
 */
export async function contrastRatio(locator: Locator, part: 'text' | 'outline' | 'border'): Promise<number> {
  return locator.evaluate((element, measured) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const paint = (colours: string[]) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, 1, 1);
      for (const colour of colours) {
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
      }
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!];
    };
    /** Background colours from the outermost ancestor in, up to `from`. */
    const backgrounds = (from: Element | null) => {
      const layers: string[] = [];
      for (let node = from; node; node = node.parentElement) layers.unshift(getComputedStyle(node).backgroundColor);
      return layers;
    };
    const luminance = ([r, g, b]: number[]) => {
      const [lr, lg, lb] = [r!, g!, b!].map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
    };
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const style = getComputedStyle(element);
    if (measured === 'text') {
      const behind = backgrounds(element);
      return ratio(paint([...behind, style.color]), paint(behind));
    }
    // An outline or a border is seen against what surrounds the element, and (for a border) its own fill.
    const outside = backgrounds(element.parentElement);
    const colour = measured === 'outline' ? style.outlineColor : style.borderTopColor;
    const line = paint([...outside, colour]);
    const against = measured === 'outline' ? [paint(outside)] : [paint(outside), paint([...outside, style.backgroundColor])];
    return Math.min(...against.map((fill) => ratio(line, fill)));
  }, part);
}

/**
 * Words under `locator` that the layout split across two lines (a narrow column breaking a
 * service's name in the middle). Parts joined by a hyphen count as words of their own.
 */
export async function wordsBrokenIn(locator: Locator): Promise<string[]> {
  return locator.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/[^\s\-–—]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

/**
 * A new customer who books and pays for `title` at `time` through the API (the test gateway), with
 * the stylist named if any; answers her name.
 */
export async function paidBookingByApi(baseURL: string, title: string, date: string, time: string, staffId?: string): Promise<string> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': `10.201.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  try {
    const name = `Calendar Guest ${Date.now() % 1_000_000}`;
    const signUp = await api.post('/api/auth/sign-up/email', { data: { name, email: uniqueEmail('calendar-guest'), password: PASSWORD, image: '/images/reviews/farzana.svg' } });
    expect(signUp.status(), await signUp.text()).toBe(200);
    const services = (await (await api.get('/api/service')).json()) as { _id: string; title: string; price: number }[];
    const service = services.find((entry) => entry.title === title);
    if (!service) throw new Error(`no service ${title}`);
    const added = await api.post('/api/cart', { data: { cartItemId: service._id } });
    expect(added.status(), await added.text()).toBe(201);
    const { insertedId } = (await added.json()) as { insertedId: string };
    const held = await api.patch(`/api/cart/${insertedId}`, { data: { startsAt: dhakaIso(date, time), ...(staffId && { staffId }) } });
    expect(held.status(), await held.text()).toBe(200);
    const intent = await api.post('/api/create-payment-intent', { data: { price: service.price } });
    expect(intent.status(), await intent.text()).toBe(200);
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const paid = await api.post('/api/payments/test/confirm', {
      data: { clientSecret, cardNumber: '4242424242424242', expiry: `12/${(new Date().getFullYear() + 2) % 100}`, cvc: '123' },
    });
    expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
    return name;
  } finally {
    await api.dispose();
  }
}

/** The e2e server's embedded PostgreSQL, through its Unix socket in the data folder (playwright.config.ts). */
export async function inDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const client = new pg.Client({ connectionString: `postgresql://parlour@localhost/parlour?host=${encodeURIComponent(path.join(dataDir, 'postgres'))}` });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

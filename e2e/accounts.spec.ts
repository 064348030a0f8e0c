import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';

const customer = { name: 'Mitu Customer', email: 'customer@parlour.test', password: 'Customer123' };
const admin = { name: 'Salon Admin', email: 'admin@parlour.test', password: 'Admin123' };
const PASSWORD_MESSAGE = 'Password must be at least 6 characters with 1 uppercase, 1 lowercase and 1 number';

/** A different e-mail on every run (the database is fresh per run, but runs may be repeated). */
function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function logIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'SignIn' }).click();
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

test.describe('accounts', () => {
  test('sign-up checks every field, uploads a real photo and lands signed in with the avatar', async ({ page }) => {
    await page.goto('/signup');
    await expect(page).toHaveTitle('Sign Up | Parlour');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Parlour' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('image is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('password is required')).toBeVisible();

    const name = `Nadia Rahman ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill(uniqueEmail('nadia'));
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(PASSWORD_MESSAGE)).toBeVisible();
    await expect(page.getByText('image is required')).toBeVisible();

    const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e11d48' } }).png().toBuffer();
    await page.getByLabel('Profile image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer });
    await page.getByLabel('Password', { exact: true }).fill('Nadia1234');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL(/\/$/);
    const avatar = mainNav(page).getByRole('img', { name });
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}\.webp$/);
    // The uploaded photo really loads.
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(mainNav(page).getByRole('button', { name: 'LogOut' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/userhome');
  });

  test("log-in returns to the page recorded as 'from'", async ({ page }) => {
    await page.goto('/dashboard/userhome');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await expect(page).toHaveTitle('Log In | Parlour');

    await logIn(page, customer);

    await expect(page).toHaveURL(/\/dashboard\/userhome$/);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${customer.name}` })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Booking List' })).toBeAttached();
  });

  test('log-out shows LogIn again, and the dashboard then asks for a log-in', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, customer);
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('img', { name: customer.name })).toBeVisible();

    await mainNav(page).getByRole('button', { name: 'LogOut' }).click();

    await expect(mainNav(page).getByRole('link', { name: 'LogIn' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('another site cannot sign her out by sending her browser to /api/logout', async ({ page, baseURL, allowConsoleError }) => {
    allowConsoleError(/status of 403 \(Forbidden\) \[http:\/\/[^/]+\/api\/logout\]/, 'the refused cross-site log-out is a 403 page');
    await page.goto('/login');
    await logIn(page, customer);
    await expect(mainNav(page).getByRole('button', { name: 'LogOut' })).toBeVisible();

    // A page on another site with a link to our log-out (its cookie goes along: SameSite=Lax lets
    // a top-level GET through).
    await page.route('http://elsewhere.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Prize</title><a href="${baseURL}/api/logout">Claim your prize</a>` }),
    );
    await page.goto('http://elsewhere.test/');
    await page.getByRole('link', { name: 'Claim your prize' }).click();
    await expect(page).toHaveURL(/\/api\/logout$/);
    await expect(page.locator('body')).toContainText('Log out from the Parlour site itself.');

    await page.goto('/');
    await expect(mainNav(page).getByRole('button', { name: 'LogOut' })).toBeVisible();
    await expect(mainNav(page).getByRole('img', { name: customer.name })).toBeVisible();
  });

  test("an admin's Dashboard link leads to the admin home from the moment she is signed in", async ({ page }) => {
    // The admin check is held back, as on a slow connection right after signing in.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/admin/*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await logIn(page, admin);
    await expect(page).toHaveURL(/\/$/);
    const dashboard = mainNav(page).getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toHaveAttribute('href', '/dashboard/adminhome');
    await dashboard.click();
    await expect(page).toHaveURL(/\/dashboard\/adminhome$/);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Salon Admin' })).toBeVisible();
  });

  test('a signed-in customer who opens an admin page is sent to /login', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, customer);
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await page.goto('/dashboard/alluser');

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toContainText(`You are signed in as ${customer.name}`);
    await expect(page.getByRole('heading', { name: 'All users' })).toHaveCount(0);
  });

  test('the admin makes a new customer an admin through the dialogs, then takes the role back', async ({ page, request, baseURL }) => {
    const name = `Farzana Test ${Date.now()}`;
    const signUp = await request.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL! },
      data: { name, email: uniqueEmail('farzana'), password: 'Farzana123', image: '/images/reviews/farzana.svg' },
    });
    expect(signUp.status()).toBe(200);

    await page.goto('/dashboard/alluser');
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, admin);
    await expect(page).toHaveURL(/\/dashboard\/alluser$/);
    await expect(page).toHaveTitle('Make Admin | Parlour');

    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: 'Make admin' }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Make ${name} an admin?`);
    await expect(dialog).toContainText('You want to make user admin!');
    await dialog.getByRole('button', { name: 'Yes, make admin' }).click();
    await expect(dialog).toContainText('Admin!');
    await expect(dialog).toContainText(`${name} is an admin now.`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(row.getByRole('button', { name: 'Remove Admin' })).toBeVisible();

    await row.getByRole('button', { name: 'Remove Admin' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Remove ${name}'s admin role?`);
    await expect(dialog).toContainText('You want to remove user admin role!');
    await dialog.getByRole('button', { name: 'Yes, remove admin' }).click();
    await expect(dialog).toContainText('Admin!');
    await expect(dialog).toContainText(`${name} is no longer an admin.`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(row.getByRole('button', { name: 'Make admin' })).toBeVisible();
  });

  test('the log-in page has no serious accessibility problems; screenshots at 390 and 1280', async ({ page }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'SignIn' })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page), 'sideways scroll').toBe(0);
      await page.screenshot({ path: `e2e/screenshots/login-${width}.png`, fullPage: true });
    }
  });

  test('the admin user list: no serious accessibility problems; screenshots at 390 and 1280', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, admin);
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/adminhome');

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto('/dashboard/alluser');
      // A table from md up; on a phone each account is a card (a list item) with its button in view.
      const accounts = page.getByRole(width === 390 ? 'list' : 'table', { name: 'Accounts and their roles' });
      await expect(accounts).toBeVisible();
      const entry = accounts.getByRole(width === 390 ? 'listitem' : 'row').filter({ hasText: admin.email });
      await expect(entry.getByRole('button', { name: 'Remove Admin' })).toBeInViewport();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page), 'sideways scroll').toBe(0);
      await page.screenshot({ path: `e2e/screenshots/alluser-${width}.png`, fullPage: true });
    }
  });
});

import { test, expect, seriousAxeViolations } from './fixtures';
import { logInAfterRedirect, wordsBrokenIn } from './journey';

// `npm start` has no SMTP server and never logs a mail's body: the newcomer finds her reset link on
// the admin's Sent e-mails page (SHOW_OUTBOX, which scripts/start.mjs turns on).
test('a reset link is followed from the admin’s Sent e-mails page', async ({ page, request, baseURL, consoleErrors }) => {
  const email = `rumana-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL! },
    data: { name: 'Rumana Test', email, password: 'Rumana123', image: '/images/reviews/farzana.svg' },
  });
  expect(signUp.status()).toBe(200);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account uses this e-mail, we have sent a link to reset the password.')).toBeVisible();

  await logInAfterRedirect(page, '/dashboard/adminhome');
  await page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Sent e-mails' }).click();
  await expect(page).toHaveURL(/\/dashboard\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sent e-mails' })).toBeVisible();

  const mail = page.getByRole('article').filter({ hasText: email }).filter({ has: page.getByRole('heading', { name: 'Reset your Parlour password' }) });
  await expect(mail).toHaveCount(1);
  // Mails tell prices in taka: the plain text's monospace font falls back to the site's one-glyph
  // taka font, which a machine without a Bengali font needs (else '৳800' shows an empty box).
  expect(await mail.locator('p.font-mono').evaluate((body) => getComputedStyle(body).fontFamily)).toMatch(/^"Parlour Taka", /);
  expect(await seriousAxeViolations(page)).toEqual([]);
  // On a phone the long address wraps before its '@', never inside the host's name.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await wordsBrokenIn(mail.getByRole('definition').first())).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await mail.getByRole('link', { name: /\/api\/auth\/reset-password\// }).click();

  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('Fresh4567');
  await page.getByLabel('Confirm new password').fill('Fresh4567');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('link', { name: 'Go to Log In' })).toBeVisible();

  const signIn = await request.post('/api/auth/sign-in/email', { headers: { origin: baseURL! }, data: { email, password: 'Fresh4567' } });
  expect(signIn.status()).toBe(200);
  expect(consoleErrors).toEqual([]);
});

import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';

test.describe('the home page', () => {
  test('shows the 16 services from the API with prices, the hero and the title', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Parlour|Home');
    await expect(page.getByRole('heading', { level: 1, name: 'BEAUTY SALON FOR EVERY WOMEN' })).toBeVisible();
    const services = page.locator('#services');
    await expect(services.getByRole('button', { name: /Add to Booking list/i })).toHaveCount(16);
    await expect(services.getByRole('heading', { name: 'Bridal Makeup' })).toBeVisible();
    await expect(services.getByText('৳15,000').first()).toBeVisible();
  });

  test('the testimonials carousel wraps both ways, by button and by keyboard', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Customer testimonials' });
    await carousel.scrollIntoViewIfNeeded();
    const current = carousel.locator('[aria-live="polite"]');
    await expect(current).toContainText('1 of');
    const total = Number((await current.innerText()).match(/of (\d+)/)![1]);

    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(current).toContainText(`${total} of ${total}`);
    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(current).toContainText(`1 of ${total}`);

    await carousel.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(current).toContainText(`${total} of ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect(current).toContainText(`1 of ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect(current).toContainText(`2 of ${total}`);
  });

  test('a visitor adding a service is asked to log in, and goes to the log-in page', async ({ page }) => {
    await page.goto('/');
    await page.locator('#services').getByRole('button', { name: /Add to Booking list/i }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('You are not logged in');
    await expect(dialog).toContainText('please login to add to the cart!');
    await dialog.getByRole('button', { name: 'Yes,Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown address shows a real 404 page', async ({ page, allowConsoleError }) => {
    allowConsoleError(
      /status of 404 \(Not Found\) \[http:\/\/[^\]]+\/no-such-page\]$/,
      'the page itself is answered with status 404 (so search engines drop it), which Chromium logs as a failed load',
    );
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: /page not found/i })).toBeVisible();
    await page.getByRole('link', { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('desktop: full navbar, no serious accessibility problems, screenshot', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.locator('#services').getByRole('button', { name: /Add to Booking list/i })).toHaveCount(16);
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /LogIn/i })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page), 'sideways scroll').toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/home-1280.png', fullPage: true });
  });

  test('phone (390 px): the navbar collapses into a menu, no serious accessibility problems, screenshot', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('#services').getByRole('button', { name: /Add to Booking list/i })).toHaveCount(16);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Us' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Contact Us' })).toBeHidden();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page), 'sideways scroll').toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/home-390.png', fullPage: true });
  });

  test('the contact form checks its fields and keeps the message for the salon', async ({ page }) => {
    await page.goto('/#contact');
    const form = page.locator('#contact form');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();
    await form.getByLabel('First name').fill('Nadia');
    await form.getByLabel('Email').fill('nadia@example.com');
    await form.getByLabel('Message').fill('Can I book a bridal trial on a Saturday?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(/Thank you! Your message has been sent/)).toBeVisible();
  });

  test('a page opened by its address starts at the top; Back returns to where the last page was left', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#services').getByRole('button', { name: /Add to Booking list/i })).toHaveCount(16);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
    // A second address typed in the same tab (a page as long as the first): it starts at the top,
    // not where the other page was left.
    await page.goto('/?visit=2');
    await expect(page.locator('#services').getByRole('button', { name: /Add to Booking list/i })).toHaveCount(16);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(1500);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.locator('#services').getByRole('button', { name: /Add to Booking list/i })).toHaveCount(16);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  });
});

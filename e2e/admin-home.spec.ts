import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';

const admin = { email: 'admin@parlour.test', password: 'Admin123' };

// The demo customer's history (src/server/auth/demo-history.ts): one ৳3,300 payment (facial ৳2,500
// and manicure ৳800) made about two weeks ago, so 'Last 30 days' holds it.
test('the admin sees the demo visit’s revenue and a drawn chart on the admin home, at 1280 and 390 px', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The chart library is fetched by the admin home only: no script the public home page loads
  // holds it, by name or inlined (uPlot's root class name 'uplot' is a string literal in its code).
  const scripts: string[] = [];
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(new URL(response.url()).pathname);
    bodies.push(response.text().catch(() => ''));
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /revenue-chart|uplot/i.test(path))).toEqual([]);
  const holdingUplot = (await Promise.all(bodies)).map((body, index) => (/["'`]uplot["'`]/.test(body) ? scripts[index] : null)).filter(Boolean);
  expect(holdingUplot, 'scripts of the public home page holding uPlot').toEqual([]);

  await page.goto('/dashboard/adminhome');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'SignIn' }).click();
  await expect(page).toHaveURL(/\/dashboard\/adminhome$/);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Today/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Next free times today' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 30 days' });
  await expect(page).toHaveURL(/\?period=30d$/);
  const figures = page.getByRole('region', { name: 'How the salon is doing' });
  // The table of the chart's numbers is there for screen readers: the demo payment's day shows ৳3,300.
  const perDay = figures.getByRole('table', { name: 'Revenue and bookings per day' });
  await expect(perDay.getByRole('row')).toHaveCount(31);
  await expect(perDay.getByRole('cell', { name: '৳3,300', exact: true })).toHaveCount(1);
  await expect(figures.getByRole('region', { name: 'Top services by revenue' }).getByText('Signature Glow Facial')).toBeVisible();

  // uPlot draws on a canvas: it is there, sized, and not blank.
  const canvas = figures.locator('[data-testid="revenue-chart"] canvas');
  await expect(canvas).toBeVisible();
  expect(scripts.filter((path) => /revenue-chart/.test(path))).toHaveLength(1);
  const painted = await canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let coloured = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) coloured += 1;
    return { width: c.width, height: c.height, coloured };
  });
  expect(painted.width).toBeGreaterThan(200);
  expect(painted.coloured).toBeGreaterThan(500);

  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page), 'sideways scroll at 1280').toBe(0);
  await page.screenshot({ path: 'e2e/screenshots/admin-home-1280.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(canvas).toBeVisible();
  expect(await sidewaysOverflow(page), 'sideways scroll at 390').toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/screenshots/admin-home-390.png', fullPage: true });

  // 'Show as table' swaps the chart for the same numbers.
  await figures.getByRole('button', { name: 'Show as table' }).click();
  await expect(canvas).toHaveCount(0);
  await expect(perDay.getByRole('cell', { name: '৳3,300', exact: true })).toBeVisible();
  expect(await sidewaysOverflow(page), 'sideways scroll with the table at 390').toBe(0);
  expect(consoleErrors).toEqual([]);
});

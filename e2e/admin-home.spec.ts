import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { logInAfterRedirect } from './journey';
import { adminSummarySchema } from '../src/shared/admin-summary';
import { formatMoney } from '../src/shared/money';

/** A service's title as a pattern matching itself ('Eyebrow & Upper-lip Threading', '24K Gold Facial'). */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The demo customer's history (src/server/auth/demo-history.ts): one ৳3,300 payment for a facial
// (৳2,500) six open days ago and a manicure (৳800) on the last open day, booked before the salon
// had stylists. The demo stylist's visits around today (src/server/auth/demo-stylist-day.ts) are
// Nasima Begum's; how many fall in the period depends on the day and hour of the run, so those
// figures are checked against what the server answered, and to add up.
test('the admin sees the demo visit’s revenue and a drawn chart on the admin home, at 1280 and 390 px', async ({ page, consoleErrors }) => {
  // Three accessibility scans and two widths: more than the default minute on a busy machine.
  test.setTimeout(120_000);
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

  await logInAfterRedirect(page, '/dashboard/adminhome');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Today/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Next free times today' })).toBeVisible();

  // The figures the page is given for the 30 days (to - from = 29).
  const answer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    const [from, to] = [url.searchParams.get('from'), url.searchParams.get('to')];
    return url.pathname === '/api/admin/summary' && from !== null && to !== null && Date.parse(to) - Date.parse(from) === 29 * 86_400_000;
  });
  await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 30 days' });
  await expect(page).toHaveURL(/\?period=30d$/);
  const summary = adminSummarySchema.parse(await (await answer).json());
  const noStylist = summary.byStylist.find((group) => group.staffId === null);
  const nasima = summary.byStylist.find((group) => group.name === 'Nasima Begum');
  expect(noStylist).toMatchObject({ bookings: 2, minutes: 105, revenue: 3300 });
  expect(nasima?.bookings).toBeGreaterThan(0);
  expect(summary.byStylist.reduce((sum, group) => sum + group.revenue, 0)).toBe(summary.revenue);
  expect(summary.byDay.reduce((sum, day) => sum + day.revenue, 0)).toBe(summary.revenue);
  const figures = page.getByRole('region', { name: 'How the salon is doing' });
  // The table of the chart's numbers is there for screen readers: a row a day, each day's revenue.
  const perDay = figures.getByRole('table', { name: 'Revenue and bookings per day' });
  await expect(perDay.getByRole('row')).toHaveCount(31);
  for (const day of summary.byDay.filter((entry) => entry.revenue > 0)) {
    await expect(perDay.getByRole('cell', { name: formatMoney(day.revenue), exact: true }).first()).toBeVisible();
  }
  const figure = (label: string) => figures.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd').first();
  await expect(figure('Revenue')).toHaveText(formatMoney(summary.revenue));
  await expect(figure('Bookings')).toHaveText(String(summary.bookings));
  // The revenue's two parts add up to it; the demo's visits were paid in full online.
  expect(Math.round(summary.paidOnline * 100) + Math.round(summary.paidAtSalon * 100)).toBe(Math.round(summary.revenue * 100));
  await expect(figure('Paid online')).toHaveText(formatMoney(summary.paidOnline));
  await expect(figure('Paid at the salon')).toHaveText(formatMoney(summary.paidAtSalon));
  await expect(figure('Due at the salon')).toHaveText(formatMoney(summary.dueUpcoming));
  const top = figures.getByRole('region', { name: 'Top services by revenue' });
  await expect(top.getByRole('listitem')).toHaveText(summary.topServices.map((service) => new RegExp(`${escaped(service.title)}.*${formatMoney(service.revenue)}`)));
  // The demo customer's two paid visits were booked before its stylists: one 'No stylist' line with
  // both (105 minutes, ৳3,300), last; Nasima's visits have a line of their own.
  const byStylist = figures.getByRole('region', { name: 'Bookings by stylist' });
  await expect(byStylist.getByRole('listitem').last()).toHaveText(/No stylist\s*2 bookings · 105 min booked\s*৳3,300/);
  await expect(byStylist.getByRole('listitem').filter({ hasText: 'Nasima Begum' })).toContainText(formatMoney(nasima!.revenue));
  await expect(figures.getByRole('region', { name: 'What these figures count' }).getByRole('listitem')).toHaveCount(14);

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
  // The taka sign has its font: loaded before the chart drew, and named by the legend's stack.
  expect(await page.evaluate(() => document.fonts.check('12px "Parlour Taka"', '৳'))).toBe(true);
  const legendFont = await figures.locator('[data-testid="revenue-chart"] .u-legend').evaluate((element) => getComputedStyle(element).fontFamily);
  expect(legendFont).toContain('Parlour Taka');

  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page), 'sideways scroll at 1280').toBe(0);
  await page.screenshot({ path: 'e2e/screenshots/admin-home-1280.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(canvas).toBeVisible();
  expect(await sidewaysOverflow(page), 'sideways scroll at 390').toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/screenshots/admin-home-390.png', fullPage: true });
  // The money cards' longer labels at the narrowest phone.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await sidewaysOverflow(page), 'sideways scroll at 320').toBe(0);
  await figures.locator('dl').screenshot({ path: 'e2e/screenshots/admin-home-figures-320.png' });
  await page.setViewportSize({ width: 390, height: 844 });

  // 'Show as table' swaps the chart for the same numbers.
  await figures.getByRole('button', { name: 'Show as table' }).click();
  await expect(canvas).toHaveCount(0);
  await expect(perDay.getByRole('cell', { name: '৳2,500', exact: true })).toBeVisible();
  expect(await sidewaysOverflow(page), 'sideways scroll with the table at 390').toBe(0);
  // Its column headers are read too (daisyUI's 60% grey was 4.47:1 here).
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

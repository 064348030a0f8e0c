import type { Page } from '@playwright/test';
import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { ADMIN, logInThroughPage, salonDate } from './journey';

/** Retires the stylist from the open staff page: asked, answered, and then she waits under 'Retired'. */
async function retire(page: Page, name: string) {
  await page.getByRole('button', { name: `Retire ${name}` }).click();
  // Waited for by its answer, so a refusal (or a lost click) fails here with its cause.
  const retiring = page.waitForResponse((response) => response.request().method() === 'DELETE' && /\/api\/staff\/[^/]+$/.test(response.url()));
  await page.getByRole('dialog', { name: `Retire ${name}?` }).getByRole('button', { name: 'Yes, retire her' }).click();
  expect((await retiring).status()).toBe(200);
  await expect(page.getByText(`${name} is retired`)).toBeVisible();
  const retired = page.getByRole('region', { name: 'Retired' });
  await expect(retired.getByText(name)).toBeVisible();
  await expect(retired.getByRole('button', { name: `Bring back ${name}` })).toBeVisible();
}

test.describe('stylists (admin) on a phone', () => {
  test('the admin adds a stylist with a break and time off at 390 px; she appears on the Team page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logInThroughPage(page, ADMIN);
    await page.goto('/dashboard/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Stylists' })).toBeVisible();
    // The demo team is there.
    await expect(page.getByRole('button', { name: 'Edit Shirin Akter' })).toBeVisible();

    const name = `Sumaiya ${Date.now() % 100000}`;
    await page.getByRole('button', { name: 'Add a stylist' }).first().click();
    const form = page.getByRole('form', { name: 'Add a stylist' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel(/Short bio/).fill('Brows, threading and a steady hand.');
    await form.getByRole('checkbox', { name: 'Eyebrow & Upper-lip Threading' }).check();
    await form.getByLabel('Her minutes for Eyebrow & Upper-lip Threading').fill('30');
    expect(await sidewaysOverflow(page)).toBe(0);
    await form.getByRole('button', { name: 'Add stylist' }).click();

    // Her editor opens: a Sunday with a lunch break.
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    const week = page.getByRole('form', { name: 'Weekly hours' });
    await week.getByRole('button', { name: 'Add hours on Sunday' }).click();
    await week.getByLabel('Sunday span 1 starts').fill('10:00');
    await week.getByLabel('Sunday span 1 ends').fill('13:00');
    await week.getByRole('button', { name: 'Add hours on Sunday' }).click();
    await week.getByLabel('Sunday span 2 starts').fill('14:00');
    await week.getByLabel('Sunday span 2 ends').fill('18:00');
    await week.getByRole('button', { name: 'Save hours' }).click();
    await expect(week.getByText('Her hours are saved.')).toBeVisible();

    const off = page.getByRole('form', { name: 'Add time off' });
    await off.getByLabel('First day').fill(salonDate(8));
    await off.getByLabel('Note (optional)').fill('Cousin’s wedding');
    await off.getByRole('button', { name: 'Add time off' }).click();
    await expect(off.getByText('Time off added.')).toBeVisible();
    await expect(page.getByText('Cousin’s wedding')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });

    // The hours came back as saved.
    await page.reload();
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('form', { name: 'Weekly hours' }).getByLabel('Sunday span 2 starts')).toHaveValue('14:00');

    await page.goto('/team');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });
    await expect(card).toContainText('Brows, threading and a steady hand.');
    await expect(card).toContainText('Eyebrow & Upper-lip Threading');
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await card.getByRole('link', { name: `Book with her: ${name}` }).click();
    await expect(page.locator('#services')).toContainText(`Services by ${name}`);
    await expect(page.locator('#services').getByRole('article')).toHaveCount(1);

    // Retired, she leaves the Team page and waits under 'Retired'; brought back, she returns.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/staff');
    await retire(page, name);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto('/team');
    await expect(page.getByRole('heading', { level: 2, name })).toHaveCount(0);
    await page.goto('/dashboard/staff');
    await page.getByRole('region', { name: 'Retired' }).getByRole('button', { name: `Bring back ${name}` }).click();
    await expect(page.getByRole('button', { name: `Retire ${name}` })).toBeVisible();
    await page.goto('/team');
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

    // She leaves the team as it was: a threader working Sundays would take the 'any stylist'
    // threading that later specs book on a Sunday (the calendar spec's, whenever its day is one).
    await page.goto('/dashboard/staff');
    await retire(page, name);
  });
});

import { test, expect, seriousAxeViolations, sidewaysOverflow } from './fixtures';
import { logInAfterRedirect } from './journey';


test('the admin reads a message sent from the home page, replies by e-mail and marks it handled', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const sent = `Can I book a bridal trial on a Saturday? (${Date.now()})`;
  await page.goto('/#contact');
  const form = page.locator('#contact form');
  await form.getByLabel('First name').fill('Nadia');
  await form.getByLabel('Last name').fill('Rahman');
  await form.getByLabel('Email').fill('nadia+bridal@example.com');
  await form.getByLabel('Message').fill(sent);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(/Thank you! Your message has been sent/)).toBeVisible();

  await logInAfterRedirect(page, '/dashboard/messages');
  const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
  await expect(menu.getByRole('link', { name: /^Messages, \d+ unread$/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: sent.slice(0, 30) }).first();
  // Newest first: hers heads the list.
  await expect(page.getByRole('article').first()).toContainText('Nadia Rahman');
  await expect(card.getByText('Unread')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/messages-1280.png', fullPage: true });

  await card.getByRole('button', { name: 'Open message from Nadia Rahman' }).click();
  await expect(card.getByText(sent)).toBeVisible();
  await expect(card.getByText('Read', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Reply by e-mail to Nadia Rahman' })).toHaveAttribute(
    'href',
    'mailto:nadia%2Bbridal@example.com?subject=Re%3A%20Your%20message%20to%20Parlour',
  );
  // She was the only unread message of a fresh salon: the count leaves the menu once it is opened.
  await expect(menu.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Mark handled the message from Nadia Rahman' }).click();
  await expect(card.getByText('Handled', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reopen the message from Nadia Rahman' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.screenshot({ path: 'e2e/screenshots/messages-390.png', fullPage: true });

  // Handled stays handled after a reload: it was the server that changed.
  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: sent.slice(0, 30) }).first().getByText('Handled', { exact: true })).toBeVisible();
});

const pages = [
  { path: '/dashboard/orderlist', name: 'orderlist', heading: 'All bookings' },
  { path: '/dashboard/paymentHistory', name: 'paymenthistory', heading: 'All payments' },
  { path: '/dashboard/alluser', name: 'alluser-cards', heading: 'All users' },
  { path: '/dashboard/manageservice', name: 'manageservice-cards', heading: 'Manage services' },
] as const;

test('at 390 px the admin tables are cards with every action in view and no sideways scroll; the tables stay at 1280', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAfterRedirect(page, '/dashboard/orderlist');

  for (const { path, name, heading } of pages) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    expect(await seriousAxeViolations(page), `${path} at 1280`).toEqual([]);
    await page.screenshot({ path: `e2e/screenshots/${name}-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('table')).toBeHidden();
    const cards = page.getByRole('main').getByRole('list').filter({ has: page.getByRole('listitem') }).last();
    await expect(cards).toBeVisible();
    expect(await sidewaysOverflow(page), `${path} scrolls sideways at 390 px`).toBe(0);
    expect(await seriousAxeViolations(page), `${path} at 390`).toEqual([]);
    await page.screenshot({ path: `e2e/screenshots/${name}-390.png`, fullPage: true });
  }

  // The order list: the demo customer's past paid visit offers its actions, each fully on screen.
  await page.goto('/dashboard/orderlist');
  const actions = page.getByRole('main').getByRole('button', { name: /^(Mark completed|No-show|Cancel) / });
  await expect(actions.first()).toBeVisible();
  const count = await actions.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const button = actions.nth(i);
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box, `action ${i} is laid out`).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
});

test('on a tablet (1024 px) every action of the order list is in view without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await logInAfterRedirect(page, '/dashboard/orderlist');
  const actions = page.getByRole('main').getByRole('button', { name: /^(Mark completed|No-show|Move|Cancel) / });
  await expect(actions.first()).toBeVisible();
  const count = await actions.count();
  for (let i = 0; i < count; i++) {
    // Not scrolled into view first: a button left in a table's sideways overflow lies past the window.
    const box = await actions.nth(i).boundingBox();
    expect(box, `action ${i} is laid out`).not.toBeNull();
    expect(box!.x + box!.width, `action ${i} ends inside the window`).toBeLessThanOrEqual(1024);
  }
});

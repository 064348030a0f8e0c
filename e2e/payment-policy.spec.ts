/**
 * The salon's payment policy, set by the admin on a phone (docs/decisions/042): the Payments
 * section of the settings and the service form's 'How it is paid' fit 390 and 320 px, and what is
 * saved shows on the home page's cards.
 */
import { expect, sidewaysOverflow, test, wcagViolations } from './fixtures';
import { adminApi, logInAfterRedirect, putSettings } from './journey';

test.describe('payment policy', () => {
  test('the admin asks a 30 % deposit from her phone; the cards say it; the forms fit 390 and 320 px', async ({ page, baseURL }) => {
    const api = await adminApi(baseURL);
    const before = (await (await api.get('/api/settings')).json()) as Record<string, unknown>;
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await logInAfterRedirect(page, '/dashboard/settings');
      const payments = page.getByRole('region', { name: 'Payments' });
      const policy = payments.getByRole('group', { name: 'How customers pay' });
      await policy.getByRole('radio', { name: 'A deposit online: a share (%)' }).check();
      await payments.getByLabel('Deposit share (%)').fill('30');
      await payments.getByLabel('Unpaid bookings per customer').fill('3');
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await payments.scrollIntoViewIfNeeded();
        expect(await sidewaysOverflow(page), `settings at ${width} px`).toBe(0);
        await payments.screenshot({ path: test.info().outputPath(`settings-payments-${width}.png`) });
      }
      expect(await wcagViolations(page, 'settings, Payments')).toEqual([]);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('dialog', { name: 'Settings saved' }).getByRole('button', { name: 'OK' }).click();
      expect(await (await api.get('/api/settings')).json()).toMatchObject({ paymentPolicy: { mode: 'deposit-percent', percent: 30 }, unpaidLimit: 3 });

      // The service form's own choice, at 320 px.
      await page.goto('/dashboard/addservice');
      const howPaid = page.getByRole('group', { name: 'How it is paid' });
      await expect(howPaid.getByRole('radio', { name: /^The salon’s policy/ })).toBeChecked();
      await howPaid.getByRole('radio', { name: 'A deposit online: a fixed amount (৳)' }).check();
      await expect(page.getByLabel('Deposit amount (৳)')).toBeVisible();
      await howPaid.scrollIntoViewIfNeeded();
      expect(await sidewaysOverflow(page), 'add service at 320 px').toBe(0);
      await howPaid.screenshot({ path: test.info().outputPath('service-how-paid-320.png') });

      // The public cards say the deposit of the salon's policy: 30 % of the ৳1,200 haircut.
      await page.goto('/#services');
      const card = page.getByRole('article', { name: 'Classic Haircut & Blow-dry' });
      await expect(card).toContainText('Deposit ৳360 online');
      await card.scrollIntoViewIfNeeded();
      expect(await sidewaysOverflow(page), 'home at 320 px').toBe(0);
      await card.screenshot({ path: test.info().outputPath('card-320.png') });
    } finally {
      await putSettings(api, before);
      await api.dispose();
    }
  });
});

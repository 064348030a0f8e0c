import fs from 'node:fs/promises';
import { test, expect, sidewaysOverflow } from './fixtures';
import { PASSWORD, addToListByApi, mainNav, salonDate, signUpByApi } from './journey';

type Exported = {
  profile: { name: string; email: string };
  bookings: { _id: string; title: string; status: string; startsAt: string }[];
  payments: { _id: string; status: string }[];
};

test.describe("a customer's own data", () => {
  test('she downloads her data, deletes her account from her phone, and cannot sign in again', async ({ page, baseURL, allowConsoleError }) => {
    test.setTimeout(120_000);
    allowConsoleError(/401 \(Unauthorized\)/, 'the refused log-in with her old password is what this test checks');
    const me = await signUpByApi(page, baseURL, 'Leaving Customer');
    // One paid appointment, beyond the salon's cancellation notice.
    const day = salonDate(10);
    await addToListByApi(page, baseURL, 'Signature Glow Facial', { date: day, time: '17:00' });
    const intent = (await (await page.request.post('/api/create-payment-intent', { headers: { origin: baseURL! }, data: { price: 2500 } })).json()) as { clientSecret: string };
    const paid = await page.request.post('/api/payments/test/confirm', {
      headers: { origin: baseURL! },
      data: { clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: `12/${(new Date().getFullYear() + 2) % 100}`, cvc: '123' },
    });
    expect(((await paid.json()) as { status: string }).status).toBe('succeeded');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/userhome');
    const yourData = page.getByRole('region', { name: 'Your data' });

    const [download] = await Promise.all([page.waitForEvent('download'), yourData.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^parlour-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as Exported;
    expect(exported.profile).toMatchObject({ name: me.name, email: me.email });
    expect(exported.bookings).toEqual([expect.objectContaining({ title: 'Signature Glow Facial', status: 'confirmed', startsAt: new Date(`${day}T17:00:00+06:00`).toISOString() })]);
    expect(exported.payments).toEqual([expect.objectContaining({ status: 'succeeded' })]);

    await yourData.getByRole('button', { name: 'Delete my account' }).click();
    const form = page.getByRole('form', { name: 'Delete my account' });
    await form.getByLabel('Your password').fill(PASSWORD);
    expect(await sidewaysOverflow(page)).toBe(0);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    // It cannot be undone: the dialog opens on the safe choice, so a hasty Enter keeps the account.
    await expect(dialog.getByRole('button', { name: 'Keep my account' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
    const done = page.getByRole('dialog', { name: 'Your account is deleted' });
    await done.getByRole('button', { name: 'OK' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('button', { name: 'LogOut' })).toHaveCount(0);
    expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();

    await page.goto('/login');
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'SignIn' }).click();
    await expect(page.getByRole('alert')).toContainText('Wrong e-mail or password.');
    await expect(page).toHaveURL(/\/login$/);
  });
});

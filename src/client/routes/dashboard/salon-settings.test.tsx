import { http } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from '@shared/salon-settings';
import { fakeCart } from '@/test/cart-handlers';
import { POSTGRES_MESSAGE, backupAt, fakeBackups } from '@/test/backup-handlers';
import { adminUser, customerUser } from '@/test/fixtures';
import { accountSession, apiErrorResponse, authProvidersHandler } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const saved: SalonSettings = { ...DEFAULT_SALON_SETTINGS, closedDates: ['2026-12-16'] };

function settingsServer(settings: SalonSettings = saved, backups = fakeBackups()) {
  const session = accountSession(adminUser);
  const fake = fakeCart({ session, settings });
  server.use(...session.handlers, ...fake.handlers, ...backups.handlers);
  return fake;
}

async function openForm() {
  const view = renderApp('/dashboard/settings');
  await screen.findByRole('form', { name: 'Salon settings' });
  return view;
}

describe('/dashboard/settings', () => {
  it('is the last entry of the admin menu and loads the saved settings', async () => {
    settingsServer();
    await openForm();

    expect(await screen.findByRole('heading', { level: 1, name: 'Opening hours and bookings' })).toBeInTheDocument();
    expect(document.title).toBe('Salon settings | Parlour');
    const menuLinks = within(screen.getByRole('navigation', { name: 'Dashboard menu' })).getAllByRole('link');
    expect(menuLinks.at(-2)).toHaveTextContent('Salon settings');
    expect(menuLinks.at(-2)).toHaveAttribute('aria-current', 'page');

    expect(screen.getByLabelText('Time zone')).toHaveValue('Asia/Dhaka');
    expect(screen.getByLabelText('Time zone')).toHaveAccessibleDescription(/now Dhaka time \(Asia\/Dhaka\)/);
    expect(screen.getByLabelText('Opens on Sunday')).toHaveValue('10:00');
    expect(screen.getByLabelText('Closes on Sunday')).toHaveValue('20:00');
    expect(screen.getByRole('checkbox', { name: 'Closed on Friday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Closed on Saturday' })).not.toBeChecked();
    expect(screen.queryByLabelText('Opens on Friday')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Clients served at once')).toHaveValue(3);
    expect(screen.getByLabelText('Slot length')).toHaveValue('15');
    expect(screen.getByLabelText('Minimum notice (minutes)')).toHaveValue(120);
    expect(screen.getByLabelText('Booking horizon (days)')).toHaveValue(60);
    expect(screen.getByLabelText('Hold time (minutes)')).toHaveValue(10);
    expect(screen.getByLabelText('Cancellation notice (hours)')).toHaveValue(24);
    expect(screen.getByLabelText('Closed date 1')).toHaveValue('2026-12-16');
  });

  it('checks the rules in the browser and sends nothing while they fail', async () => {
    const fake = settingsServer();
    const { user } = await openForm();

    await user.clear(screen.getByLabelText('Clients served at once'));
    await user.type(screen.getByLabelText('Clients served at once'), '0');
    await user.clear(screen.getByLabelText('Closes on Monday'));
    await user.type(screen.getByLabelText('Closes on Monday'), '09:00');
    await user.clear(screen.getByLabelText('Time zone'));
    await user.type(screen.getByLabelText('Time zone'), 'Mars/Olympus');
    await user.click(screen.getByRole('button', { name: 'Add a closed date' }));
    // The new row takes the focus; a second copy of an existing date is refused.
    const added = screen.getByLabelText('Closed date 2');
    expect(added).toHaveFocus();
    await user.type(added, '2026-12-16');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Clients served at once must be between 1 and 50')).toBeInTheDocument();
    expect(screen.getByLabelText('Clients served at once')).toHaveAccessibleDescription('Clients served at once must be between 1 and 50');
    expect(screen.getByLabelText('Closes on Monday')).toHaveAccessibleDescription('Closing time must be after opening time');
    expect(screen.getByLabelText('Time zone')).toHaveAccessibleDescription('Unknown time zone');
    expect(screen.getByLabelText('Closed date 2')).toHaveAccessibleDescription('2026-12-16 is listed more than once');
    expect(fake.writes).toEqual([]);
  });

  it('saves the whole settings with PUT and says so', async () => {
    const fake = settingsServer();
    const { user } = await openForm();

    await user.clear(screen.getByLabelText('Clients served at once'));
    await user.type(screen.getByLabelText('Clients served at once'), '4');
    await user.selectOptions(screen.getByLabelText('Slot length'), '30 minutes');
    // Open on Fridays (the usual hours are offered), closed on Tuesdays.
    await user.click(screen.getByRole('checkbox', { name: 'Closed on Friday' }));
    expect(screen.getByLabelText('Opens on Friday')).toHaveValue('10:00');
    await user.clear(screen.getByLabelText('Opens on Friday'));
    await user.type(screen.getByLabelText('Opens on Friday'), '14:00');
    await user.click(screen.getByRole('checkbox', { name: 'Closed on Tuesday' }));
    // One closed date replaced by another.
    await user.click(screen.getByRole('button', { name: 'Remove closed date 1' }));
    expect(screen.getByRole('button', { name: 'Add a closed date' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Add a closed date' }));
    await user.type(screen.getByLabelText('Closed date 1'), '2026-12-25');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const done = await screen.findByRole('dialog', { name: 'Settings saved' });
    const day = { open: '10:00', close: '20:00' };
    const expected: SalonSettings = {
      ...DEFAULT_SALON_SETTINGS,
      openingHours: [day, day, null, day, day, { open: '14:00', close: '20:00' }, day],
      capacity: 4,
      slotMinutes: 30,
      closedDates: ['2026-12-25'],
    };
    expect(fake.writes).toEqual([{ method: 'PUT', path: '/api/settings', body: expected }]);
    expect(fake.settings).toEqual(expected);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    // Saved: nothing left to discard.
    expect(screen.queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal under the field it names", async () => {
    const fake = settingsServer();
    fake.refuseSettings = [{ path: 'closedDates.0', message: '3 appointments are booked that day' }];
    const { user } = await openForm();

    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    const date = screen.getByLabelText('Closed date 1');
    expect(date).toHaveAccessibleDescription('3 appointments are booked that day');
    expect(date).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Settings saved' })).not.toBeInTheDocument();
  });

  it('shows a refusal without field issues at the top of the form', async () => {
    settingsServer();
    server.use(http.put('/api/settings', () => apiErrorResponse(403, 'Only an admin can do that.')));
    const { user } = await openForm();

    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an admin can do that.');
  });

  it('sends a customer to /login', async () => {
    const session = accountSession(customerUser);
    server.use(...session.handlers, ...fakeCart({ session }).handlers, authProvidersHandler());
    const { router } = renderApp('/dashboard/settings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sets the daily backup’s time and how many are kept, refusing values out of range', async () => {
    const fake = settingsServer();
    const { user } = await openForm();
    expect(screen.getByLabelText('Backup time')).toHaveValue('03:00');
    expect(screen.getByLabelText('Backups kept')).toHaveValue(14);

    await user.clear(screen.getByLabelText('Backups kept'));
    await user.type(screen.getByLabelText('Backups kept'), '400');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Backups kept must be between 1 and 365')).toBeInTheDocument();
    expect(fake.writes).toEqual([]);

    await user.clear(screen.getByLabelText('Backups kept'));
    await user.type(screen.getByLabelText('Backups kept'), '30');
    await user.clear(screen.getByLabelText('Backup time'));
    await user.type(screen.getByLabelText('Backup time'), '23:45');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByRole('dialog', { name: 'Settings saved' });
    expect(fake.writes).toEqual([{ method: 'PUT', path: '/api/settings', body: { ...saved, backupTime: '23:45', backupsKept: 30 } }]);
  });
});

describe('/dashboard/settings: payments', () => {
  const policyGroup = () => screen.getByRole('group', { name: 'How customers pay' });

  it('shows how customers pay now and the unpaid-bookings limit, with no deposit field for a policy without one', async () => {
    settingsServer({ ...saved, paymentPolicy: { mode: 'deposit-fixed', amount: 500 }, unpaidLimit: 3 });
    await openForm();
    expect(within(policyGroup()).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['full', 'deposit-percent', 'deposit-fixed', 'at-salon']);
    expect(within(policyGroup()).getByRole('radio', { name: 'A deposit online: a fixed amount (৳)' })).toBeChecked();
    expect(screen.getByLabelText('Deposit amount (৳)')).toHaveValue(500);
    expect(screen.queryByLabelText('Deposit share (%)')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Unpaid bookings per customer')).toHaveValue(3);
  });

  it('asks for the share with a deposit by share, checks it and the limit in the browser, then saves both', async () => {
    const fake = settingsServer();
    const { user } = await openForm();
    expect(within(policyGroup()).getByRole('radio', { name: 'Pay in full online' })).toBeChecked();
    expect(screen.queryByLabelText('Deposit share (%)')).not.toBeInTheDocument();

    await user.click(within(policyGroup()).getByRole('radio', { name: 'A deposit online: a share (%)' }));
    await user.clear(screen.getByLabelText('Unpaid bookings per customer'));
    await user.type(screen.getByLabelText('Unpaid bookings per customer'), '21');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Deposit share is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Deposit share (%)')).toHaveAccessibleDescription('Deposit share is required');
    expect(screen.getByLabelText('Unpaid bookings per customer')).toHaveAccessibleDescription('Unpaid bookings per customer must be between 0 and 20');
    await user.type(screen.getByLabelText('Deposit share (%)'), '150');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Deposit share must be between 1 and 99 %')).toBeInTheDocument();
    expect(fake.writes).toEqual([]);

    await user.clear(screen.getByLabelText('Deposit share (%)'));
    await user.type(screen.getByLabelText('Deposit share (%)'), '30');
    await user.clear(screen.getByLabelText('Unpaid bookings per customer'));
    await user.type(screen.getByLabelText('Unpaid bookings per customer'), '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByRole('dialog', { name: 'Settings saved' });
    expect(fake.writes).toEqual([{ method: 'PUT', path: '/api/settings', body: { ...saved, paymentPolicy: { mode: 'deposit-percent', percent: 30 }, unpaidLimit: 0 } }]);
    expect(fake.settings.paymentPolicy).toEqual({ mode: 'deposit-percent', percent: 30 });
  });

  it('sends only what the chosen policy has: a share typed before choosing to pay at the salon is left out', async () => {
    const fake = settingsServer();
    const { user } = await openForm();
    await user.click(within(policyGroup()).getByRole('radio', { name: 'A deposit online: a share (%)' }));
    await user.type(screen.getByLabelText('Deposit share (%)'), '20');
    await user.click(within(policyGroup()).getByRole('radio', { name: 'Pay at the salon' }));
    expect(screen.queryByLabelText('Deposit share (%)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByRole('dialog', { name: 'Settings saved' });
    expect(fake.writes).toEqual([{ method: 'PUT', path: '/api/settings', body: { ...saved, paymentPolicy: { mode: 'at-salon' } } }]);
  });

  it("shows the server's refusal of the deposit under its field", async () => {
    const fake = settingsServer({ ...saved, paymentPolicy: { mode: 'deposit-fixed', amount: 500 } });
    fake.refuseSettings = [{ path: 'paymentPolicy.amount', message: 'Deposit amount is too large' }];
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    const amount = screen.getByLabelText('Deposit amount (৳)');
    expect(amount).toHaveAccessibleDescription('Deposit amount is too large');
    expect(amount).toHaveFocus();
  });
});

describe('/dashboard/settings: backups', () => {
  const backupsSection = () => screen.findByRole('region', { name: 'Backups' });

  it('lists the kept backups, newest first, with their time on the salon’s clock, size and a download link', async () => {
    settingsServer(saved, fakeBackups({ backups: [backupAt('2026-12-14T21:00:00Z'), backupAt('2026-12-13T10:15:00Z', 'manual', 2_400_000)] }));
    await openForm();
    const section = await backupsSection();
    expect(section).toHaveTextContent('taken every day at 03:00');
    expect(section).toHaveTextContent('The newest 14 are kept in /srv/parlour/data/backups');
    expect(section).toHaveTextContent('npm run restore -- FILE');
    const rows = within(await within(section).findByRole('list', { name: 'Kept backups' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Tue, 15 Dec 2026, 03:00Daily · 48 KBDownload', 'Sun, 13 Dec 2026, 16:15On demand · 2.4 MBDownload']);
    const link = within(rows[0]!).getByRole('link', { name: 'Download the backup of Tue, 15 Dec 2026, 03:00' });
    expect(link).toHaveAttribute('href', '/api/admin/backups/parlour-2026-12-14T21-00-00-000Z-scheduled.backup.gz');
    expect(link).toHaveAttribute('download');
  });

  it('Back up now takes one and lists it at the top', async () => {
    const backups = fakeBackups({ backups: [backupAt('2026-12-14T21:00:00Z')] });
    settingsServer(saved, backups);
    const { user } = await openForm();
    const section = await backupsSection();
    await within(section).findByRole('list', { name: 'Kept backups' });
    await user.click(within(section).getByRole('button', { name: 'Back up now' }));
    await waitFor(() => expect(within(section).getAllByRole('link', { name: /^Download the backup of / })).toHaveLength(2));
    expect(backups.state.taken).toBe(1);
    expect(within(section).getAllByRole('listitem')[0]).toHaveTextContent('On demand · 52 KB');
  });

  it('says why a backup failed', async () => {
    const backups = fakeBackups();
    backups.state.failNext = 'The disk is full.';
    settingsServer(saved, backups);
    const { user } = await openForm();
    const section = await backupsSection();
    expect(await within(section).findByText('No backups yet')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Back up now' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The disk is full.');
    expect(backups.state.taken).toBe(0);
  });

  it('on a PostgreSQL server, points to pg_dump, pg_restore and point-in-time recovery instead', async () => {
    settingsServer(saved, fakeBackups({ available: false }));
    await openForm();
    const section = await backupsSection();
    expect(await within(section).findByText(POSTGRES_MESSAGE)).toBeInTheDocument();
    expect(section).toHaveTextContent(/pg_dump.*pg_restore.*point-in-time recovery/);
    expect(within(section).queryByRole('button', { name: 'Back up now' })).not.toBeInTheDocument();
  });
});

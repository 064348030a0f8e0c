import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, services } from '@/test/fixtures';
import { accountSession, servicesHandler } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import {
  staffCreateSchema,
  staffUpdateSchema,
  timeOffCreateSchema,
  weeklyHoursSchema,
  type StaffDetail,
  type TimeOff,
  type TimeOffConflict,
  type WeeklyHours,
} from '@shared/staff';

const SHIRIN = '3f1b0c2a-1111-4aaa-8bbb-000000000001';
const NILA = '3f1b0c2a-1111-4aaa-8bbb-000000000002';

/** A fake of the stylists' API: one list in memory, every write checked by the shared schemas. */
function fakeStaffApi({ conflict, hoursConflict }: { conflict?: TimeOffConflict; hoursConflict?: TimeOffConflict } = {}) {
  const team = new Map<string, StaffDetail>([
    [SHIRIN, { _id: SHIRIN, name: 'Shirin Akter', bio: 'Cuts and colour.', photo_url: null, serviceIds: [services[0]!._id], services: [{ serviceId: services[0]!._id, duration: null }], retired: false, accountEmail: null }],
    [NILA, { _id: NILA, name: 'Nila Roy', bio: '', photo_url: null, serviceIds: [], services: [], retired: false, accountEmail: null }],
  ]);
  let hours: WeeklyHours = { days: [[{ start: '10:00', end: '18:00' }], [], [], [], [], [], []] };
  const timeOff: TimeOff[] = [];
  const writes: { method: string; url: string; body?: unknown }[] = [];
  const publicOf = (s: StaffDetail) => ({ _id: s._id, name: s.name, bio: s.bio, photo_url: s.photo_url, serviceIds: s.serviceIds });
  server.use(
    ...accountSession(adminUser).handlers,
    servicesHandler(),
    http.get('/api/staff', () => HttpResponse.json([...team.values()].filter((s) => !s.retired).map(publicOf))),
    http.get('/api/staff/retired', () => HttpResponse.json([...team.values()].filter((s) => s.retired).map(publicOf))),
    http.get('/api/staff/:id', ({ params }) => HttpResponse.json(team.get(String(params.id)))),
    http.post('/api/staff/:id/reinstate', ({ params }) => {
      writes.push({ method: 'POST', url: `/api/staff/${String(params.id)}/reinstate` });
      team.get(String(params.id))!.retired = false;
      return HttpResponse.json({ modifiedCount: 1 });
    }),
    http.post('/api/staff', async ({ request }) => {
      const body = staffCreateSchema.parse(await request.json());
      writes.push({ method: 'POST', url: '/api/staff', body });
      const id = '3f1b0c2a-1111-4aaa-8bbb-000000000009';
      team.set(id, { _id: id, name: body.name, bio: body.bio, photo_url: body.photo_url, serviceIds: body.services.map((s) => s.serviceId), services: body.services, retired: false, accountEmail: body.accountEmail ?? null });
      return HttpResponse.json({ insertedId: id }, { status: 201 });
    }),
    http.patch('/api/staff/:id', async ({ params, request }) => {
      const body = staffUpdateSchema.parse(await request.json());
      writes.push({ method: 'PATCH', url: `/api/staff/${String(params.id)}`, body });
      return HttpResponse.json({ modifiedCount: 1 });
    }),
    http.delete('/api/staff/:id', ({ params }) => {
      writes.push({ method: 'DELETE', url: `/api/staff/${String(params.id)}` });
      team.get(String(params.id))!.retired = true;
      return HttpResponse.json({ deletedCount: 1 });
    }),
    http.get('/api/staff/:id/hours', () => HttpResponse.json(hours)),
    http.put('/api/staff/:id/hours', async ({ request }) => {
      const asked = weeklyHoursSchema.parse(await request.json());
      writes.push({ method: 'PUT', url: 'hours', body: asked });
      if (hoursConflict) return HttpResponse.json(hoursConflict, { status: 409 });
      hours = asked;
      return HttpResponse.json(hours);
    }),
    http.get('/api/staff/:id/time-off', () => HttpResponse.json(timeOff)),
    http.post('/api/staff/:id/time-off', async ({ request }) => {
      const body = timeOffCreateSchema.parse(await request.json());
      writes.push({ method: 'POST', url: 'time-off', body });
      if (conflict) return HttpResponse.json(conflict, { status: 409 });
      const added = { _id: '3f1b0c2a-1111-4aaa-8bbb-0000000000aa', startsAt: body.startsAt, endsAt: body.endsAt, note: body.note };
      timeOff.push(added);
      return HttpResponse.json(added, { status: 201 });
    }),
  );
  return { writes };
}

describe('/dashboard/staff', () => {
  it('lists the stylists and is in the admin menu', async () => {
    fakeStaffApi();
    renderApp('/dashboard/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stylists' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Shirin Akter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retire Nila Roy' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Stylists/ })[0]).toHaveAttribute('href', '/dashboard/staff');
  });

  it('adds a stylist with her services and her own duration for one', async () => {
    const api = fakeStaffApi();
    const { user } = renderApp('/dashboard/staff');
    await user.click(await screen.findByRole('button', { name: 'Add a stylist' }));
    const form = await screen.findByRole('form', { name: 'Add a stylist' });
    await user.type(within(form).getByLabelText('Name'), 'Rupa Das');
    await user.type(within(form).getByLabelText(/Short bio/), 'Make-up.');
    await user.click(within(form).getByRole('checkbox', { name: services[1]!.title }));
    await user.type(within(form).getByLabelText(`Her minutes for ${services[1]!.title}`), '45');
    await user.type(within(form).getByLabelText(/Her account's e-mail/), ' Rupa@Example.com ');
    await user.click(within(form).getByRole('button', { name: 'Add stylist' }));
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]).toEqual({
      method: 'POST',
      url: '/api/staff',
      body: { name: 'Rupa Das', bio: 'Make-up.', photo_url: null, services: [{ serviceId: services[1]!._id, duration: 45 }], accountEmail: 'Rupa@Example.com' },
    });
    // Her editor opens, with her hours and time off.
    expect(await screen.findByRole('heading', { level: 2, name: 'Rupa Das' })).toBeInTheDocument();
  });

  it('refuses an own duration off the quarter-hour grid, sending nothing', async () => {
    const api = fakeStaffApi();
    const { user } = renderApp('/dashboard/staff');
    await user.click(await screen.findByRole('button', { name: 'Add a stylist' }));
    const form = await screen.findByRole('form', { name: 'Add a stylist' });
    await user.type(within(form).getByLabelText('Name'), 'Rupa Das');
    await user.click(within(form).getByRole('checkbox', { name: services[1]!.title }));
    await user.type(within(form).getByLabelText(`Her minutes for ${services[1]!.title}`), '50');
    await user.click(within(form).getByRole('button', { name: 'Add stylist' }));
    expect(await within(form).findByText('Whole quarter hours from 15 to 480')).toBeInTheDocument();
    expect(api.writes).toEqual([]);
  });

  it('saves her week with a break, and refuses overlapping spans in the form', async () => {
    const api = fakeStaffApi();
    const { user } = renderApp('/dashboard/staff');
    await user.click(await screen.findByRole('button', { name: 'Edit Shirin Akter' }));
    const week = await screen.findByRole('form', { name: 'Weekly hours' });
    const sundayEnd = within(week).getByLabelText('Sunday span 1 ends');
    await user.clear(sundayEnd);
    await user.type(sundayEnd, '13:00');
    await user.click(within(week).getByRole('button', { name: 'Add hours on Sunday' }));
    // The new span starts and ends where the last ended: empty, then touching; refused until it leaves a break.
    await user.click(within(week).getByRole('button', { name: 'Save hours' }));
    expect(await within(week).findByText('End must be after start')).toBeInTheDocument();
    const start = within(week).getByLabelText('Sunday span 2 starts');
    const end = within(week).getByLabelText('Sunday span 2 ends');
    await user.clear(end);
    await user.type(end, '15:00');
    await user.click(within(week).getByRole('button', { name: 'Save hours' }));
    expect(await within(week).findByText('Overlaps or touches 10:00 – 13:00')).toBeInTheDocument();
    expect(api.writes).toEqual([]);
    await user.clear(start);
    await user.type(start, '14:00');
    await user.clear(end);
    await user.type(end, '18:00');
    await user.click(within(week).getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]!.body).toEqual({ days: [[{ start: '10:00', end: '13:00' }, { start: '14:00', end: '18:00' }], [], [], [], [], [], []] });
  });

  it('shows the bookings in the way when time off is refused (409)', async () => {
    const api = fakeStaffApi({
      conflict: {
        statusCode: 409,
        error: 'Conflict',
        message: 'She has 1 booking then. Move or cancel it first.',
        bookings: [{ _id: '3f1b0c2a-1111-4aaa-8bbb-0000000000bb', startsAt: '2031-03-03T06:00:00.000Z', endsAt: '2031-03-03T07:00:00.000Z', service: 'Classic Manicure', customer: 'Mitu Rahman' }],
      },
    });
    const { user } = renderApp('/dashboard/staff');
    await user.click(await screen.findByRole('button', { name: 'Edit Shirin Akter' }));
    const form = await screen.findByRole('form', { name: 'Add time off' });
    await user.type(within(form).getByLabelText('First day'), '2031-03-03');
    await user.type(within(form).getByLabelText('Note (optional)'), 'Ill');
    await user.click(within(form).getByRole('button', { name: 'Add time off' }));
    const list = await within(form).findByText('Move or cancel these bookings first:');
    expect(list.parentElement).toHaveTextContent('Classic Manicure, Mitu Rahman');
    expect(within(form).getByText('She has 1 booking then. Move or cancel it first.')).toBeInTheDocument();
    // A whole day on the salon's clock (Dhaka, UTC+6).
    expect(api.writes[0]!.body).toEqual({ startsAt: '2031-03-02T18:00:00.000Z', endsAt: '2031-03-03T18:00:00.000Z', note: 'Ill' });
  });

  it('shows the bookings left outside when new hours are refused (409), and keeps what she typed', async () => {
    fakeStaffApi({
      hoursConflict: {
        statusCode: 409,
        error: 'Conflict',
        message: 'She has 1 booking outside these hours. Move or cancel it first.',
        bookings: [{ _id: '3f1b0c2a-1111-4aaa-8bbb-0000000000bc', startsAt: '2031-03-02T12:00:00.000Z', endsAt: '2031-03-02T13:00:00.000Z', service: 'Hair Spa', customer: 'Ayesha Rahman' }],
      },
    });
    const { user } = renderApp('/dashboard/staff');
    await user.click(await screen.findByRole('button', { name: 'Edit Shirin Akter' }));
    const week = await screen.findByRole('form', { name: 'Weekly hours' });
    const end = within(week).getByLabelText('Sunday span 1 ends');
    await user.clear(end);
    await user.type(end, '17:00');
    await user.click(within(week).getByRole('button', { name: 'Save hours' }));
    const list = await within(week).findByText('Move or cancel these bookings first:');
    // Shown on the salon's clock: 18:00 in Dhaka.
    expect(list.parentElement).toHaveTextContent(/18:00: Hair Spa, Ayesha Rahman/);
    expect(within(week).getByText('She has 1 booking outside these hours. Move or cancel it first.')).toBeInTheDocument();
    expect(within(week).getByLabelText('Sunday span 1 ends')).toHaveValue('17:00');
  });

  it('retires a stylist after a confirm, lists her as retired, and brings her back', async () => {
    const api = fakeStaffApi();
    const { user } = renderApp('/dashboard/staff');
    await user.click(await screen.findByRole('button', { name: 'Retire Nila Roy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retire Nila Roy?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, retire her' }));
    const retired = await screen.findByRole('region', { name: 'Retired' });
    expect(within(retired).getByText('Nila Roy')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retire Nila Roy' })).not.toBeInTheDocument();

    await user.click(within(retired).getByRole('button', { name: 'Bring back Nila Roy' }));
    expect(await screen.findByRole('button', { name: 'Retire Nila Roy' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Retired' })).not.toBeInTheDocument());
    expect(api.writes).toEqual([
      { method: 'DELETE', url: `/api/staff/${NILA}` },
      { method: 'POST', url: `/api/staff/${NILA}/reinstate` },
    ]);
  });
});

import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerUser } from '../../test/fixtures';
import { accountSession } from '../../test/handlers';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import { salonToday, addCalendarDays } from '../../../shared/calendar';
import { DEFAULT_SALON_SETTINGS } from '../../../shared/salon-settings';
import { staffVisitMarkSchema, type StaffVisit } from '../../../shared/staff';

const RINA = '3f1b0c2a-1111-4aaa-8bbb-000000000001';
const today = salonToday(DEFAULT_SALON_SETTINGS.timeZone);

/** A fake of her day: visits by salon day, each mark checked by the shared schema and kept. */
function fakeMyDay(visitsByDay: Record<string, StaffVisit[]>) {
  const asked: string[] = [];
  const marks: { id: string; status: string }[] = [];
  server.use(
    ...accountSession(customerUser).handlers,
    http.get('/api/staff/me', () => HttpResponse.json({ stylist: { _id: RINA, name: 'Rina Akter' } })),
    http.get('/api/staff/me/visits', ({ request }) => {
      const from = new URL(request.url).searchParams.get('from')!;
      asked.push(from);
      return HttpResponse.json(visitsByDay[from] ?? []);
    }),
    http.post('/api/staff/me/visits/:id', async ({ params, request }) => {
      const { status } = staffVisitMarkSchema.parse(await request.json());
      marks.push({ id: String(params.id), status });
      const visit = Object.values(visitsByDay)
        .flat()
        .find((v) => v._id === params.id)!;
      Object.assign(visit, { status, canComplete: false });
      return HttpResponse.json(visit);
    }),
  );
  return { asked, marks };
}

const visit = (id: string, change: Partial<StaffVisit> = {}): StaffVisit => ({
  _id: id,
  serviceId: '3f1b0c2a-2222-4aaa-8bbb-000000000001',
  title: 'Hair Spa',
  startsAt: new Date(`${today}T11:00:00+06:00`).toISOString(),
  endsAt: new Date(`${today}T12:00:00+06:00`).toISOString(),
  status: 'confirmed',
  customer: { name: 'Ayesha Rahman' },
  canComplete: true,
  ...change,
});

describe('/dashboard/my-day (a stylist’s own day)', () => {
  it('lists her visits of the day with who comes and for what, and marks one completed', async () => {
    const first = visit('3f1b0c2a-3333-4aaa-8bbb-000000000001');
    const later = visit('3f1b0c2a-3333-4aaa-8bbb-000000000002', {
      title: 'Classic Manicure',
      customer: { name: 'Nusrat Jahan' },
      startsAt: new Date(`${today}T15:00:00+06:00`).toISOString(),
      endsAt: new Date(`${today}T15:45:00+06:00`).toISOString(),
      canComplete: false,
    });
    const { marks } = fakeMyDay({ [today]: [first, later] });
    const { user } = renderApp('/dashboard/my-day');
    const list = await screen.findByRole('list', { name: 'Your visits' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/11:00.*12:00.*Ayesha Rahman.*Hair Spa.*Confirmed.*Mark completed.*No-show/),
      expect.stringMatching(/15:00.*15:45.*Nusrat Jahan.*Classic Manicure.*Confirmed$/),
    ]);
    // Her menu has 'My day'.
    expect(screen.getAllByRole('link', { name: 'My day' }).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Mark completed: Ayesha Rahman, Hair Spa' }));
    await waitFor(() => expect(marks).toEqual([{ id: first._id, status: 'completed' }]));
    await waitFor(() => expect(within(rows[0]!).getByText('Completed')).toBeInTheDocument());
    expect(within(rows[0]!).queryByRole('button', { name: /Mark completed/ })).not.toBeInTheDocument();
  });

  it('goes to the next and previous day through the address, and says when nobody is booked', async () => {
    const { asked } = fakeMyDay({});
    const { user, router } = renderApp('/dashboard/my-day');
    expect(await screen.findByText('No visits')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next day/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?date=${addCalendarDays(today, 1)}`));
    await waitFor(() => expect(asked).toContain(addCalendarDays(today, 1)));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a customer who is not a stylist has no My day in her menu, and the page says what it is for', async () => {
    server.use(...accountSession(customerUser).handlers);
    renderApp('/dashboard/my-day');
    expect(await screen.findByText(/This page is for the salon’s stylists/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My day' })).not.toBeInTheDocument();
  });
});

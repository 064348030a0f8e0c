import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminSummary } from '@shared/admin-summary';
import type { Availability } from '@shared/cart';
import { services, users } from '@/test/fixtures';
import { apiErrorResponse, servicesHandler } from '@/test/handlers';
import { adminSummaryHandler, quietSummary } from '@/test/admin-summary-handlers';
import { bookingRecord, SAT_2_MAR_2030_10_00, SAT_9_MAR_2030_10_30 } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { adminWithBookings, atNoonOnSaturday, TODAY } from '@/test/salon-day';
import { server } from '@/test/server';
import { mim, staffHandler, stylists } from '@/test/staff-handlers';

// jsdom draws no canvas: the chart module is replaced by a marker, which also shows it was loaded
// lazily with the figures it was given. The table of the same numbers is the real one.
vi.mock('@/features/admin-summary/components/revenue-chart', () => ({
  default: ({ byDay }: { byDay: AdminSummary['byDay'] }) => <div data-testid="revenue-chart">{byDay.length} days charted</div>,
}));

const rima = users[2]!;
// Saturday 2 March 2030, 12:00 in Dhaka.
atNoonOnSaturday();

function busyWeek({ from, to }: { from: string; to: string }): AdminSummary {
  const quiet = quietSummary(from, to);
  return {
    ...quiet,
    bookings: 5,
    revenue: 12300.5,
    paidOnline: 10300.5,
    paidAtSalon: 2000,
    depositsKept: 300,
    dueUpcoming: 4200,
    duePast: 600,
    refunds: 800,
    averagePerVisit: 2460.1,
    cancellations: 1,
    noShows: 2,
    newCustomers: 2,
    utilisation: 0.42,
    topServices: [
      { serviceId: '1f0e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b', title: 'Keratin Treatment', title_bn: null, bookings: 2, revenue: 9000 },
      { serviceId: '2f0e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b', title: 'Classic Manicure', title_bn: null, bookings: 3, revenue: 3300.5 },
    ],
    byStylist: [
      { staffId: '3f0e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b', name: 'Nila Akter', bookings: 3, minutes: 225, revenue: 10200.5 },
      { staffId: '4f0e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b', name: 'Rina Das', bookings: 1, minutes: 45, revenue: 1200 },
      { staffId: null, name: null, bookings: 1, minutes: 60, revenue: 900 },
    ],
    byDay: quiet.byDay.map((day) => (day.date === TODAY ? { date: TODAY, bookings: 3, revenue: 12300.5 } : day)),
  };
}

function salon(summary: (period: { from: string; to: string }) => AdminSummary | Response = busyWeek) {
  const figures = adminSummaryHandler(summary);
  const fake = adminWithBookings(
    [
      // Later today: may be cancelled, not yet completed.
      bookingRecord(1, { startsAt: '2030-03-02T09:00:00.000Z', endsAt: '2030-03-02T10:30:00.000Z', staffId: '3f0e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b', staffName: 'Nila Akter' }),
      // Begun this morning: may be marked completed.
      bookingRecord(2, {
        title: 'Classic Manicure',
        price: 1200,
        duration: 45,
        startsAt: SAT_2_MAR_2030_10_00,
        endsAt: '2030-03-02T04:45:00.000Z',
        customer: { name: rima.name, email: rima.email, phone: null },
      }),
      bookingRecord(3, { title: 'Signature Facial', status: 'cancelled', refunded: 3500, startsAt: '2030-03-02T05:00:00.000Z', endsAt: '2030-03-02T06:00:00.000Z' }),
      // Another day: not on today's list.
      bookingRecord(4, { startsAt: SAT_9_MAR_2030_10_30 }),
    ],
    figures.handler,
  );
  return { fake, figures };
}

function figureOf(label: string) {
  const term = within(screen.getByRole('region', { name: 'How the salon is doing' })).getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent;
}

describe('/dashboard/adminhome', () => {
  it("lists today's appointments in time order with their actions", async () => {
    const { fake, figures } = salon();
    const { user } = renderApp('/dashboard/adminhome');

    const list = within(await screen.findByRole('list', { name: "Today's appointments" }));
    await screen.findByTestId('revenue-chart');
    expect(figures.requests).toHaveLength(1);
    const rows = list.getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('time')?.textContent)).toEqual(['10:00', '11:00', '15:00']);
    const [manicure, facial, keratin] = rows.map((row) => within(row));
    expect(manicure!.getByText(rima.name)).toBeInTheDocument();
    expect(manicure!.getByText('Classic Manicure · 45 min')).toBeInTheDocument();
    expect(manicure!.getByRole('button', { name: 'Mark completed Classic Manicure on Sat, 2 Mar 2030, 10:00' })).toBeInTheDocument();
    expect(manicure!.getByRole('button', { name: 'No-show Classic Manicure on Sat, 2 Mar 2030, 10:00' })).toHaveAccessibleDescription(rima.name);
    expect(facial!.getByText('Cancelled')).toBeInTheDocument();
    expect(facial!.queryByRole('button')).not.toBeInTheDocument();
    expect(keratin!.getByRole('button', { name: 'Cancel Keratin Treatment on Sat, 2 Mar 2030, 15:00' })).toBeInTheDocument();
    expect(keratin!.queryByRole('button', { name: /^Mark completed/ })).not.toBeInTheDocument();
    // Her stylist beside the service; the manicure, booked without one, names nobody (exact text above).
    expect(keratin!.getByText(/^Keratin Treatment · \d+ min · with Nila Akter$/)).toBeInTheDocument();
    expect(fake.state.requests).toContain(`GET /api/bookings?from=${TODAY}&to=${TODAY}&when=all`);

    await user.click(manicure!.getByRole('button', { name: 'Mark completed Classic Manicure on Sat, 2 Mar 2030, 10:00' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: `Mark Classic Manicure for ${rima.name} on Sat 2 Mar 10:00 as completed?` })).getByRole('button', { name: 'Yes, completed' }),
    );
    await waitFor(() => expect(manicure!.getByText('Completed')).toBeInTheDocument());
    expect(fake.state.requests).toContain('POST /api/bookings/b0000000-0000-4000-8000-000000000002/complete');
    // The figures beside the list are asked for again: a completed visit may change them.
    await waitFor(() => expect(figures.requests).toHaveLength(2));
  });

  it("moves a customer's visit later today from the today list, in a time picker under it", async () => {
    const { fake } = salon();
    const asked: string[] = [];
    server.use(
      http.get<PathParams, DefaultBodyType, Availability>('/api/availability', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ timeZone: 'Asia/Dhaka', slots: ['2030-03-02T09:00:00.000Z', '2030-03-02T11:00:00.000Z'].map((startsAt) => ({ startsAt, staff: [] })) });
      }),
    );
    const { user } = renderApp('/dashboard/adminhome');

    const keratin = within((await screen.findByRole('list', { name: "Today's appointments" })).querySelectorAll('li')[2]!);
    const move = keratin.getByRole('button', { name: 'Move Keratin Treatment on Sat, 2 Mar 2030, 15:00' });
    await user.click(move);
    const picker = within(await keratin.findByRole('region', { name: 'Choose a time for Keratin Treatment' }));
    expect(picker.getByLabelText('Date')).toHaveFocus();
    expect(asked).toEqual([`?serviceId=${bookingRecord(1).serviceId}&date=${TODAY}&bookingId=${bookingRecord(1)._id}`]);
    await user.click(within(await picker.findByRole('radiogroup', { name: 'Free times on Sat, 2 Mar 2030' })).getByRole('radio', { name: '17:00' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Move Keratin Treatment to Sat 2 Mar 17:00?' })).getByRole('button', { name: 'Yes, move it' }));

    const done = await screen.findByRole('dialog', { name: 'Appointment moved' });
    expect(within(done).getByText('Keratin Treatment is now on Sat, 2 Mar 2030, 17:00.')).toBeInTheDocument();
    expect(fake.state.bookings[0]?.startsAt).toBe('2030-03-02T11:00:00.000Z');
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Keratin Treatment on Sat, 2 Mar 2030, 17:00' })).toHaveFocus());
  });

  it('offers the next free times today for a service, and for another when asked', async () => {
    salon();
    const asked: string[] = [];
    server.use(
      servicesHandler(),
      http.get<PathParams, DefaultBodyType, Availability>('/api/availability', ({ request }) => {
        const search = new URL(request.url).searchParams;
        asked.push(`${search.get('serviceId')} ${search.get('date')}`);
        // 13:00 and 13:30 in Dhaka for the first service, 16:15 for any other.
        const slots = search.get('serviceId') === services[0]!._id ? ['2030-03-02T07:00:00.000Z', '2030-03-02T07:30:00.000Z'] : ['2030-03-02T10:15:00.000Z'];
        return HttpResponse.json({ timeZone: 'Asia/Dhaka', slots: slots.map((startsAt) => ({ startsAt, staff: [] })) });
      }),
    );
    const { user } = renderApp('/dashboard/adminhome');

    const free = await screen.findByRole('list', { name: 'Next free times today' });
    await waitFor(() => expect(within(free).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['13:00', '13:30']));
    expect(asked).toEqual([`${services[0]!._id} ${TODAY}`]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), services[1]!.title);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Next free times today' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['16:15']));
    expect(asked).toEqual([`${services[0]!._id} ${TODAY}`, `${services[1]!._id} ${TODAY}`]);
  });

  it("offers a stylist's own next free times for the services she performs", async () => {
    salon();
    const asked: string[] = [];
    server.use(
      servicesHandler(),
      staffHandler(stylists),
      http.get<PathParams, DefaultBodyType, Availability>('/api/availability', ({ request }) => {
        const search = new URL(request.url).searchParams;
        const staffId = search.get('staffId');
        asked.push(`${search.get('serviceId')} ${staffId ?? 'any'}`);
        // Anyone at 13:00 and 13:30 in Dhaka; Mim alone only at 13:30.
        const slots = staffId === mim._id ? ['2030-03-02T07:30:00.000Z'] : ['2030-03-02T07:00:00.000Z', '2030-03-02T07:30:00.000Z'];
        return HttpResponse.json({ timeZone: 'Asia/Dhaka', slots: slots.map((startsAt) => ({ startsAt, staff: staffId ? [staffId] : [mim._id] })) });
      }),
    );
    const { user } = renderApp('/dashboard/adminhome');

    const free = () => within(screen.getByRole('list', { name: 'Next free times today' })).getAllByRole('listitem').map((item) => item.textContent);
    await screen.findByRole('list', { name: 'Next free times today' });
    await waitFor(() => expect(free()).toEqual(['13:00', '13:30']));
    // The manicure: only Mim performs it.
    const stylist = await screen.findByRole('combobox', { name: 'Stylist' });
    expect(within(stylist).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any stylist', 'Mim Chowdhury']);

    await user.selectOptions(stylist, 'Mim Chowdhury');
    await waitFor(() => expect(free()).toEqual(['13:30']));
    expect(asked).toEqual([`${services[0]!._id} any`, `${services[0]!._id} ${mim._id}`]);

    // Nobody performs the keratin treatment: no choice, and the salon's times.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), services[2]!.title);
    await waitFor(() => expect(asked.at(-1)).toBe(`${services[2]!._id} any`));
    expect(screen.queryByRole('combobox', { name: 'Stylist' })).not.toBeInTheDocument();
  });

  it('shows the last 7 days by default: figures in taka, top services, the chart and its table', async () => {
    const { figures } = salon();
    renderApp('/dashboard/adminhome');

    expect(await screen.findByTestId('revenue-chart')).toHaveTextContent('7 days charted');
    expect(figures.requests).toEqual([{ from: '2030-02-24', to: TODAY }]);
    expect(figureOf('Revenue')).toBe('৳12,300.50');
    // The revenue's two parts, the deposits kept among them, and what is still owed at the salon.
    expect(figureOf('Paid online')).toBe('৳10,300.50');
    expect(figureOf('Paid at the salon')).toBe('৳2,000');
    expect(figureOf('Deposits kept')).toBe('৳300');
    expect(figureOf('Due at the salon')).toBe('৳4,200');
    expect(figureOf('Unpaid past visits')).toBe('৳600');
    expect(figureOf('Bookings')).toBe('5');
    expect(figureOf('Average per visit')).toBe('৳2,460.10');
    expect(figureOf('Cancellations')).toBe('1');
    expect(figureOf('No-shows')).toBe('2');
    expect(figureOf('New customers')).toBe('2');
    expect(figureOf('Utilisation')).toBe('42%');
    expect(screen.getByText('after ৳800 refunded')).toBeInTheDocument();

    const top = within(screen.getByRole('region', { name: 'Top services by revenue' }));
    expect(top.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1Keratin Treatment2 bookings৳9,000', '2Classic Manicure3 bookings৳3,300.50']);

    // Each stylist's visits, minutes and revenue; the visits from before stylists as 'No stylist'.
    const byStylist = within(screen.getByRole('region', { name: 'Bookings by stylist' }));
    expect(byStylist.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Nila Akter3 bookings · 225 min booked৳10,200.50',
      'Rina Das1 booking · 45 min booked৳1,200',
      'No stylist1 booking · 60 min booked৳900',
    ]);

    // The table is there for screen readers all along, and anyone may show it instead of the chart.
    const table = within(screen.getByRole('table', { name: 'Revenue and bookings per day' }));
    expect(table.getAllByRole('row')).toHaveLength(8);
    expect(table.getByRole('row', { name: 'Sat, 2 Mar 2030 3 ৳12,300.50' })).toBeInTheDocument();
    expect(table.getByRole('row', { name: 'Sun, 24 Feb 2030 0 ৳0' })).toBeInTheDocument();
  });

  it('defines every figure on the page in a line: what it counts and on what date basis', async () => {
    salon();
    renderApp('/dashboard/adminhome');
    await screen.findByTestId('revenue-chart');

    const figures = within(screen.getByRole('region', { name: 'How the salon is doing' }));
    const labels = figures.getAllByRole('term').map((term) => term.textContent);
    const definitions = within(figures.getByRole('region', { name: 'What these figures count' }));
    expect(definitions.getByText(/^All by visit date: an appointment counts on the day of its visit/)).toBeInTheDocument();
    expect(definitions.getByRole('link', { name: 'Payment History' })).toHaveAttribute('href', '/dashboard/paymentHistory');
    const lines = definitions.getAllByRole('listitem').map((item) => item.textContent ?? '');
    // A line for each card and for the top services, in the cards' order.
    expect(lines.map((line) => line.split(':')[0])).toEqual([...labels, 'Top services', 'By stylist']);
    expect(lines).toContain(
      'Revenue: money taken for the appointments on these dates: paid online (less refunds) and at the salon; a cancelled and refunded visit adds nothing, a no-show keeps what was paid.',
    );
    expect(lines).toContain('New customers: customer accounts opened on these dates (by sign-up date).');
  });

  it('keeps the chosen period in the URL and asks for its dates', async () => {
    const { figures } = salon();
    const { user, router } = renderApp('/dashboard/adminhome');
    await screen.findByTestId('revenue-chart');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 30 days');
    await waitFor(() => expect(figures.requests).toContainEqual({ from: '2030-02-01', to: TODAY }));
    expect(router.state.location.search).toBe('?period=30d');
    expect(await screen.findByTestId('revenue-chart')).toHaveTextContent('30 days charted');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'This month');
    await waitFor(() => expect(figures.requests).toContainEqual({ from: '2030-03-01', to: TODAY }));
  });

  it('explains a custom period that ends before it starts, and does not ask for it', async () => {
    const { figures } = salon();
    renderApp('/dashboard/adminhome?period=custom&from=2030-02-10&to=2030-02-01');

    expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2030-02-10');
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(figures.requests).toEqual([]);
  });

  it('reads a custom period from the URL', async () => {
    const { figures } = salon();
    renderApp('/dashboard/adminhome?period=custom&from=2030-02-01&to=2030-02-03');
    expect(await screen.findByTestId('revenue-chart')).toHaveTextContent('3 days charted');
    expect(figures.requests).toEqual([{ from: '2030-02-01', to: '2030-02-03' }]);
  });

  it('says so when nothing happened, and when there are no appointments today', async () => {
    salon(({ from, to }) => quietSummary(from, to));
    server.use(http.get('/api/bookings', () => HttpResponse.json([])));
    renderApp('/dashboard/adminhome?period=today');

    expect(await screen.findByText('Nothing happened in this period')).toBeInTheDocument();
    expect(await screen.findByText('No appointments today')).toBeInTheDocument();
    expect(figureOf('Revenue')).toBe('৳0');
    expect(screen.queryByTestId('revenue-chart')).not.toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    let failures = 1;
    salon((period) => (failures-- > 0 ? apiErrorResponse(500, 'The server could not answer.') : busyWeek(period)) as AdminSummary | Response);
    const { user } = renderApp('/dashboard/adminhome');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The figures could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('revenue-chart')).toBeInTheDocument();
    expect(figureOf('Revenue')).toBe('৳12,300.50');
  });
});

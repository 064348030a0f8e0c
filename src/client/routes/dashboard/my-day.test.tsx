import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerUser } from '@/test/fixtures';
import { accountSession, apiErrorResponse } from '@/test/handlers';
import { inBangla } from '@/test/bangla';
import { counterPaymentInputSchema } from '@shared/deposits';
import { formatMoney } from '@shared/money';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { staffVisitMarkSchema, type MyStylist, type StaffVisit } from '@shared/staff';
import type { MyAccount } from '@shared/account';

const RINA = '3f1b0c2a-1111-4aaa-8bbb-000000000001';
// Saturday 2 March 2030, 12:00 in Dhaka (UTC+6); the salon opens 10:00-20:00 that day.
const NOW = new Date('2030-03-02T06:00:00.000Z');
const TODAY = '2030-03-02';
const dhaka = (date: string, time: string) => new Date(`${date}T${time}:00+06:00`).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fake of her day: visits by salon day, each mark checked by the shared schema and kept. */
function fakeMyDay(visitsByDay: Record<string, StaffVisit[]>) {
  const asked: string[] = [];
  const marks: { id: string; status: string }[] = [];
  const takings: { id: string; amount: number; method: string }[] = [];
  const whoAsks: string[] = [];
  const rina = { _id: RINA, name: 'Rina Akter' };
  server.use(
    ...accountSession(customerUser).handlers,
    http.get<PathParams, DefaultBodyType, MyAccount>('/api/me', () => {
      whoAsks.push('/api/me');
      return HttpResponse.json({ hasPassword: true, freshSignInRequired: false, stylist: rina });
    }),
    http.get<PathParams, DefaultBodyType, MyStylist>('/api/staff/me', () => {
      whoAsks.push('/api/staff/me');
      return HttpResponse.json({ stylist: rina });
    }),
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
    // As the server: never more than the visit owes (409 with its words), else it owes that much less.
    http.post('/api/staff/me/visits/:id/counter-payments', async ({ params, request }) => {
      const parsed = counterPaymentInputSchema.safeParse(await request.json());
      if (!parsed.success) return apiErrorResponse(400, 'Check the highlighted fields.');
      const visit = Object.values(visitsByDay)
        .flat()
        .find((v) => v._id === params.id)!;
      if (parsed.data.amount > visit.due) return apiErrorResponse(409, `That is more than the visit owes: ${formatMoney(visit.due)} is due.`);
      takings.push({ id: String(params.id), ...parsed.data });
      visit.due -= parsed.data.amount;
      return HttpResponse.json(visit);
    }),
  );
  return { asked, marks, whoAsks, takings };
}

const visit = (id: string, change: Partial<StaffVisit> = {}): StaffVisit => ({
  _id: id,
  serviceId: '3f1b0c2a-2222-4aaa-8bbb-000000000001',
  title: 'Hair Spa',
  title_bn: null,
  startsAt: dhaka(TODAY, '11:00'),
  endsAt: dhaka(TODAY, '12:00'),
  // Fifteen minutes to tidy up after it.
  staffFreeAt: dhaka(TODAY, '12:15'),
  status: 'confirmed',
  customer: { name: 'Ayesha Rahman', phone: '+8801712345678' },
  canComplete: true,
  due: 0,
  ...change,
});

const FIRST = '3f1b0c2a-3333-4aaa-8bbb-000000000001';
const LATER = '3f1b0c2a-3333-4aaa-8bbb-000000000002';

function herDay() {
  return {
    [TODAY]: [
      visit(FIRST),
      visit(LATER, {
        title: 'Classic Manicure',
        customer: { name: 'Nusrat Jahan', phone: null },
        startsAt: dhaka(TODAY, '15:00'),
        endsAt: dhaka(TODAY, '15:45'),
        staffFreeAt: null,
        canComplete: false,
      }),
    ],
  };
}

describe('/dashboard/my-day (a stylist’s own day)', () => {
  it('draws her visits as blocks in her own column of the day, with who comes, for what, when and the state', async () => {
    fakeMyDay(herDay());
    renderApp('/dashboard/my-day');
    const grid = await screen.findByRole('region', { name: 'Your visits' });
    // One column, hers: no other stylist and no choice of column.
    expect(within(grid).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Rina Akter']);
    expect(screen.queryByRole('combobox', { name: 'Stylist' })).not.toBeInTheDocument();
    const first = within(grid).getByRole('button', { name: 'Rina Akter: Hair Spa for Ayesha Rahman, 11:00–12:00, Confirmed' });
    expect(first).toHaveTextContent(/Ayesha Rahman.*Hair Spa.*11:00–12:00.*Confirmed/);
    expect(within(grid).getByRole('button', { name: 'Rina Akter: Classic Manicure for Nusrat Jahan, 15:00–15:45, Confirmed' })).toBeInTheDocument();
    // The salon's hours are the rows; her buffer after the spa is hatched under its block.
    expect(within(grid).getAllByTitle('Buffer: the stylist is busy, the chair is free')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Sat, 2 Mar 2030 (today)' })).toBeInTheDocument();
    // Her menu has 'My day'.
    expect(screen.getAllByRole('link', { name: 'My day' }).length).toBeGreaterThan(0);
  });

  it('opens a visit whose time has come with the keyboard and marks it completed; nothing of moving, cancelling or money', async () => {
    const { marks } = fakeMyDay(herDay());
    const { user } = renderApp('/dashboard/my-day');
    const grid = await screen.findByRole('region', { name: 'Your visits' });
    const block = within(grid).getByRole('button', { name: /^Rina Akter: Hair Spa for Ayesha Rahman/ });
    block.focus();
    await user.keyboard('{Enter}');
    const details = await screen.findByRole('region', { name: 'Hair Spa for Ayesha Rahman' });
    await waitFor(() => expect(within(details).getByRole('heading', { level: 3 })).toHaveFocus());
    expect(details).toHaveTextContent(/Stylist free.*from 12:15 \(15 min after the visit\)/);
    expect(within(details).getAllByRole('button').map((button) => button.textContent || button.getAttribute('aria-label'))).toEqual([
      "Close the booking's details",
      'Mark completed',
      'No-show',
    ]);
    expect(details).not.toHaveTextContent(/৳|Paid|E-mail|Move|Cancel/);
    // Her customer's number, to call when she is late.
    expect(within(details).getByRole('link', { name: '01712 345678' })).toHaveAttribute('href', 'tel:+8801712345678');

    await user.click(within(details).getByRole('button', { name: 'Mark completed' }));
    await waitFor(() => expect(marks).toEqual([{ id: FIRST, status: 'completed' }]));
    expect(await screen.findByText('Hair Spa for Ayesha Rahman is done')).toBeInTheDocument();
    await waitFor(() => expect(within(grid).getByRole('button', { name: 'Rina Akter: Hair Spa for Ayesha Rahman, 11:00–12:00, Completed' })).toBeInTheDocument());
    expect(within(details).queryByRole('button', { name: 'Mark completed' })).not.toBeInTheDocument();
    expect(within(details).getByRole('heading', { level: 3 })).toHaveFocus();

    // Closed, the focus goes back to the block she opened.
    await user.click(within(details).getByRole('button', { name: "Close the booking's details" }));
    await waitFor(() => expect(within(grid).getByRole('button', { name: /^Rina Akter: Hair Spa for Ayesha Rahman/ })).toHaveFocus());
    expect(screen.queryByRole('region', { name: 'Hair Spa for Ayesha Rahman' })).not.toBeInTheDocument();
  });

  it('takes what is left to pay at her chair: the amount starts at what it owes; more than that is refused under the amount', async () => {
    const day = herDay();
    day[TODAY][1]!.due = 2500;
    const { takings } = fakeMyDay(day);
    const { user } = renderApp('/dashboard/my-day');
    const grid = await screen.findByRole('region', { name: 'Your visits' });
    await user.click(within(grid).getByRole('button', { name: /^Rina Akter: Classic Manicure for Nusrat Jahan/ }));
    const details = await screen.findByRole('region', { name: 'Classic Manicure for Nusrat Jahan' });
    expect(details).toHaveTextContent('To take at the salon: ৳2,500');
    await user.click(within(details).getByRole('button', { name: 'Record payment' }));
    const form = within(details).getByRole('form', { name: 'Record a payment for Classic Manicure' });
    expect(form).toHaveTextContent('Nusrat Jahan owes ৳2,500 at the salon.');
    const amount = within(form).getByRole('spinbutton', { name: 'Amount (৳)' });
    expect(amount).toHaveValue(2500);
    await waitFor(() => expect(amount).toHaveFocus());

    await user.clear(amount);
    await user.type(amount, '3000');
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await within(form).findByText('That is more than the visit owes: ৳2,500 is due.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(takings).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '1000');
    await user.click(within(form).getByRole('radio', { name: 'bKash' }));
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(takings).toEqual([{ id: LATER, amount: 1000, method: 'bkash' }]));
    expect(await screen.findByText('৳1,000 from Nusrat Jahan recorded')).toBeInTheDocument();
    await waitFor(() => expect(details).toHaveTextContent('To take at the salon: ৳1,500'));
    expect(within(details).queryByRole('form')).not.toBeInTheDocument();
  });

  it('says a visit still to come can be marked once its time has come, and asks before a no-show', async () => {
    const { marks } = fakeMyDay(herDay());
    const { user } = renderApp('/dashboard/my-day');
    const grid = await screen.findByRole('region', { name: 'Your visits' });
    await user.click(within(grid).getByRole('button', { name: /^Rina Akter: Classic Manicure for Nusrat Jahan/ }));
    const later = await screen.findByRole('region', { name: 'Classic Manicure for Nusrat Jahan' });
    expect(later).toHaveTextContent('You can mark it completed or a no-show once its time has come.');
    expect(within(later).queryByRole('button', { name: /Mark completed|No-show/ })).not.toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: /^Rina Akter: Hair Spa for Ayesha Rahman/ }));
    const first = await screen.findByRole('region', { name: 'Hair Spa for Ayesha Rahman' });
    await user.click(within(first).getByRole('button', { name: 'No-show' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ayesha Rahman did not come?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marks).toEqual([]);
  });

  it('goes to the next and previous day through the address, and says when nobody is booked', async () => {
    const { asked } = fakeMyDay({});
    const { user, router } = renderApp('/dashboard/my-day');
    expect(await screen.findByText(/Nobody is booked with you on this day/)).toBeInTheDocument();
    // The empty day still has its hours: her column is there, with nothing in it.
    expect(within(screen.getByRole('region', { name: 'Your visits' })).getByText('No bookings')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next day/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=2030-03-03'));
    await waitFor(() => expect(asked).toContain('2030-03-03'));
    await user.click(screen.getByRole('button', { name: /Previous day/ }));
    await user.click(screen.getByRole('button', { name: /Previous day/ }));
    // Friday the salon is closed, and the page says so.
    expect(await screen.findByText('The salon is closed on Fri, 1 Mar 2030.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('her dashboard learns she is a stylist from GET /api/me: My day is on the menu without asking /api/staff/me', async () => {
    const { whoAsks } = fakeMyDay({});
    const { user } = renderApp('/dashboard/userhome');
    const link = (await screen.findAllByRole('link', { name: 'My day' }))[0]!;
    expect(whoAsks).toEqual(['/api/me']);
    // My day itself asks who she is on the team.
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'My day' })).toBeInTheDocument();
    await waitFor(() => expect(whoAsks).toContain('/api/staff/me'));
  });

  it('a customer who is not a stylist has no My day in her menu, and the page says what it is for', async () => {
    server.use(...accountSession(customerUser).handlers);
    renderApp('/dashboard/my-day');
    expect(await screen.findByText(/This page is for the salon’s stylists/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My day' })).not.toBeInTheDocument();
  });
});

describe('/bn/dashboard/my-day: the salon’s Bangla titles', () => {
  inBangla();
  const SPA_BN = 'হেয়ার স্পা';

  it('names each visit by its Bangla title where the salon wrote one, in its block, its details and the payment form; an English-only one is marked English', async () => {
    const day = herDay();
    Object.assign(day[TODAY][0]!, { title_bn: SPA_BN, due: 2500 });
    fakeMyDay(day);
    const { user } = renderApp('/dashboard/my-day');

    const spa = await screen.findByRole('button', { name: new RegExp(`^Rina Akter: Ayesha Rahman-এর ${SPA_BN},`) });
    expect(within(spa).getByText(SPA_BN)).not.toHaveAttribute('lang');
    expect(within(spa).queryByText('Hair Spa')).not.toBeInTheDocument();
    const manicure = screen.getByRole('button', { name: /^Rina Akter: Nusrat Jahan-এর Classic Manicure,/ });
    expect(within(manicure).getByText('Classic Manicure')).toHaveAttribute('lang', 'en');

    await user.click(spa);
    const details = await screen.findByRole('region', { name: `Ayesha Rahman-এর ${SPA_BN}` });
    expect(within(details).getByRole('heading', { level: 3 })).not.toHaveTextContent('Hair Spa');
    await user.click(within(details).getByRole('button', { name: 'পেমেন্ট লিখুন' }));
    const form = within(within(details).getByRole('form', { name: `${SPA_BN}-এর পেমেন্ট লিখুন` }));
    expect(form.getByText(SPA_BN)).not.toHaveAttribute('lang');
  });
});

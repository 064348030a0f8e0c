import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, customerUser, users } from '@/test/fixtures';
import { accountSession, apiErrorResponse } from '@/test/handlers';
import { heldResponses } from '@/test/held-response';
import { bookingRecord, fakePayments, paymentRecord, SAT_9_MAR_2030_10_30 } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { speakBangla, speakEnglish } from '@/test/bangla';

const rima = users[2]!;

const history = [
  paymentRecord(1, {
    createdAt: '2030-01-15T06:00:00.000Z',
    paidAt: '2030-01-15T06:00:00.000Z',
    services: [{ bookingId: bookingRecord(1)._id, title: 'Classic Manicure', price: 1200, startsAt: SAT_9_MAR_2030_10_30, status: 'confirmed', staffName: 'Nila Akter' }],
  }),
  paymentRecord(2, {
    amount: 3500,
    refunded: 3500,
    status: 'refunded',
    method: 'bkash',
    createdAt: '2030-02-20T08:00:00.000Z',
    paidAt: '2030-02-20T08:00:00.000Z',
    services: [{ bookingId: bookingRecord(2)._id, title: 'Signature Facial', price: 3500, startsAt: SAT_9_MAR_2030_10_30, status: 'cancelled', staffName: null }],
  }),
  paymentRecord(3, {
    amount: 8999.5,
    status: 'failed',
    method: null,
    failureMessage: 'Your card was declined.',
    gatewayRef: '',
    paidAt: null,
    createdAt: '2030-02-21T08:00:00.000Z',
    customer: { name: rima.name, email: rima.email, phone: null },
    services: [{ bookingId: bookingRecord(3)._id, title: 'Keratin Treatment', price: 8999.5, startsAt: SAT_9_MAR_2030_10_30, status: 'pending', staffName: null }],
  }),
];

function signedIn(user: typeof customerUser) {
  const fake = fakePayments({ session: { user }, payments: history });
  server.use(...accountSession(user).handlers, ...fake.handlers);
  return fake;
}

async function table() {
  return within(await screen.findByRole('table', { name: 'Payments' }));
}

function columnHeaders(t: Awaited<ReturnType<typeof table>>) {
  return t.getAllByRole('columnheader').map((header) => header.textContent);
}

const paymentListRequests = (fake: ReturnType<typeof fakePayments>) =>
  fake.state.requests.filter((request) => request.startsWith('GET /api/payments') && !request.startsWith('GET /api/payments/'));

describe('/dashboard/paymentHistory', () => {
  it('shows a declined card under a payment a later card paid as an earlier attempt, in muted text, not as a failure', async () => {
    const retried = paymentRecord(4, { createdAt: '2030-02-22T08:00:00.000Z', paidAt: '2030-02-22T08:05:00.000Z', declines: [{ at: '2030-02-22T08:01:00.000Z', message: 'Your card was declined.' }] });
    const fake = fakePayments({ session: { user: customerUser }, payments: [retried] });
    server.use(...accountSession(customerUser).handlers, ...fake.handlers);
    renderApp('/dashboard/paymentHistory');

    const row = within((await table()).getAllByRole('row')[1]!);
    expect(row.getByText('Paid')).toBeInTheDocument();
    const note = row.getByText('Earlier attempt declined: Your card was declined.');
    expect(note).toHaveClass('text-base-content/70');
    expect(note.className).not.toMatch(/error|warning/);
    expect(screen.queryByText(/Card declined/)).not.toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Payments' }));
    expect(card.getByText('Earlier attempt declined: Your card was declined.')).toBeInTheDocument();
  });

  it("reads a list booked to pay at the salon as 'Pay at the salon' and 'Booked', not a ৳0 payment, and counts it apart", async () => {
    const atSalon = paymentRecord(5, {
      amount: 0,
      gateway: 'salon',
      gatewayRef: 'salon_5',
      method: null,
      createdAt: '2030-02-23T08:00:00.000Z',
      paidAt: '2030-02-23T08:00:00.000Z',
      services: [{ bookingId: bookingRecord(5)._id, title: 'Classic Haircut', price: 1200, online: 0, plan: 'at-salon', startsAt: SAT_9_MAR_2030_10_30, status: 'confirmed', staffName: null }],
    });
    const fake = fakePayments({ session: { user: customerUser }, payments: [atSalon, history[0]!] });
    server.use(...accountSession(customerUser).handlers, ...fake.handlers);
    renderApp('/dashboard/paymentHistory');

    const rows = (await table()).getAllByRole('row').slice(1);
    const cells = within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(2)).toEqual(['Pay at the salon', 'Booked', '—']);
    expect(within(rows[0]!).queryByText('৳0')).not.toBeInTheDocument();
    expect(screen.getByText(/^1 payment, 1 booking to pay at the salon\./)).toBeInTheDocument();
    // The phone card says the same.
    const cards = within(screen.getByRole('list', { name: 'Payments' }));
    expect(cards.getByText('Pay at the salon')).toBeInTheDocument();
    expect(cards.getByText('Booked')).toBeInTheDocument();
  });

  /** Her haircut, to pay at the salon, ৳700 of it paid at the counter and cancelled: the ৳700 hers again, given back `at` (null: still due). */
  const cancelledAfterCash = (at: string | null) =>
    paymentRecord(6, {
      amount: 0,
      gateway: 'salon',
      gatewayRef: 'salon_6',
      method: null,
      services: [
        {
          ...{ bookingId: bookingRecord(6)._id, title: 'Classic Haircut', price: 1200, online: 0, plan: 'at-salon', startsAt: SAT_9_MAR_2030_10_30, status: 'cancelled', staffName: null },
          ...{ takenAtSalon: 700, handedBack: 700, handBackDue: at === null ? 700 : 0, handedBackAt: at },
        },
      ],
    });

  /** The one visit's counter line, in the table and on the phone cards alike (named in the page's language). */
  async function counterLines(named = { list: 'Payments', taken: /paid at the salon/ }) {
    const [row] = within(await screen.findByRole('table', { name: named.list })).getAllByRole('row').slice(1);
    const card = within(screen.getByRole('list', { name: named.list }));
    const line = (element: Element | null | undefined) => element?.closest('span')?.textContent;
    return [line(within(row!).getByText(named.taken)), line(card.getByText(named.taken))];
  }

  it('shows under a visit what the counter took for it and when it was given back after it was cancelled', async () => {
    const fake = fakePayments({ session: { user: customerUser }, payments: [cancelledAfterCash('2030-03-02T06:00:00.000Z')] });
    server.use(...accountSession(customerUser).handlers, ...fake.handlers);
    renderApp('/dashboard/paymentHistory');

    const given = '৳700 paid at the salon · ৳700 given back at the counter on Sat 2 Mar 12:00';
    expect(await counterLines()).toEqual([given, given]);
  });

  it('tells her the money of a visit she cancelled online is hers to collect at the counter, until the desk gives it back', async () => {
    const fake = fakePayments({ session: { user: customerUser }, payments: [cancelledAfterCash(null)] });
    server.use(...accountSession(customerUser).handlers, ...fake.handlers);
    renderApp('/dashboard/paymentHistory');

    const due = '৳700 paid at the salon · ৳700 to collect at the counter';
    expect(await counterLines()).toEqual([due, due]);
  });

  it('tells her in Bangla too, in Bengali digits', async () => {
    speakBangla();
    try {
      const fake = fakePayments({ session: { user: customerUser }, payments: [cancelledAfterCash(null)] });
      server.use(...accountSession(customerUser).handlers, ...fake.handlers);
      renderApp('/dashboard/paymentHistory');
      expect(await counterLines({ list: 'পেমেন্ট', taken: /সেলুনে দেওয়া হয়েছে/ })).toEqual(Array(2).fill(expect.stringMatching(/ · কাউন্টার থেকে ৭০০৳ ফেরত নেবেন$/)));
    } finally {
      speakEnglish();
    }
  });

  it('tells the salon the same money is to give back at the counter', async () => {
    const fake = fakePayments({ session: { user: adminUser }, payments: [{ ...cancelledAfterCash(null), customer: { name: rima.name, email: rima.email, phone: null } }] });
    server.use(...accountSession(adminUser).handlers, ...fake.handlers);
    renderApp('/dashboard/paymentHistory');

    const due = '৳700 paid at the salon · ৳700 to give back at the counter';
    expect(await counterLines()).toEqual([due, due]);
  });

  it('shows a customer her own payments, newest first, in the salon’s zone, without filters', async () => {
    signedIn(customerUser);
    renderApp('/dashboard/paymentHistory');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your payments' })).toBeInTheDocument();
    expect(document.title).toBe('Payment History | Parlour');
    const payments = await table();
    expect(columnHeaders(payments)).toEqual(['Date', 'Services', 'Amount', 'Status', 'Paid by']);
    const rows = payments.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    // How each was paid, in its own column and on the phone cards.
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual(['bKash', 'Card']);
    expect(within(screen.getByRole('list', { name: 'Payments' })).getByText('Paid by bKash')).toBeInTheDocument();
    // 08:00Z is 14:00 in Dhaka.
    expect(within(rows[0]!).getByText('Wed, 20 Feb 2030, 14:00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Refunded')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('৳3,500 refunded')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Classic Manicure')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    // Her own payments, whatever the URL says.
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/payments?format=csv');
  });

  it("names each service's stylist, in the table and the phone cards, and nobody where the visit had none", async () => {
    signedIn(customerUser);
    renderApp('/dashboard/paymentHistory');

    const rows = (await table()).getAllByRole('row').slice(1);
    expect(within(rows[1]!).getByRole('listitem')).toHaveTextContent(/^Classic Manicure with Nila Akter$/);
    expect(within(rows[0]!).getByRole('listitem')).toHaveTextContent(/^Signature Facial$/);
    const cards = within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('listitem', { name: '' }).filter((item) => item.closest('ul')?.getAttribute('aria-label') !== 'Payments');
    expect(cards.map((item) => item.textContent)).toEqual(['Signature Facial', 'Classic Manicure with Nila Akter']);
  });

  it('gives an admin every payment with its customer, and filters that go into the URL and the request', async () => {
    const fake = signedIn(adminUser);
    const { user, router } = renderApp('/dashboard/paymentHistory');

    expect(await screen.findByRole('heading', { level: 1, name: 'All payments' })).toBeInTheDocument();
    const payments = await table();
    expect(columnHeaders(payments)).toEqual(['Date', 'Customer', 'Services', 'Amount', 'Status', 'Paid by']);
    expect(payments.getAllByRole('row')).toHaveLength(4);
    // The failed one was never paid: nothing to say how.
    expect(payments.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual(['—', 'bKash', 'Card']);
    expect(payments.getByText('rima@example.com')).toBeInTheDocument();
    expect(payments.getByText('Your card was declined.')).toBeInTheDocument();
    // Below md the same payments are cards (jsdom applies no CSS, so both are in the document).
    expect(screen.getByRole('table', { name: 'Payments' }).parentElement).toHaveClass('hidden', 'md:block');
    const cards = screen.getByRole('list', { name: 'Payments' });
    expect(cards).toHaveClass('md:hidden');
    const items = within(cards).getAllByRole('listitem').filter((item) => item.parentElement === cards);
    expect(items).toHaveLength(3);
    expect(within(cards).getByText('rima@example.com')).toHaveAttribute('title', 'rima@example.com');
    expect(within(cards).getByText(/Your card was declined\./)).toBeInTheDocument();

    const filters = within(screen.getByRole('search', { name: 'Filter payments' }));
    await user.selectOptions(filters.getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed'));
    await waitFor(() => expect(paymentListRequests(fake)).toContain('GET /api/payments?status=failed'));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Payments' }).querySelectorAll('tbody tr')).toHaveLength(1));

    await user.type(filters.getByLabelText('From'), '2030-02-01');
    await user.type(filters.getByLabelText('To'), '2030-02-28');
    await waitFor(() => expect(paymentListRequests(fake)).toContain('GET /api/payments?from=2030-02-01&to=2030-02-28&status=failed'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2030-02-01');
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2030-02-28');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/payments?from=2030-02-01&to=2030-02-28&status=failed&format=csv');

    await user.selectOptions(filters.getByLabelText('Status'), 'Paid');
    expect(await screen.findByText('No payments match these filters')).toBeInTheDocument();

    await user.click(filters.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findAllByRole('row')).toHaveLength(4);
  });

  it('reads the filters from the URL, ignoring ones that are malformed', async () => {
    const fake = signedIn(adminUser);
    renderApp('/dashboard/paymentHistory?status=refunded&from=2030-02-31&to=2030-03-01');

    const payments = await table();
    await waitFor(() => expect(payments.getAllByRole('row')).toHaveLength(2));
    expect(paymentListRequests(fake)).toEqual(['GET /api/payments?to=2030-03-01&status=refunded']);
    expect(within(screen.getByRole('search', { name: 'Filter payments' })).getByLabelText('Status')).toHaveValue('refunded');
  });

  it('shows the loading state, then an error with a retry that works', async () => {
    let fail = true;
    const gate = heldResponses();
    const fake = fakePayments({ session: { user: customerUser }, payments: history });
    server.use(
      ...accountSession(customerUser).handlers,
      http.get('/api/payments', async () => {
        await gate.hold();
        return fail ? apiErrorResponse(500, 'Something went wrong on our side. Please try again in a moment.') : undefined;
      }),
      ...fake.handlers,
    );
    const { user } = renderApp('/dashboard/paymentHistory');

    expect(await screen.findByRole('status', { name: 'Loading the payments' })).toBeInTheDocument();
    gate.release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Payments' })).toBeInTheDocument();
  });

  it('says so when there are no payments yet', async () => {
    server.use(...accountSession(customerUser).handlers, ...fakePayments({ session: { user: customerUser } }).handlers, http.get('/api/payments', () => HttpResponse.json([])));
    renderApp('/dashboard/paymentHistory');
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });
});

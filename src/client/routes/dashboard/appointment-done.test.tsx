import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PENDING_POLL_INTERVAL_MS } from '@/features/payments/api/get-payment';
import { customerUser } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { bookingRecord, fakePayments, paymentRecord, SAT_9_MAR_2030_10_30 } from '@/test/payment-handlers';

const SAT_9_MAR_2030_11_30 = '2030-03-09T05:30:00.000Z';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

function withPayment(...payments: ReturnType<typeof paymentRecord>[]) {
  const fake = fakePayments({ session: { user: customerUser }, payments });
  server.use(...accountSession(customerUser).handlers, ...fake.handlers);
  return fake;
}

const paymentPolls = (fake: ReturnType<typeof fakePayments>, id: string) =>
  fake.state.requests.filter((request) => request === `GET /api/payments/${id}`).length;

afterEach(() => {
  vi.useRealTimers();
});

describe('/dashboard/appointment/done', () => {
  it('waits while the payment is pending, asking again each second, then shows it succeeded', async () => {
    // The page's clock is the test's: a second of polling passes only when the test says so (vi.waitFor
    // moves it on by its own interval while it waits, so only rough counts are asserted while pending).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const pending = paymentRecord(1, { status: 'pending', gatewayRef: '', paidAt: null });
    const fake = withPayment(pending);
    renderApp(`/dashboard/appointment/done?payment=${pending._id}`);

    // vi.waitFor does not read Testing Library's longer timeout (setup.ts): the page's first lazy
    // import took over its default 1 s on the loaded machine.
    await vi.waitFor(() => screen.getByRole('heading', { level: 1, name: 'Confirming your payment' }), { timeout: 12_000 });
    expect(document.title).toBe('Confirming your payment | Parlour');
    const first = paymentPolls(fake, pending._id);
    expect(first).toBeGreaterThanOrEqual(1);
    await vi.advanceTimersByTimeAsync(PENDING_POLL_INTERVAL_MS);
    await vi.waitFor(() => expect(paymentPolls(fake, pending._id)).toBeGreaterThan(first));
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeInTheDocument();

    // Stripe's webhook arrives: the server now knows.
    Object.assign(fake.state.payments[0]!, { status: 'succeeded', gatewayRef: 'pi_3Qx9', paidAt: '2030-01-15T06:01:00.000Z' });
    await vi.advanceTimersByTimeAsync(PENDING_POLL_INTERVAL_MS);

    await vi.waitFor(() => screen.getByRole('heading', { level: 1, name: 'Payment successful' }));
    // The result has its own title and takes focus (the waiting heading that had it is gone).
    expect(document.title).toBe('Payment successful | Parlour');
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Payment successful' })).toHaveFocus());
    const receipt = within(screen.getByRole('region', { name: 'Receipt' }));
    expect(receipt.getByText('Amount paid').nextElementSibling).toHaveTextContent('৳1,200');
    expect(receipt.getByText('pi_3Qx9')).toBeInTheDocument();
    expect(receipt.getByText('Classic Manicure')).toBeInTheDocument();
    expect(receipt.getByText('Sat, 9 Mar 2030, 10:30')).toBeInTheDocument();
    // Each appointment's calendar file, named for the visit it holds.
    expect(receipt.getByRole('link', { name: 'Calendar file for Classic Manicure on Sat, 9 Mar 2030, 10:30' })).toHaveAttribute(
      'href',
      `/api/bookings/${pending.services[0]!.bookingId}/ics`,
    );
    expect(screen.getByRole('link', { name: 'My appointments' })).toHaveAttribute('href', '/dashboard/userhome');
    // One in the side menu, one under the receipt.
    const historyLinks = screen.getAllByRole('link', { name: 'Payment History' });
    expect(historyLinks).toHaveLength(2);
    for (const link of historyLinks) expect(link).toHaveAttribute('href', '/dashboard/paymentHistory');

    // Polling stops once the outcome is known: five more seconds ask nothing more.
    const polls = paymentPolls(fake, pending._id);
    await vi.advanceTimersByTimeAsync(5 * PENDING_POLL_INTERVAL_MS);
    expect(paymentPolls(fake, pending._id)).toBe(polls);
    expect(fake.state.requests.some((request) => request === `GET /api/cart?email=${encodeURIComponent(customerUser.email)}`)).toBe(true);
  });

  it('names the stylist of each appointment on the receipt, and nobody for one booked without a stylist', async () => {
    const paid = paymentRecord(5, {
      amount: 4700,
      services: [
        { bookingId: bookingRecord(5)._id, title: 'Classic Manicure', price: 1200, startsAt: SAT_9_MAR_2030_10_30, status: 'confirmed', staffName: 'Nila Akter' },
        { bookingId: bookingRecord(6)._id, title: 'Signature Facial', price: 3500, startsAt: SAT_9_MAR_2030_11_30, status: 'confirmed', staffName: null },
      ],
    });
    withPayment(paid);
    renderApp(`/dashboard/appointment/done?payment=${paid._id}`);

    const receipt = within(await screen.findByRole('region', { name: 'Receipt' }));
    const [manicure, facial] = receipt.getAllByRole('listitem');
    expect(within(manicure!).getByText('Classic Manicure')).toBeInTheDocument();
    expect(manicure).toHaveTextContent('Sat, 9 Mar 2030, 10:30 · with Nila Akter');
    expect(within(facial!).getByText('Signature Facial')).toBeInTheDocument();
    expect(facial).toHaveTextContent('Sat, 9 Mar 2030, 11:30৳3,500');
    expect(facial!.textContent).not.toMatch(/with|null/);
  });

  it('shows why a payment failed, with the way back to pay', async () => {
    const failed = paymentRecord(2, { status: 'failed', failureMessage: 'Your card was declined.', gatewayRef: '', paidAt: null });
    withPayment(failed);
    renderApp(`/dashboard/appointment/done?payment=${failed._id}`);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment failed' });
    expect(document.title).toBe('Payment failed | Parlour');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('link', { name: 'Back to payment' })).toHaveAttribute('href', '/dashboard/appointment');
    expect(screen.queryByText('Payment successful')).not.toBeInTheDocument();
  });

  it('says so for a payment that does not exist or is not hers', async () => {
    withPayment(paymentRecord(3, { customer: { name: 'Someone Else', email: 'else@example.com', phone: null } }));
    renderApp('/dashboard/appointment/done?payment=a0000000-0000-4000-8000-000000000003');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not found' })).toBeInTheDocument();
  });

  it('says so without asking the server when the link has no payment', async () => {
    const fake = withPayment();
    renderApp('/dashboard/appointment/done');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not found' })).toBeInTheDocument();
    expect(fake.state.requests.filter((request) => request.startsWith('GET /api/payments/'))).toEqual([]);
  });
});

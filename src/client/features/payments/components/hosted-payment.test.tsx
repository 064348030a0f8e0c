import { http } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerUser } from '@/test/fixtures';
import { accountSession, apiErrorResponse } from '@/test/handlers';
import { fakePayments, heldBookingList } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { leaveSite } from '@/lib/leave-site';

// jsdom cannot navigate: where the browser would go is what the customer would see happen.
vi.mock('@/lib/leave-site', () => ({ leaveSite: vi.fn() }));
afterEach(() => vi.mocked(leaveSite).mockClear());

function payingOnSslCommerz() {
  const fake = fakePayments({ session: { user: customerUser }, cart: heldBookingList(), config: { gateway: 'sslcommerz', publishableKey: null, testMode: true } });
  server.use(...accountSession(customerUser).handlers, ...fake.handlers);
  return fake;
}

const intentRequests = (fake: ReturnType<typeof fakePayments>) => fake.state.requests.filter((r) => r === 'POST /api/create-payment-intent').length;

describe('/dashboard/appointment with SSLCommerz', () => {
  it('opens no payment until she presses Pay, then sends her to the SSLCommerz page', async () => {
    const fake = payingOnSslCommerz();
    const { user } = renderApp('/dashboard/appointment');
    const pay = await screen.findByRole('button', { name: 'Pay ৳4,700' });
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText('Test mode — this is SSLCommerz’s sandbox: no real money moves.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Card details' })).not.toBeInTheDocument();
    expect(intentRequests(fake)).toBe(0);

    await user.click(pay);
    await waitFor(() => expect(leaveSite).toHaveBeenCalledTimes(1));
    const payment = fake.state.payments.at(-1)!;
    expect(leaveSite).toHaveBeenCalledWith(`https://sandbox.sslcommerz.com/EasyCheckOut/testcde${payment._id}`);
    expect(intentRequests(fake)).toBe(1);
  });

  it('says why when the payment page cannot be opened, and lets her try again', async () => {
    payingOnSslCommerz();
    const { user } = renderApp('/dashboard/appointment');
    const pay = await screen.findByRole('button', { name: 'Pay ৳4,700' });
    server.use(http.post('/api/create-payment-intent', () => apiErrorResponse(500, 'Something went wrong on our side. Please try again.')));
    await user.click(pay);
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    expect(leaveSite).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay ৳4,700' })).toBeEnabled();
  });
});

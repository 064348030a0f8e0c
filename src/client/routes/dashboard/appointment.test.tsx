import { http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerUser, services } from '@/test/fixtures';
import { accountSession, apiErrorResponse } from '@/test/handlers';
import { fakePayments, heldBookingList, heldItem, SAT_2_MAR_2030_10_00, SAT_2_MAR_2030_11_00 } from '@/test/payment-handlers';
import { mim, rumana } from '@/test/staff-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { HOLD_TAKEN_MESSAGE } from '@shared/cart';

function payingCustomer(cart = heldBookingList()) {
  const fake = fakePayments({ session: { user: customerUser }, cart });
  server.use(...accountSession(customerUser).handlers, ...fake.handlers);
  return fake;
}

const confirmCalls = (fake: ReturnType<typeof fakePayments>) =>
  fake.state.requests.filter((request) => request === 'POST /api/payments/test/confirm').length;

async function cardForm() {
  return within(await screen.findByRole('form', { name: 'Card details' }));
}

async function fillCard(user: ReturnType<typeof renderApp>['user'], { number, expiry = '12/34', cvc = '123' }: { number: string; expiry?: string; cvc?: string }) {
  const form = await cardForm();
  await user.clear(form.getByLabelText('Card number'));
  await user.type(form.getByLabelText('Card number'), number);
  await user.clear(form.getByLabelText('Expiry (MM/YY)'));
  await user.type(form.getByLabelText('Expiry (MM/YY)'), expiry);
  await user.clear(form.getByLabelText('CVC'));
  await user.type(form.getByLabelText('CVC'), cvc);
  return form;
}

function servicesList() {
  return within(screen.getByRole('region', { name: 'Your appointments' }));
}

describe('/dashboard/appointment', () => {
  it('lists the held times in the salon’s zone with the total, and the test gateway’s card form', async () => {
    payingCustomer();
    renderApp('/dashboard/appointment');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pay and confirm your appointment' })).toBeInTheDocument();
    expect(document.title).toBe('Appointment | Parlour');
    await screen.findByText('Classic Manicure');
    const list = servicesList();
    // 04:00Z is 10:00 in Dhaka, whatever zone the test runner is in.
    expect(list.getByText('Sat, 2 Mar 2030, 10:00')).toBeInTheDocument();
    expect(list.getByText('Sat, 2 Mar 2030, 11:00')).toBeInTheDocument();
    expect(list.getByText('Times are in Dhaka time (Asia/Dhaka).')).toBeInTheDocument();
    expect(list.getByTestId('appointment-total')).toHaveTextContent('৳4,700');

    const form = await cardForm();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText('Test mode — no real card is charged. Use 4242 4242 4242 4242.')).toBeInTheDocument();
    expect(form.getByLabelText('Card number')).toBeInTheDocument();
    expect(form.getByLabelText('Expiry (MM/YY)')).toBeInTheDocument();
    expect(form.getByLabelText('CVC')).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('asks for the intent with the total it shows', async () => {
    const fake = payingCustomer();
    renderApp('/dashboard/appointment');
    await cardForm();
    expect(fake.state.requests.filter((request) => request === 'POST /api/create-payment-intent')).toHaveLength(1);
    expect(fake.state.payments).toEqual([expect.objectContaining({ amount: 4700, status: 'pending' })]);
  });

  it('checks the card in the browser before anything is sent', async () => {
    const fake = payingCustomer();
    const { user } = renderApp('/dashboard/appointment');
    const form = await cardForm();

    await user.click(form.getByRole('button', { name: 'Pay' }));
    expect(await form.findByText('Card number is required')).toBeInTheDocument();
    expect(form.getByText('Expiry is required')).toBeInTheDocument();
    expect(form.getByText('CVC is required')).toBeInTheDocument();
    expect(form.getByLabelText('Card number')).toHaveAccessibleDescription('Card number is required');

    await fillCard(user, { number: '4242 abcd', expiry: '1/2', cvc: '12' });
    await user.click(form.getByRole('button', { name: 'Pay' }));
    expect(await form.findByText('Enter a valid card number')).toBeInTheDocument();
    expect(form.getByText('Enter the expiry as MM/YY')).toBeInTheDocument();
    expect(form.getByText('Enter the 3 or 4 digits of the CVC')).toBeInTheDocument();

    await fillCard(user, { number: '4242 4242 4242 4242', expiry: '01/20' });
    await user.click(form.getByRole('button', { name: 'Pay' }));
    expect(await form.findByText('Your card has expired.')).toBeInTheDocument();
    expect(form.queryByText('Enter a valid card number')).not.toBeInTheDocument();

    expect(confirmCalls(fake)).toBe(0);
  });

  it('pays with the success card and shows the confirmation; the booking list is then empty', async () => {
    const fake = payingCustomer();
    const { user, router } = renderApp('/dashboard/appointment');

    const form = await fillCard(user, { number: '4242 4242 4242 4242' });
    await user.click(form.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    const payment = fake.state.payments[0];
    expect(router.state.location.pathname).toBe('/dashboard/appointment/done');
    expect(router.state.location.search).toBe(`?payment=${payment?._id}`);
    const receipt = within(screen.getByRole('region', { name: 'Receipt' }));
    expect(receipt.getByText('Amount paid').nextElementSibling).toHaveTextContent('৳4,700');
    expect(receipt.getByText(payment?.gatewayRef ?? 'missing')).toBeInTheDocument();
    expect(receipt.getByText('Sat, 2 Mar 2030, 10:00')).toBeInTheDocument();
    expect(fake.state.confirmBodies).toEqual([
      // The number goes without its spaces, as the shared schema normalises it.
      { clientSecret: `test_secret_${payment?._id}`, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    ]);
    // The navbar's count follows the emptied list.
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    await waitFor(() => expect(nav.getByRole('link', { name: /Booking/ })).toHaveTextContent('Booking(0)'));
  });

  it('offers Card, bKash and Nagad; bKash pays with the documented number and code, and the receipt says so', async () => {
    const fake = payingCustomer();
    const { user } = renderApp('/dashboard/appointment');
    await cardForm();
    const choice = within(screen.getByRole('group', { name: 'Pay with' }));
    expect(choice.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Card', 'bKash', 'Nagad']);
    expect(choice.getByRole('radio', { name: 'Card' })).toBeChecked();

    await user.click(choice.getByRole('radio', { name: 'bKash' }));
    expect(screen.queryByRole('form', { name: 'Card details' })).not.toBeInTheDocument();
    const notice = screen.getByText(/^Test mode — no real bKash account is charged\./);
    expect(notice).toHaveTextContent(/^Test mode — no real bKash account is charged\. Use 01700 000000 and the code 123456\./);
    expect(notice).toHaveTextContent('To try a refusal: 01700 000002 has too little balance, 01700 000009 never answers.');
    await user.type(screen.getByLabelText('bKash account number'), '01700 000000');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    const receipt = within(screen.getByRole('region', { name: 'Receipt' }));
    expect(receipt.getByText('Paid by').nextElementSibling).toHaveTextContent('bKash');
    expect(fake.state.payments[0]).toMatchObject({ status: 'succeeded', method: 'bkash' });
    expect(confirmCalls(fake)).toBe(0);
  });

  it('says the card was declined, keeps the list and the intent, and takes another card', async () => {
    const fake = payingCustomer();
    const { user } = renderApp('/dashboard/appointment');

    const form = await fillCard(user, { number: '4000 0000 0000 0002' });
    await user.click(form.getByRole('button', { name: 'Pay' }));

    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(servicesList().getByText('Classic Manicure')).toBeInTheDocument();
    expect(fake.state.cart).toHaveLength(2);
    expect(fake.state.bookings).toHaveLength(0);

    await fillCard(user, { number: '4000 0000 0000 9995' });
    await user.click(form.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent('Your card has insufficient funds.'));

    await fillCard(user, { number: '4242424242424242' });
    await user.click(form.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    // One intent, tried three times with the same secret.
    const secrets = fake.state.confirmBodies.map((body) => (body as { clientSecret: string }).clientSecret);
    expect(new Set(secrets).size).toBe(1);
    expect(fake.state.payments).toHaveLength(1);
  });

  it('puts a card the gateway refuses as invalid under its field', async () => {
    payingCustomer();
    const { user } = renderApp('/dashboard/appointment');
    const form = await fillCard(user, { number: '4111 1111 1111 1112' });
    await user.click(form.getByRole('button', { name: 'Pay' }));
    expect(await form.findByText('Your card number is invalid.')).toBeInTheDocument();
  });

  it('says the booking list changed when the server’s total differs, and shows the new one', async () => {
    const fake = payingCustomer();
    // The salon raises the manicure's price just as she opens the page: the list she was shown
    // is out of date by the time the intent is asked for. (No answer: the fake then handles it.)
    server.use(
      http.post(
        '/api/create-payment-intent',
        () => {
          const manicure = fake.state.cart.find((item) => item.title === 'Classic Manicure');
          // Paid in full online: what is due now rises with it.
          if (manicure) Object.assign(manicure, { price: 1500, payNow: 1500 });
        },
        { once: true },
      ),
    );
    renderApp('/dashboard/appointment');

    const alert = await screen.findByText('Your booking list changed');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(servicesList().getByTestId('appointment-total')).toHaveTextContent('৳5,000'));
    // A fresh intent for the new total, and the form to pay it.
    expect(await screen.findByRole('form', { name: 'Card details' })).toBeInTheDocument();
    expect(fake.state.payments).toEqual([expect.objectContaining({ amount: 5000 })]);
  });

  it('sends her back to the booking list when an item has no time, instead of the form', async () => {
    const fake = payingCustomer([heldItem(services[0]!, SAT_2_MAR_2030_10_00), heldItem(services[1]!, null)]);
    renderApp('/dashboard/appointment');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Pick a time for Signature Facial');
    expect(within(alert).getByRole('link', { name: 'Go to your booking list' })).toHaveAttribute('href', '/dashboard/bookinglist');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(fake.state.requests).not.toContain('POST /api/create-payment-intent');
  });

  it('says so when a hold has lapsed', async () => {
    payingCustomer([heldItem(services[0]!, SAT_2_MAR_2030_10_00, { holdExpiresAt: new Date(Date.now() - 1000).toISOString() })]);
    renderApp('/dashboard/appointment');
    expect(await screen.findByRole('alert')).toHaveTextContent('The hold on Classic Manicure expired. Pick a time again.');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('sends one payment for a double click on Pay', async () => {
    const fake = payingCustomer();
    const { user } = renderApp('/dashboard/appointment');
    const form = await fillCard(user, { number: '4242 4242 4242 4242' });

    await user.dblClick(form.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(confirmCalls(fake)).toBe(1);
  });

  it('sends one payment even when both clicks land before the page re-renders', async () => {
    const fake = payingCustomer();
    const { user } = renderApp('/dashboard/appointment');
    const form = await fillCard(user, { number: '4242 4242 4242 4242' });

    // Both clicks in one batch: React has no chance to disable the button in between.
    const pay = form.getByRole('button', { name: 'Pay' });
    act(() => {
      pay.click();
      pay.click();
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(confirmCalls(fake)).toBe(1);
  });

  it('shows an empty booking list with the way to book', async () => {
    payingCustomer([]);
    renderApp('/dashboard/appointment');
    expect(await screen.findByText('Your booking list is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a treatment' })).toHaveAttribute('href', '/dashboard/book');
  });
});

describe('/dashboard/appointment: the hold on her times', () => {
  /** PATCH /api/cart/:id as the server answers a renewal: the same time, held 10 more minutes; or 409 when taken. */
  function renewals(fake: ReturnType<typeof fakePayments>, { taken = false } = {}) {
    const sent: { id: string; startsAt: unknown }[] = [];
    server.use(
      http.patch<{ id: string }>('/api/cart/:id', async ({ params, request }) => {
        const { startsAt } = (await request.json()) as { startsAt: unknown };
        sent.push({ id: params.id, startsAt });
        if (taken) return apiErrorResponse(409, HOLD_TAKEN_MESSAGE);
        const item = fake.state.cart.find((entry) => entry._id === params.id)!;
        item.holdExpiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
        return HttpResponse.json(item);
      }),
    );
    return sent;
  }

  const endingIn = (ms: number) => [
    heldItem(services[0]!, SAT_2_MAR_2030_10_00, { holdExpiresAt: new Date(Date.now() + ms).toISOString() }),
  ];

  it('warns two minutes before the end, politely, without taking her out of the field; Keep my times renews it and keeps what she typed', async () => {
    const fake = payingCustomer(endingIn(100_000));
    const sent = renewals(fake);
    const { user } = renderApp('/dashboard/appointment');
    const form = await cardForm();
    await user.type(form.getByLabelText('Card number'), '4242');

    const timer = await screen.findByRole('timer');
    expect(timer.parentElement).toHaveTextContent(/^Your times are only held for another 1:\d{2}\.$/);
    const spoken = screen.getAllByRole('status').find((region) => region.textContent?.includes('Keep my times'));
    expect(spoken).toHaveTextContent('Your times are held for only about 2 more minutes. To keep them longer, choose Keep my times.');
    expect(spoken).toHaveAttribute('aria-live', 'polite');
    expect(form.getByLabelText('Card number')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Keep my times' }));
    const kept = await screen.findByText('Your times are held again for 10 minutes.');
    expect(sent).toEqual([{ id: fake.state.cart[0]!._id, startsAt: SAT_2_MAR_2030_10_00 }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Keep my times' })).not.toBeInTheDocument());
    // Its button is gone with the warning: focus goes to the news, not to <body>.
    await waitFor(() => expect(kept.closest('[role="status"]')).toHaveFocus());
    expect(form.getByLabelText('Card number')).toHaveValue('4242');
  });

  it('when the hold lapses the form stays with what she typed, set aside, and focus goes to Keep my times; keeping brings the form back', async () => {
    const fake = payingCustomer(endingIn(2500));
    renewals(fake);
    const { user } = renderApp('/dashboard/appointment');
    const form = await cardForm();
    await user.type(form.getByLabelText('Card number'), '4242 4242');

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Some times need your attention');
    expect(alert).toHaveTextContent('The hold on Classic Manicure expired. Pick a time again.');
    const keep = within(alert).getByRole('button', { name: 'Keep my times' });
    await waitFor(() => expect(keep).toHaveFocus());
    expect(form.getByLabelText('Card number')).toHaveValue('4242 4242');
    expect(form.getByLabelText('Card number').closest('[inert]')).not.toBeNull();

    await user.click(keep);
    expect(await screen.findByText('Your times are held again for 10 minutes.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(form.getByLabelText('Card number').closest('[inert]')).toBeNull();
    expect(form.getByLabelText('Card number')).toHaveValue('4242 4242');
  });

  it('Keep my times renews each time with the same choice of stylist: the one she named, or any', async () => {
    const soon = new Date(Date.now() + 100_000).toISOString();
    const fake = payingCustomer([
      heldItem(services[0]!, SAT_2_MAR_2030_10_00, { holdExpiresAt: soon, staffId: mim._id, staffName: mim.name, anyStylist: false }),
      heldItem(services[1]!, SAT_2_MAR_2030_11_00, { holdExpiresAt: soon, staffId: rumana._id, staffName: rumana.name, anyStylist: true }),
    ]);
    const bodies: unknown[] = [];
    server.use(
      http.patch<{ id: string }>('/api/cart/:id', async ({ params, request }) => {
        bodies.push(await request.json());
        const item = fake.state.cart.find((entry) => entry._id === params.id)!;
        item.holdExpiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
        return HttpResponse.json(item);
      }),
    );
    const { user } = renderApp('/dashboard/appointment');
    await cardForm();

    await user.click(await screen.findByRole('button', { name: 'Keep my times' }));
    expect(await screen.findByText('Your times are held again for 10 minutes.')).toBeInTheDocument();
    // Without the stylist a renewal would turn her named stylist into 'any'.
    expect(bodies).toEqual([
      { startsAt: SAT_2_MAR_2030_10_00, staffId: mim._id },
      { startsAt: SAT_2_MAR_2030_11_00, staffId: null },
    ]);
  });

  it('says so when a time was taken meanwhile, and keeps her place', async () => {
    const fake = payingCustomer(endingIn(100_000));
    renewals(fake, { taken: true });
    const { user } = renderApp('/dashboard/appointment');
    await cardForm();
    const keep = await screen.findByRole('button', { name: 'Keep my times' });
    await user.click(keep);
    expect(await screen.findByRole('alert')).toHaveTextContent('That time is no longer available. Pick another time in your booking list.');
    expect(keep).toHaveFocus();
    expect(screen.queryByText(/held again/)).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customerUser } from '@/test/fixtures';
import { fakePayments, heldBookingList } from '@/test/payment-handlers';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { createPaymentIntent } from '../api/create-payment-intent';
import { TestWalletForm } from './test-wallet-form';

/** Her unpaid checkout of the held list (৳4,700), made through the fake server as the page makes it. */
async function checkout() {
  const fake = fakePayments({ session: { user: customerUser }, cart: heldBookingList() });
  server.use(...fake.handlers);
  const { clientSecret } = await createPaymentIntent(4700);
  return { fake, clientSecret };
}

function renderForm(clientSecret: string, wallet: 'bkash' | 'nagad' = 'bkash') {
  const onPaid = vi.fn();
  const onListChanged = vi.fn();
  const view = renderWithProviders(
    <TestWalletForm wallet={wallet} clientSecret={clientSecret} amount={4700} currency="bdt" onPaid={onPaid} onListChanged={onListChanged} />,
  );
  return { ...view, onPaid, onListChanged };
}

const walletCalls = (fake: ReturnType<typeof fakePayments>) => fake.state.requests.filter((r) => r.startsWith('POST /api/payments/test/wallet'));

describe('TestWalletForm', () => {
  it('checks the number in the browser: required, 11 digits, an operator prefix; nothing is sent until it is right', async () => {
    const { fake, clientSecret } = await checkout();
    const { user } = renderForm(clientSecret);
    const form = within(screen.getByRole('form', { name: 'bKash payment' }));
    const field = form.getByLabelText('bKash account number');
    expect(field).toHaveAttribute('type', 'tel');

    await user.click(form.getByRole('button', { name: 'Send code' }));
    expect(await form.findByText('Wallet number is required')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('Wallet number is required');

    await user.type(field, '01712 3456');
    await user.click(form.getByRole('button', { name: 'Send code' }));
    expect(await form.findByText('A wallet number has 11 digits, like 01712 345678')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '012-1234-5678');
    await user.click(form.getByRole('button', { name: 'Send code' }));
    expect(await form.findByText('A wallet number starts with 013 to 019')).toBeInTheDocument();
    expect(walletCalls(fake)).toEqual([]);
  });

  it('takes +880 and spaces, sends the code to the 11 digits, then asks for the code with the test code in view', async () => {
    const { fake, clientSecret } = await checkout();
    const { user } = renderForm(clientSecret);
    await user.type(screen.getByLabelText('bKash account number'), '+880 1711-234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const code = await screen.findByLabelText('Verification code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.getByText(/bKash sent a 6-digit code to/)).toHaveTextContent(
      'bKash sent a 6-digit code to 01711 234567. Test mode: no text message is sent; the code is 123456.',
    );
    expect(fake.state.walletAttempts).toEqual([expect.objectContaining({ wallet: 'bkash', number: '01711234567' })]);

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Code is required')).toBeInTheDocument();
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('The code has 6 digits')).toBeInTheDocument();
    expect(walletCalls(fake)).toEqual(['POST /api/payments/test/wallet']);
  });

  it('a wrong code shows the tries left under the field; the third sends her back to her number to start again', async () => {
    const { fake, clientSecret } = await checkout();
    const { user, onPaid } = renderForm(clientSecret, 'nagad');
    await user.type(screen.getByLabelText('Nagad account number'), '01811234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Verification code');

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('That code is not right. 2 tries left.')).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription('That code is not right. 2 tries left.');
    await user.clear(code);
    await user.type(code, '222222');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('That code is not right. 1 try left.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '333333');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Three wrong codes: this payment attempt has ended. Start again to get a new code.');
    // Back at her number, which she keeps; a new code is a new attempt.
    expect(screen.getByLabelText('Nagad account number')).toHaveValue('01811234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(fake.state.payments[0]?._id));
    expect(fake.state.payments[0]).toMatchObject({ status: 'succeeded', method: 'nagad' });
  });

  it("the declined number: the wallet's words, nothing charged, and she is back at her number", async () => {
    const { fake, clientSecret } = await checkout();
    const { user, onPaid } = renderForm(clientSecret);
    await user.type(screen.getByLabelText('bKash account number'), '01700 000002');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Insufficient balance in your bKash account.');
    expect(alert).toHaveTextContent('Nothing was charged and your times are still held.');
    // The button she pressed is gone with the code step: focus is on the alert that says why.
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByLabelText('bKash account number')).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
    expect(fake.state.bookings).toEqual([]);
  });

  it('"Change number" goes back to the number without paying', async () => {
    const { clientSecret } = await checkout();
    const { user } = renderForm(clientSecret);
    await user.type(screen.getByLabelText('bKash account number'), '01711234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Verification code');
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(screen.getByLabelText('bKash account number')).toHaveValue('01711234567');
    await waitFor(() => expect(screen.getByLabelText('bKash account number')).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

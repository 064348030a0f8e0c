import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartItemFor, fakeCart } from '@/test/cart-handlers';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { customerUser, services } from '@/test/fixtures';
import { accountSession, servicesHandler } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

function bookServer(withFacial: boolean) {
  const session = accountSession(customerUser);
  const cart = fakeCart({ session, items: withFacial ? [cartItemFor(services[1]!, customerUser)] : [] });
  server.use(...session.handlers, ...cart.handlers, servicesHandler());
  return cart;
}

async function region(name: string) {
  return within(await screen.findByRole('region', { name }));
}

describe('/dashboard/book', () => {
  it('shows the catalogue and the booking list on one page', async () => {
    bookServer(true);
    renderApp('/dashboard/book');

    expect(await screen.findByRole('heading', { level: 1, name: 'Book' })).toBeInTheDocument();
    expect(document.title).toBe('Book | Parlour');
    expect(await (await region('Our services')).findAllByRole('article')).toHaveLength(3);
    const list = await region('Your booking list');
    expect(await list.findByRole('table', { name: 'Your booking list' })).toBeInTheDocument();
    expect(list.getByRole('button', { name: 'Pick a time for Signature Facial' })).toBeInTheDocument();
    expect(list.getByRole('link', { name: 'Get Appointment' })).toHaveAttribute('href', '/dashboard/appointment');
  });

  it('adds a service from the catalogue straight into the list below, where its time can be picked', async () => {
    const cart = bookServer(false);
    const { user } = renderApp('/dashboard/book');

    expect(await (await region('Your booking list')).findByText('Your booking list is empty')).toBeInTheDocument();
    expect((await region('Your booking list')).getByText('Choose a service above to start.')).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Keratin Treatment' });
    await user.click(within(card).getByRole('button', { name: 'Add to Booking list' }));

    expect(await screen.findByText('Add to cart success')).toBeInTheDocument();
    const list = await region('Your booking list');
    expect(await list.findByRole('button', { name: 'Pick a time for Keratin Treatment' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Booking(1)' })).toBeInTheDocument();
    expect(cart.items.map((item) => item.title)).toEqual(['Keratin Treatment']);

    await user.click(list.getByRole('button', { name: 'Pick a time for Keratin Treatment' }));
    expect(await list.findByRole('region', { name: 'Choose a time for Keratin Treatment' })).toBeInTheDocument();
  });

  it("says on a card what is paid online when it is less than the price: by the salon's policy, or the service's own", async () => {
    const session = accountSession(customerUser);
    const settings = { ...DEFAULT_SALON_SETTINGS, paymentPolicy: { mode: 'deposit-percent', percent: 50 } } as const;
    const own = services.map((s, index) => (index === 2 ? { ...s, paymentPolicy: { mode: 'at-salon' } as const } : s));
    server.use(...session.handlers, ...fakeCart({ session, settings }).handlers, servicesHandler(own));
    renderApp('/dashboard/book');
    const cards = await (await region('Our services')).findAllByRole('article');
    const first = services[0]!;
    expect(cards[0]).toHaveTextContent(`Deposit ৳${(first.price / 2).toLocaleString('en-US')} online`);
    expect(cards[2]).toHaveTextContent('Pay at the salon');
    expect(cards[2]).not.toHaveTextContent('Deposit');
  });
});

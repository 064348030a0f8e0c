import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInInputSchema } from '@shared/user';
import { fakeCart } from '@/test/cart-handlers';
import { customerUser, services, sessionFor } from '@/test/fixtures';
import { accountSession, apiErrorResponse, authProvidersHandler, reviewsHandler, servicesHandler } from '@/test/handlers';
import { inBangla } from '@/test/bangla';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const PASSWORD = 'Customer123';

/** The home page's fake server: a session that log-in really changes, the catalogue and the cart. */
function homeServer(signedIn: boolean) {
  const session = accountSession(signedIn ? customerUser : null);
  const cart = fakeCart({ session });
  server.use(
    ...session.handlers,
    ...cart.handlers,
    servicesHandler(),
    reviewsHandler(),
    authProvidersHandler(),
    http.post('/api/auth/sign-in/email', async ({ request }) => {
      const body = signInInputSchema.parse(await request.json());
      if (body.email !== customerUser.email || body.password !== PASSWORD) return apiErrorResponse(401, 'Wrong e-mail or password.');
      session.user = customerUser;
      return HttpResponse.json({ redirect: false, token: 'token', user: { id: customerUser._id } });
    }),
  );
  return { session, cart };
}

function navbar() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

async function addFromCard(user: ReturnType<typeof renderApp>['user'], title: string) {
  const card = await screen.findByRole('article', { name: title });
  await user.click(within(card).getByRole('button', { name: 'Add to Booking list' }));
}

describe("'Add to Booking list'", () => {
  it('invites a visitor to log in, carries the page along, and brings her back after log-in', async () => {
    const { cart } = homeServer(false);
    const { user, router } = renderApp('/');

    await addFromCard(user, 'Signature Facial');
    const dialog = await screen.findByRole('dialog', { name: 'You are not logged in' });
    expect(within(dialog).getByText('please login to add to the cart!')).toBeInTheDocument();
    // SweetAlert2 shows the icon a moment after the dialog itself (its entry animation).
    await waitFor(() => expect(dialog.querySelector('.swal2-icon.swal2-warning')).toBeVisible());
    await user.click(within(dialog).getByRole('button', { name: 'Yes,Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/' } });
    // Nothing was posted for a visitor, and her (non-existent) list was never asked for.
    expect(cart.writes).toEqual([]);
    expect(cart.requests).not.toContain('GET /api/cart');

    await user.type(screen.getByLabelText('Email'), customerUser.email);
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'SignIn' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await navbar().findByRole('button', { name: 'LogOut' })).toBeInTheDocument();
    expect(await navbar().findByRole('link', { name: 'Booking(0)' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Send Message' });
  });

  it('posts the service for a signed-in customer, says so, and counts it in the navbar at once', async () => {
    const { cart } = homeServer(true);
    const { user } = renderApp('/');
    expect(await navbar().findByRole('link', { name: 'Booking(0)' })).toBeInTheDocument();

    await addFromCard(user, 'Classic Manicure');
    expect(await screen.findByText('Add to cart success')).toBeInTheDocument();
    expect(await navbar().findByRole('link', { name: 'Booking(1)' })).toHaveAttribute('href', '/dashboard/bookinglist');

    await addFromCard(user, 'Keratin Treatment');
    expect(await navbar().findByRole('link', { name: 'Booking(2)' })).toBeInTheDocument();

    // The original client's body (spec section 7).
    const [manicure, , keratin] = services;
    expect(cart.writes).toEqual([
      {
        method: 'POST',
        path: '/api/cart',
        body: { cartItemId: manicure!._id, email: customerUser.email, title: 'Classic Manicure', price: 1200, image_url: manicure!.image_url },
      },
      {
        method: 'POST',
        path: '/api/cart',
        body: { cartItemId: keratin!._id, email: customerUser.email, title: 'Keratin Treatment', price: 8999.5, image_url: keratin!.image_url },
      },
    ]);
    expect(cart.items.map((item) => item.title)).toEqual(['Classic Manicure', 'Keratin Treatment']);
    // No dialog stood in the way: the toast has no confirm button.
    expect(screen.queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
    await screen.findByRole('button', { name: 'Send Message' });
  });

  it('waits for the session of a customer who taps before it has arrived: her service is added, she is not asked to log in', async () => {
    const { cart, session } = homeServer(true);
    // Her session is held back until she has tapped (a tap made before the app had started is
    // played again the moment it has, before the session has come back: boot.ts).
    let answerSession = () => {};
    const sessionHeld = new Promise<void>((resolve) => (answerSession = resolve));
    server.use(
      http.get('/api/auth/get-session', async () => {
        await sessionHeld;
        return HttpResponse.json(session.user ? sessionFor(session.user) : null);
      }),
    );
    const { user } = renderApp('/');

    await addFromCard(user, 'Classic Manicure');
    answerSession();

    expect(await screen.findByText('Add to cart success')).toBeInTheDocument();
    expect(await navbar().findByRole('link', { name: 'Booking(1)' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'You are not logged in' })).not.toBeInTheDocument();
    expect(cart.writes.map((write) => write.body)).toEqual([expect.objectContaining({ cartItemId: services[0]!._id, email: customerUser.email })]);
    await screen.findByRole('button', { name: 'Send Message' });
  });

  it("counts a service she adds while the page's first read of her list is still on its way", async () => {
    const { cart } = homeServer(true);
    // The page's first read of her list is answered with the list as it was when the read arrived
    // (empty), but only once her service has been added: the read was overtaken by her tap.
    let answerFirstRead = () => {};
    const firstReadHeld = new Promise<void>((resolve) => (answerFirstRead = resolve));
    let reads = 0;
    server.use(
      http.get('/api/cart', async () => {
        reads += 1;
        if (reads > 1) return undefined; // later reads: the fake cart's own handler
        const asItWas = [...cart.items];
        await firstReadHeld;
        return HttpResponse.json(asItWas);
      }),
    );
    const { user } = renderApp('/');
    await waitFor(() => expect(reads).toBe(1));

    await addFromCard(user, 'Classic Manicure');
    expect(await screen.findByText('Add to cart success')).toBeInTheDocument();
    answerFirstRead();

    expect(await navbar().findByRole('link', { name: 'Booking(1)' })).toBeInTheDocument();
    expect(cart.items.map((item) => item.title)).toEqual(['Classic Manicure']);
    await screen.findByRole('button', { name: 'Send Message' });
  });

  it("shows the server's refusal and leaves the count as it was", async () => {
    homeServer(true);
    server.use(
      http.post('/api/cart', () => apiErrorResponse(409, 'Your booking list is full (20 services). Book or remove some first.')),
    );
    const { user } = renderApp('/');
    expect(await navbar().findByRole('link', { name: 'Booking(0)' })).toBeInTheDocument();

    await addFromCard(user, 'Classic Manicure');

    const refusal = await screen.findByRole('dialog', { name: 'Not added to your booking list' });
    expect(within(refusal).getByText('Your booking list is full (20 services). Book or remove some first.')).toBeInTheDocument();
    expect(screen.queryByText('Add to cart success')).not.toBeInTheDocument();
    expect(navbar().getByRole('link', { name: 'Booking(0)' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Send Message' });
  });
});

describe("'Add to Booking list' on a Bangla page", () => {
  inBangla();

  it('invites a visitor to log in in Bangla', async () => {
    homeServer(false);
    const { user } = renderApp('/');
    const card = await screen.findByRole('article', { name: 'Signature Facial' });
    await user.click(within(card).getByRole('button', { name: 'বুকিং তালিকায় যোগ করুন' }));

    const dialog = await screen.findByRole('dialog', { name: 'আপনি লগইন করেননি' });
    expect(within(dialog).getByText('বুকিং তালিকায় যোগ করতে অনুগ্রহ করে লগইন করুন!')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'হ্যাঁ, লগইন করুন' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'বাতিল' }));
    await screen.findByRole('button', { name: 'বার্তা পাঠান' });
  });

  it("says in Bangla that the service is on a signed-in customer's list", async () => {
    homeServer(true);
    const { user } = renderApp('/');
    const card = await screen.findByRole('article', { name: 'Classic Manicure' });
    await user.click(within(card).getByRole('button', { name: 'বুকিং তালিকায় যোগ করুন' }));
    expect(await screen.findByText('বুকিং তালিকায় যোগ হয়েছে')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'বার্তা পাঠান' });
  });
});

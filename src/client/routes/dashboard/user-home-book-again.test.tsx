import { http } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerUser, services } from '@/test/fixtures';
import { accountSession, apiErrorResponse } from '@/test/handlers';
import { inBangla, latinWords } from '@/test/bangla';
import { fakeCart, type FakeStylist } from '@/test/cart-handlers';
import { bookingRecord, fakePayments, SAT_9_MAR_2030_10_30 } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const [manicure, facial] = services as [(typeof services)[number], (typeof services)[number]];
const RINA = 'd0000000-0000-4000-8000-000000000001';
const rina: FakeStylist = { _id: RINA, name: 'Rina Akter', photo_url: null, bio: '', serviceIds: [manicure._id] };

/** Two completed visits (a manicure with Rina, a facial before the salon had stylists), one to come, one cancelled. */
function customerWithPastVisits({
  staff = [rina],
  catalogue = services,
  manicureInBangla = null,
}: { staff?: FakeStylist[]; catalogue?: typeof services; manicureInBangla?: string | null } = {}) {
  const payments = fakePayments({
    session: { user: customerUser },
    bookings: [
      bookingRecord(1, { startsAt: SAT_9_MAR_2030_10_30 }),
      bookingRecord(2, {
        serviceId: manicure._id,
        title: manicure.title,
        title_bn: manicureInBangla,
        startsAt: '2024-06-01T05:00:00.000Z',
        endsAt: '2024-06-01T05:45:00.000Z',
        status: 'completed',
        staffId: RINA,
        staffName: 'Rina Akter',
      }),
      bookingRecord(3, { serviceId: facial._id, title: facial.title, startsAt: '2024-05-01T05:00:00.000Z', endsAt: '2024-05-01T06:00:00.000Z', status: 'completed' }),
      bookingRecord(4, { title: 'Gel Nail Extensions', startsAt: '2024-04-01T05:00:00.000Z', endsAt: '2024-04-01T06:00:00.000Z', status: 'cancelled' }),
    ],
  });
  const cart = fakeCart({ session: { user: customerUser }, staff, services: catalogue });
  // The booking list's fake answers the list calls (the first handler that matches answers); the payments' fake the bookings.
  server.use(...accountSession(customerUser).handlers, ...cart.handlers, ...payments.handlers);
  return { payments, cart };
}

const BOOK_MANICURE_AGAIN = 'Book again: Classic Manicure on Sat, 1 Jun 2024, 11:00, with Rina Akter';

async function pastVisits() {
  return within(await screen.findByRole('list', { name: 'Your past visits' }));
}

describe("/dashboard/userhome: past visits and 'Book again'", () => {
  it('lists her completed visits, latest first, with the stylist she had', async () => {
    const { payments } = customerWithPastVisits();
    renderApp('/dashboard/userhome');

    const list = await pastVisits();
    expect(list.getAllByRole('listitem').map((item) => within(item).getByText(/Manicure|Facial/).textContent)).toEqual([
      'Classic Manicure',
      'Signature Facial',
    ]);
    expect(list.getByText('with Rina Akter')).toBeInTheDocument();
    expect(list.getByRole('button', { name: BOOK_MANICURE_AGAIN })).toBeInTheDocument();
    expect(list.getByRole('button', { name: 'Book again: Signature Facial on Wed, 1 May 2024, 11:00' })).toBeInTheDocument();
    expect(payments.state.requests).toContain('GET /api/bookings?when=past&status=completed');
  });

  it('puts the service with the same stylist on her list, says so with a link there, and the link opens it', async () => {
    const { cart } = customerWithPastVisits();
    const { user } = renderApp('/dashboard/userhome');

    await user.click((await pastVisits()).getByRole('button', { name: BOOK_MANICURE_AGAIN }));

    const toast = await screen.findByText('Classic Manicure with Rina Akter is on your booking list');
    const link = within(toast.closest('.swal2-popup') as HTMLElement).getByRole('link', { name: 'Open your booking list' });
    expect(link).toHaveAttribute('href', '/dashboard/bookinglist');
    await waitFor(() => expect(link).toHaveFocus());
    expect(cart.writes).toEqual([{ method: 'POST', path: '/api/cart', body: { cartItemId: manicure._id, staffId: RINA } }]);
    expect(cart.items).toEqual([expect.objectContaining({ cartItemId: manicure._id, staffId: RINA, staffName: 'Rina Akter', anyStylist: false })]);

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking List' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Your booking list' });
    expect(within(table).getByText('Classic Manicure', { selector: 'p' })).toBeInTheDocument();
  });

  it('asks for no stylist when the visit had none', async () => {
    const { cart } = customerWithPastVisits();
    const { user } = renderApp('/dashboard/userhome');

    await user.click((await pastVisits()).getByRole('button', { name: 'Book again: Signature Facial on Wed, 1 May 2024, 11:00' }));

    expect(await screen.findByText('Signature Facial is on your booking list')).toBeInTheDocument();
    expect(cart.writes).toEqual([{ method: 'POST', path: '/api/cart', body: { cartItemId: facial._id } }]);
    expect(cart.items).toEqual([expect.objectContaining({ cartItemId: facial._id, staffId: null, anyStylist: true })]);
  });

  it('says when her stylist has left and, if she wants, adds the service for any stylist instead', async () => {
    const { cart } = customerWithPastVisits({ staff: [{ ...rina, retired: true }] });
    const { user } = renderApp('/dashboard/userhome');

    await user.click((await pastVisits()).getByRole('button', { name: BOOK_MANICURE_AGAIN }));

    const dialog = await screen.findByRole('dialog', { name: 'Rina Akter is not available' });
    expect(within(dialog).getByText('That stylist no longer works here. Add Classic Manicure with any stylist instead?')).toBeInTheDocument();
    expect(cart.items).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Add with any stylist' }));

    expect(await screen.findByText('Classic Manicure is on your booking list')).toBeInTheDocument();
    expect(cart.writes.map((write) => write.body)).toEqual([{ cartItemId: manicure._id, staffId: RINA }, { cartItemId: manicure._id }]);
    expect(cart.items).toEqual([expect.objectContaining({ cartItemId: manicure._id, staffId: null, anyStylist: true })]);
  });

  it("adds nothing when she declines another stylist, nor when the stylist no longer does the service and she says 'Not now'", async () => {
    const { cart } = customerWithPastVisits({ staff: [{ ...rina, serviceIds: [facial._id] }] });
    const { user } = renderApp('/dashboard/userhome');

    const button = (await pastVisits()).getByRole('button', { name: BOOK_MANICURE_AGAIN });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Rina Akter is not available' });
    expect(within(dialog).getByText('That stylist does not do this service. Add Classic Manicure with any stylist instead?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cart.writes).toHaveLength(1);
    expect(cart.items).toEqual([]);
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('says clearly when the service is no longer on the menu, adds nothing, and gives focus back to the button', async () => {
    const { cart } = customerWithPastVisits({ catalogue: services.filter((service) => service._id !== manicure._id) });
    const { user } = renderApp('/dashboard/userhome');

    const button = (await pastVisits()).getByRole('button', { name: BOOK_MANICURE_AGAIN });
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Not added to your booking list' });
    expect(within(dialog).getByText('Classic Manicure is no longer on our menu.')).toBeInTheDocument();
    expect(cart.items).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(button).toHaveFocus());
    // The page is still there, the other visit still bookable.
    expect((await pastVisits()).getByRole('button', { name: /^Book again: Signature Facial/ })).toBeEnabled();
  });

  it('says so when she has no past visits', async () => {
    const payments = fakePayments({ session: { user: customerUser } });
    server.use(...accountSession(customerUser).handlers, ...payments.handlers);
    renderApp('/dashboard/userhome');
    expect(await screen.findByText(/^No past visits yet\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book again/ })).not.toBeInTheDocument();
  });
});

describe("'Book again' on a Bangla page", () => {
  inBangla();
  // As main.tsx does for a /bn/ page: the API client asks the server for answers in the page's language.
  beforeEach(() => {
    document.documentElement.lang = 'bn';
  });
  afterEach(() => {
    document.documentElement.lang = '';
  });

  const MANICURE_BN = 'ক্লাসিক ম্যানিকিওর';
  const bookManicureAgain = async () =>
    within(await screen.findByRole('list', { name: 'আপনার আগের অ্যাপয়েন্টমেন্ট' })).getByRole('button', {
      name: /^আবার বুক করুন: .*-এর (ক্লাসিক ম্যানিকিওর|Classic Manicure), Rina Akter-এর কাছে$/,
    });

  it('says in Bangla, with the Bangla title the salon wrote, that the visit is on her list', async () => {
    const { cart } = customerWithPastVisits({ manicureInBangla: MANICURE_BN });
    const { user } = renderApp('/dashboard/userhome');

    await user.click(await bookManicureAgain());

    const toast = await screen.findByText(`Rina Akter-এর কাছে ${MANICURE_BN} আপনার বুকিং তালিকায় যোগ হয়েছে`);
    expect(within(toast.closest('.swal2-popup') as HTMLElement).getByRole('link', { name: 'আপনার বুকিং তালিকা খুলুন' })).toHaveAttribute(
      'href',
      '/dashboard/bookinglist',
    );
    expect(cart.items).toEqual([expect.objectContaining({ cartItemId: manicure._id, staffId: RINA })]);
  });

  it("asks in Bangla, with the server's Bangla reason, whether to take any stylist when hers has left", async () => {
    const { cart } = customerWithPastVisits({ staff: [{ ...rina, retired: true }], manicureInBangla: MANICURE_BN });
    // The server answers in the request's language (its own suites check the Bangla messages); here the
    // fake answers in Bangla only when the page asked for it.
    server.use(
      http.post('/api/cart', ({ request }) => {
        if (request.headers.get('accept-language') !== 'bn') return undefined;
        return apiErrorResponse(400, 'এই স্টাইলিস্ট এখন আর এখানে কাজ করেন না।', [{ path: 'staffId', message: 'এই স্টাইলিস্ট এখন আর এখানে কাজ করেন না' }]);
      }, { once: true }),
    );
    const { user } = renderApp('/dashboard/userhome');

    await user.click(await bookManicureAgain());

    const dialog = await screen.findByRole('dialog', { name: 'Rina Akter-কে এখন পাওয়া যাবে না' });
    expect(
      within(dialog).getByText(`এই স্টাইলিস্ট এখন আর এখানে কাজ করেন না। এর বদলে যেকোনো স্টাইলিস্টের সাথে ${MANICURE_BN} যোগ করবেন?`),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'এখন নয়' })).toBeInTheDocument();
    // Nothing in the dialog a reader sees or hears is left in English (its hidden close button's name too).
    expect(latinWords(dialog, [rina.name])).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'যেকোনো স্টাইলিস্টের সাথে যোগ করুন' }));

    expect(await screen.findByText(`${MANICURE_BN} আপনার বুকিং তালিকায় যোগ হয়েছে`)).toBeInTheDocument();
    expect(cart.items).toEqual([expect.objectContaining({ cartItemId: manicure._id, staffId: null, anyStylist: true })]);
  });

  it('says in Bangla when the service is off the menu, with the English title when the salon wrote no Bangla one', async () => {
    customerWithPastVisits({ catalogue: services.filter((service) => service._id !== manicure._id) });
    const { user } = renderApp('/dashboard/userhome');

    await user.click(await bookManicureAgain());

    const dialog = await screen.findByRole('dialog', { name: 'আপনার বুকিং তালিকায় যোগ করা হয়নি' });
    expect(within(dialog).getByText('Classic Manicure এখন আর আমাদের সেবার তালিকায় নেই।')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'ঠিক আছে' })).toBeInTheDocument();
    expect(latinWords(dialog, [manicure.title])).toEqual([]);
  });
});

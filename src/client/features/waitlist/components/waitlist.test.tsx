import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import type { Availability } from '@shared/cart';
import type { JoinWaitlistInput, MyWishes, Wish } from '@shared/waitlist';
import { cartItemFor, fakeCart } from '@/test/cart-handlers';
import { customerUser, services } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const manicure = services[0]!;
/** Saturday 5 December 2026, 19:00 in Dhaka: the picker opens on Sunday the 6th. */
const NOW = new Date('2026-12-05T13:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('joining the waitlist from the time picker', () => {
  it('offers it on a full open day, checks the range, and says she is on the list', async () => {
    const session = accountSession(customerUser);
    const cart = fakeCart({ session, items: [cartItemFor(manicure, customerUser)], settings: DEFAULT_SALON_SETTINGS });
    const joined: JoinWaitlistInput[] = [];
    server.use(...session.handlers, ...cart.handlers);
    server.use(
      // Every time of every day is taken.
      http.get<PathParams, DefaultBodyType, Availability>('/api/availability', () => HttpResponse.json({ timeZone: DEFAULT_SALON_SETTINGS.timeZone, slots: [] })),
      http.post<PathParams, JoinWaitlistInput>('/api/waitlist', async ({ request }) => {
        joined.push(await request.json());
        return HttpResponse.json({ insertedId: '00000000-0000-4000-8000-000000000001' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/dashboard/bookinglist');
    await user.click(await screen.findByRole('button', { name: 'Pick a time for Classic Manicure' }));
    const picker = within(await screen.findByRole('region', { name: 'Choose a time for Classic Manicure' }));
    expect(await picker.findByText('No free times that day')).toBeInTheDocument();
    const form = within(picker.getByRole('form', { name: 'Wait for a time on Sun, 6 Dec 2026' }));

    await user.type(form.getByLabelText(/From/), '15:00');
    await user.type(form.getByLabelText(/Done by/), '14:00');
    await user.click(form.getByRole('button', { name: 'Join the waitlist' }));
    expect(await form.findByText('To must be after From')).toBeInTheDocument();
    expect(joined).toEqual([]);

    await user.clear(form.getByLabelText(/Done by/));
    await user.type(form.getByLabelText(/Done by/), '18:00');
    await user.click(form.getByRole('button', { name: 'Join the waitlist' }));
    expect(await picker.findByText('You are on the waitlist for Sun, 6 Dec 2026.')).toBeInTheDocument();
    expect(joined).toEqual([{ serviceId: manicure._id, date: '2026-12-06', staffId: null, from: '15:00', to: '18:00' }]);
  });
});

describe('her waitlist on the user home', () => {
  const wish: Wish = {
    _id: '00000000-0000-4000-8000-0000000000a1',
    serviceId: manicure._id,
    serviceTitle: 'Classic Manicure',
    serviceTitle_bn: null,
    date: '2026-12-06',
    staffId: null,
    staffName: null,
    from: null,
    to: null,
    status: 'waiting',
    place: 2,
    offerStartsAt: null,
    offerExpiresAt: null,
    createdAt: NOW.toISOString(),
  };

  it('shows her place in line and lets her leave', async () => {
    const session = accountSession(customerUser);
    let wishes: Wish[] = [wish];
    const left: string[] = [];
    server.use(
      ...session.handlers,
      http.get<PathParams, DefaultBodyType, MyWishes>('/api/waitlist/mine', () => HttpResponse.json({ timeZone: DEFAULT_SALON_SETTINGS.timeZone, wishes })),
      http.delete('/api/waitlist/:id', ({ params }) => {
        left.push(String(params.id));
        wishes = [{ ...wish, status: 'left', place: null }];
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    const { user } = renderApp('/dashboard/userhome');
    const section = within(await screen.findByRole('region', { name: 'Your waitlist' }));
    expect(await section.findByText('2nd in line')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Leave the waitlist for Classic Manicure on Sun, 6 Dec 2026' }));
    expect(await section.findByText('Left the waitlist')).toBeInTheDocument();
    expect(left).toEqual([wish._id]);
    expect(section.queryByRole('button', { name: /Leave/ })).not.toBeInTheDocument();
  });
});

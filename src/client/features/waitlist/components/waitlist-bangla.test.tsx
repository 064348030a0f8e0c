import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import type { Availability } from '@shared/cart';
import type { MyWishes, Wish } from '@shared/waitlist';
import { cartItemFor, fakeCart } from '@/test/cart-handlers';
import { customerUser, services } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { inBangla } from '@/test/bangla';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/**
 * The waitlist names the service in the salon's Bangla where it wrote one (docs/decisions/050):
 * the 'wait for a time' form under a full day, and her waitlist on her home; an English-only title
 * is marked English.
 */

const [manicure, facial] = services as [(typeof services)[number], (typeof services)[number]];
const FACIAL_BN = 'সিগনেচার ফেসিয়াল';
/** Saturday 5 December 2026, 19:00 in Dhaka: the picker opens on Sunday the 6th. */
const NOW = new Date('2026-12-05T13:00:00Z');

inBangla();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('the waitlist in Bangla', () => {
  async function waitFormFor(service: (typeof services)[number]) {
    const session = accountSession(customerUser);
    const cart = fakeCart({ session, items: [cartItemFor(service, customerUser)], settings: DEFAULT_SALON_SETTINGS });
    server.use(...session.handlers, ...cart.handlers);
    // Every time of every day is taken.
    server.use(http.get<PathParams, DefaultBodyType, Availability>('/api/availability', () => HttpResponse.json({ timeZone: DEFAULT_SALON_SETTINGS.timeZone, slots: [] })));
    const { user } = renderApp('/dashboard/bookinglist');
    await user.click(await screen.findByRole('button', { name: /সময় বাছুন$/ }));
    return within(await screen.findByRole('form', { name: /সময়ের জন্য অপেক্ষা করুন$/ }));
  }

  it("the form under a full day names the service in the salon's Bangla", async () => {
    const form = await waitFormFor({ ...facial, title_bn: FACIAL_BN });
    // Bangla in a Bangla line: nothing marks it another language.
    expect(form.getByText(new RegExp(FACIAL_BN)).closest('[lang="en"]')).toBeNull();
    expect(form.queryByText(new RegExp(facial.title))).not.toBeInTheDocument();
  });

  it('the form names a service with no Bangla title in English, marked English', async () => {
    const form = await waitFormFor(manicure);
    expect(form.getByText(manicure.title)).toHaveAttribute('lang', 'en');
  });

  it('her waitlist on her home names each service in Bangla where the salon wrote it', async () => {
    const wish = (n: number, service: (typeof services)[number], title_bn: string | null): Wish => ({
      _id: `00000000-0000-4000-8000-0000000000a${n}`,
      serviceId: service._id,
      serviceTitle: service.title,
      serviceTitle_bn: title_bn,
      date: '2026-12-06',
      staffId: null,
      staffName: null,
      from: null,
      to: null,
      status: 'waiting',
      place: n,
      offerStartsAt: null,
      offerExpiresAt: null,
      createdAt: NOW.toISOString(),
    });
    const session = accountSession(customerUser);
    server.use(
      ...session.handlers,
      http.get<PathParams, DefaultBodyType, MyWishes>('/api/waitlist/mine', () =>
        HttpResponse.json({ timeZone: DEFAULT_SALON_SETTINGS.timeZone, wishes: [wish(1, facial, FACIAL_BN), wish(2, manicure, null)] }),
      ),
    );
    renderApp('/dashboard/userhome');
    const section = within(await screen.findByRole('region', { name: 'আপনার অপেক্ষা-তালিকা' }));
    expect((await section.findByText(new RegExp(FACIAL_BN))).closest('[lang="en"]')).toBeNull();
    expect(section.queryByText(new RegExp(facial.title))).not.toBeInTheDocument();
    expect(section.getByRole('button', { name: new RegExp(`${FACIAL_BN}-এর অপেক্ষা-তালিকা ছাড়ুন$`) })).toBeInTheDocument();
    expect(section.getByText(manicure.title)).toHaveAttribute('lang', 'en');
  });
});

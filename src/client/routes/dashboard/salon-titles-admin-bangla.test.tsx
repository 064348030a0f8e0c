import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyAccount } from '@shared/account';
import type { MyStylist, StaffVisit } from '@shared/staff';
import { adminUser, customerUser, services } from '@/test/fixtures';
import { accountSession, servicesHandler } from '@/test/handlers';
import { inBangla } from '@/test/bangla';
import { atNoonOnSaturday, dhaka, TODAY } from '@/test/salon-day';
import { bookingRecord, fakePayments } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/**
 * A service's Bangla title, where the admin wrote one, is what a Bangla-reading admin or stylist
 * reads and hears where she works (docs/decisions/050): the order list's buttons and its 'Record
 * payment' form, today's appointments and the next free times on her home, the stylist form's
 * minutes, and a stylist's own day. One without a Bangla title keeps its English one, marked English.
 */

const [manicure, facial] = services as [(typeof services)[number], (typeof services)[number]];
const FACIAL_BN = 'সিগনেচার ফেসিয়াল';
const withBangla = services.map((service) => (service._id === facial._id ? { ...service, title_bn: FACIAL_BN } : service));
// The clock at noon on Saturday 2 March 2030 in Dhaka.
atNoonOnSaturday();

inBangla();

/** Today: the facial at 14:00 (with its Bangla title) and the manicure at 16:00, both paid at the salon. */
function salon() {
  const fake = fakePayments({
    session: { user: adminUser },
    bookings: [
      bookingRecord(1, { serviceId: facial._id, title: facial.title, title_bn: FACIAL_BN, price: facial.price, duration: 60, startsAt: dhaka(TODAY, '14:00'), endsAt: dhaka(TODAY, '15:00') }, { plan: 'at-salon' }),
      bookingRecord(2, { serviceId: manicure._id, title: manicure.title, title_bn: null, price: manicure.price, duration: 45, startsAt: dhaka(TODAY, '16:00'), endsAt: dhaka(TODAY, '16:45') }, { plan: 'at-salon' }),
    ],
  });
  server.use(...accountSession(adminUser).handlers, ...fake.handlers, servicesHandler(withBangla));
}

describe('the salon’s Bangla titles where the admin works', () => {
  it('the order list names a booking by its Bangla title in its buttons, and its Record payment form says it', async () => {
    salon();
    const { user } = renderApp('/dashboard/orderlist');

    const [record] = await screen.findAllByRole('button', { name: new RegExp(`^পেমেন্ট লিখুন: .*-এর ${FACIAL_BN}$`) });
    expect(screen.getAllByRole('button', { name: new RegExp(`^বাতিল: .*-এর ${FACIAL_BN}$`) }).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('button', { name: new RegExp(facial.title) })).toEqual([]);

    await user.click(record!);
    const form = await screen.findByRole('form', { name: `${FACIAL_BN}-এর পেমেন্ট লিখুন` });
    expect(form.querySelector('[lang]')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'বাদ দিন' }));

    // The manicure has no Bangla title: named in English, marked English.
    const [english] = screen.getAllByRole('button', { name: new RegExp(`^পেমেন্ট লিখুন: .*-এর ${manicure.title}$`) });
    await user.click(english!);
    const englishForm = await screen.findByRole('form', { name: `${manicure.title}-এর পেমেন্ট লিখুন` });
    expect(within(englishForm).getByText(manicure.title)).toHaveAttribute('lang', 'en');
  });

  it('her home lists today’s visits and offers the next free times by each service’s Bangla title', async () => {
    salon();
    renderApp('/dashboard/adminhome');

    const today = within(await screen.findByRole('list', { name: 'আজকের অ্যাপয়েন্টমেন্ট' }));
    const [facialRow, manicureRow] = today.getAllByRole('listitem').map((row) => within(row));
    const line = facialRow!.getByText(new RegExp(`^${FACIAL_BN} · `));
    expect(line.querySelector('[lang]')).toBeNull();
    expect(facialRow!.queryByText(facial.title)).not.toBeInTheDocument();
    expect(facialRow!.getByRole('button', { name: new RegExp(`^পেমেন্ট লিখুন: .*-এর ${FACIAL_BN}$`) })).toBeInTheDocument();
    expect(manicureRow!.getByText(manicure.title)).toHaveAttribute('lang', 'en');

    const chooser = await screen.findByRole('combobox', { name: 'সেবা' });
    const options = within(chooser).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(withBangla.map((service) => service.title_bn ?? service.title));
    expect(within(chooser).getByRole('option', { name: FACIAL_BN })).not.toHaveAttribute('lang');
    expect(within(chooser).getByRole('option', { name: manicure.title })).toHaveAttribute('lang', 'en');
  });

  it('the stylist form names her minutes for a service by its Bangla title', async () => {
    server.use(
      ...accountSession(adminUser).handlers,
      servicesHandler(withBangla),
      http.get('/api/staff', () => HttpResponse.json([])),
      http.get('/api/staff/retired', () => HttpResponse.json([])),
    );
    const { user } = renderApp('/dashboard/staff');
    await user.click(await screen.findByRole('button', { name: 'স্টাইলিস্ট যোগ করুন' }));
    const form = within(await screen.findByRole('form', { name: 'স্টাইলিস্ট যোগ করুন' }));

    await user.click(form.getByRole('checkbox', { name: FACIAL_BN }));
    expect(form.getByRole('textbox', { name: `${FACIAL_BN}-এ তাঁর সময় (মিনিট)` })).toBeInTheDocument();
    await user.click(form.getByRole('checkbox', { name: manicure.title }));
    expect(form.getByRole('textbox', { name: `${manicure.title}-এ তাঁর সময় (মিনিট)` })).toBeInTheDocument();
    expect(form.queryByRole('textbox', { name: new RegExp(facial.title) })).not.toBeInTheDocument();
  });
});

describe('the salon’s Bangla titles in a stylist’s own day', () => {
  const RINA = '3f1b0c2a-1111-4aaa-8bbb-000000000001';
  const visit: StaffVisit = {
    _id: '3f1b0c2a-3333-4aaa-8bbb-000000000001',
    serviceId: facial._id,
    title: facial.title,
    title_bn: FACIAL_BN,
    startsAt: dhaka(TODAY, '11:00'),
    endsAt: dhaka(TODAY, '12:00'),
    staffFreeAt: null,
    status: 'confirmed',
    customer: { name: 'Ayesha Rahman', phone: null },
    canComplete: true,
    due: 2500,
  };

  it('her visit’s block and its Record payment form name the service in Bangla', async () => {
    const rina = { _id: RINA, name: 'Rina Akter' };
    server.use(
      ...accountSession(customerUser).handlers,
      http.get<PathParams, DefaultBodyType, MyAccount>('/api/me', () => HttpResponse.json({ hasPassword: true, freshSignInRequired: false, stylist: rina })),
      http.get<PathParams, DefaultBodyType, MyStylist>('/api/staff/me', () => HttpResponse.json({ stylist: rina })),
      http.get('/api/staff/me/visits', ({ request }) => HttpResponse.json(new URL(request.url).searchParams.get('from') === TODAY ? [visit] : [])),
    );
    const { user } = renderApp('/dashboard/my-day');

    const block = await screen.findByRole('button', { name: new RegExp(`^Rina Akter: Ayesha Rahman-এর ${FACIAL_BN}, `) });
    expect(within(block).getByText(FACIAL_BN)).not.toHaveAttribute('lang');
    await user.click(block);
    const details = await screen.findByRole('region', { name: `Ayesha Rahman-এর ${FACIAL_BN}` });
    await user.click(within(details).getByRole('button', { name: 'পেমেন্ট লিখুন' }));
    const form = within(details).getByRole('form', { name: `${FACIAL_BN}-এর পেমেন্ট লিখুন` });
    expect(form.querySelector('[lang]')).toBeNull();
    await waitFor(() => expect(within(form).getByRole('spinbutton')).toHaveValue(2500));
  });
});

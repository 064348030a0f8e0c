import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deskBookingInputSchema, EMAIL_TAKEN_MESSAGE, newDeskCustomerSchema, type DeskBookingResult, type DeskCustomer } from '@shared/front-desk';
import { LATIN_NAMES } from '@shared/i18n/brands';
import { formatMoney } from '@shared/money';
import { adminUser, services } from '@/test/fixtures';
import { accountSession, apiErrorResponse } from '@/test/handlers';
import { inBangla, latinWords } from '@/test/bangla';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { staffHandler } from '@/test/staff-handlers';

/** The front desk as a Bangla-reading admin sees it (issue 29): /bn/dashboard/front-desk. */

const [manicure, facial] = services as [(typeof services)[number], (typeof services)[number]];
const FACIAL_BN = 'সিগনেচার ফেসিয়াল';
/** A walk-in recorded at the desk: no e-mail, no number. */
const sadia: DeskCustomer = { _id: 'c0000000-0000-4000-8000-000000000001', name: 'Sadia Rahman', email: null, phone: null, phoneVerified: false, hasSignIn: false };

inBangla();

/** The desk's API: customers found by a part of their name, and a new one refused when her e-mail is taken. */
function desk() {
  const asked: string[] = [];
  server.use(
    ...accountSession(adminUser).handlers,
    staffHandler([]),
    http.get('/api/service', () => HttpResponse.json(services)),
    http.get<PathParams, DefaultBodyType, DeskCustomer[]>('/api/front-desk/customers', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(q);
      return HttpResponse.json(sadia.name.toLowerCase().includes(q.toLowerCase()) ? [sadia] : []);
    }),
    http.post('/api/front-desk/customers', async ({ request }) => {
      const input = newDeskCustomerSchema.parse(await request.json());
      if (input.email === 'taken@parlour.test') return apiErrorResponse(409, EMAIL_TAKEN_MESSAGE, [{ path: 'email', message: EMAIL_TAKEN_MESSAGE }]);
      return HttpResponse.json({ ...sadia, name: input.name, phone: input.phone });
    }),
  );
  return asked;
}

describe('/bn/dashboard/front-desk', () => {
  it("labels the customer picker in Bangla, and puts the server's refusal of her e-mail under its field, in Bangla", async () => {
    desk();
    const { user } = renderApp('/dashboard/front-desk');

    expect(await screen.findByRole('heading', { level: 1, name: 'গ্রাহকের জন্য বুকিং' })).toBeInTheDocument();
    expect(document.title).toBe('ফ্রন্ট ডেস্ক | Parlour');
    expect(await screen.findByRole('heading', { level: 2, name: 'গ্রাহক' })).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'গ্রাহক খুঁজুন' });
    expect(search).toHaveAccessibleDescription('তাঁর নাম, ইমেইল বা মোবাইল নম্বর (অন্তত দুটি অক্ষর বা সংখ্যা)।');

    await user.type(search, 'Nodi');
    expect(await screen.findByText('“Nodi”-এর সাথে মেলে এমন কোনো গ্রাহক নেই')).toBeInTheDocument();
    expect(screen.getByText('তাঁকে নতুন গ্রাহক হিসেবে লিখে রাখুন।')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'নতুন গ্রাহক' }));
    const form = within(screen.getByRole('form', { name: 'নতুন গ্রাহক' }));
    // What she searched for starts the form.
    expect(form.getByRole('textbox', { name: 'নাম' })).toHaveValue('Nodi');
    await user.type(form.getByRole('textbox', { name: 'মোবাইল নম্বর' }), '12');
    await user.click(form.getByRole('button', { name: 'গ্রাহক সংরক্ষণ করুন' }));
    expect(await form.findByText('একটি মোবাইল নম্বর দিন, যেমন ০১৭১২ ৩৪৫৬৭৮')).toBeInTheDocument();

    await user.clear(form.getByRole('textbox', { name: 'মোবাইল নম্বর' }));
    await user.type(form.getByRole('textbox', { name: 'মোবাইল নম্বর' }), '01712345678');
    const email = form.getByRole('textbox', { name: /^ইমেইল/ });
    await user.type(email, 'taken@parlour.test');
    await user.click(form.getByRole('button', { name: 'গ্রাহক সংরক্ষণ করুন' }));
    expect(await form.findByText('এই ইমেইলে একজন গ্রাহক আগেই নিবন্ধিত আছেন: ওপরে নাম বা ইমেইল দিয়ে তাঁকে খুঁজুন।')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(form.getByRole('button', { name: 'খোঁজায় ফিরুন' })).toBeInTheDocument();
    expect(latinWords(screen.getByRole('main'))).toEqual([]);
  });

  it('finds a walk-in and shows her order and payment steps in Bangla, money in Bengali digits', async () => {
    desk();
    const { user } = renderApp('/dashboard/front-desk');
    await user.type(await screen.findByRole('searchbox', { name: 'গ্রাহক খুঁজুন' }), 'Sad');
    const found = within(await screen.findByRole('list', { name: 'পাওয়া গ্রাহক' }));
    const her = found.getByRole('button', { name: /^Sadia Rahman/ });
    expect(her).toHaveTextContent('ইমেইল বা নম্বর দেওয়া নেই');
    await user.click(her);

    expect(screen.getByRole('button', { name: 'গ্রাহক বদলান' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'সেবা ও সময়' })).toBeInTheDocument();
    expect(screen.getByText('তিনি যে সেবাগুলো চান সেগুলো যোগ করুন, তারপর প্রতিটির সময় বেছে নিন।')).toBeInTheDocument();
    const service = await screen.findByRole('combobox', { name: 'সেবা' });
    expect(within(service).getByRole('option', { name: 'একটি সেবা বেছে নিন' })).toBeInTheDocument();

    const payment = within(screen.getByRole('form', { name: 'পেমেন্ট ও বুকিং' }));
    expect(payment.getByRole('group', { name: 'তিনি কখন টাকা দেবেন?' })).toBeInTheDocument();
    expect(payment.getByRole('radio', { name: 'এখনই, কাউন্টারে' })).toBeChecked();
    expect(payment.getByRole('radio', { name: 'অ্যাপয়েন্টমেন্টের দিন' })).not.toBeChecked();
    expect(payment.getAllByRole('radio', { name: /নগদ|কার্ড|bKash|Nagad/ }).map((radio) => radio.parentElement?.textContent)).toEqual(['নগদ', 'কার্ড', 'bKash', 'Nagad']);
    expect(payment.getByText('এখনো কিছু দেওয়ার নেই।')).toBeInTheDocument();
    expect(payment.getByRole('button', { name: 'বুক করুন' })).toBeDisabled();

    await user.selectOptions(service, facial._id);
    await user.click(screen.getByRole('button', { name: 'সেবা যোগ করুন' }));
    expect(await screen.findByRole('button', { name: `${facial.title} (১ নম্বর অ্যাপয়েন্টমেন্ট) সরান` })).toBeInTheDocument();
    expect(payment.getByText(`এখন ${formatMoney(facial.price, undefined, 'bn-BD')} নিন (নগদ)।`)).toBeInTheDocument();
    expect(payment.getByText('আগে প্রতিটি সেবার সময় বেছে নিন।')).toBeInTheDocument();
    await user.click(payment.getByRole('radio', { name: 'অ্যাপয়েন্টমেন্টের দিন' }));
    expect(payment.getByText(`অ্যাপয়েন্টমেন্টের দিন ${formatMoney(facial.price, undefined, 'bn-BD')} দিতে হবে।`)).toBeInTheDocument();
    expect(latinWords(screen.getByRole('main'), LATIN_NAMES)).toEqual([]);
  });

  it("names each service in the salon's Bangla where it wrote one, on the form and in what was booked; an English-only one is marked English", async () => {
    desk();
    const slot = '2030-03-09T04:30:00.000Z';
    server.use(
      http.get('/api/service', () => HttpResponse.json([manicure, { ...facial, title_bn: FACIAL_BN }])),
      http.get('/api/availability', () => HttpResponse.json({ timeZone: 'Asia/Dhaka', slots: [{ startsAt: slot, staff: [] }] })),
      http.post<PathParams, DefaultBodyType, DeskBookingResult>('/api/front-desk/bookings', async ({ request }) => {
        const input = deskBookingInputSchema.parse(await request.json());
        return HttpResponse.json(
          {
            customer: sadia,
            bookings: input.items.map((item, index) => {
              const service = item.serviceId === facial._id ? { ...facial, title_bn: FACIAL_BN } : manicure;
              return { _id: `b000000${index}-0000-4000-8000-000000000001`, title: service.title, title_bn: service.title_bn, startsAt: item.startsAt, endsAt: item.startsAt, staffName: null, price: service.price, paid: 0 };
            }),
            emailed: false,
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp('/dashboard/front-desk');
    await user.type(await screen.findByRole('searchbox', { name: 'গ্রাহক খুঁজুন' }), 'Sad');
    await user.click(within(await screen.findByRole('list', { name: 'পাওয়া গ্রাহক' })).getByRole('button', { name: /^Sadia Rahman/ }));

    const service = await screen.findByRole('combobox', { name: 'সেবা' });
    expect(within(service).getByRole('option', { name: new RegExp(`^${FACIAL_BN}`) })).not.toHaveAttribute('lang');
    expect(within(service).getByRole('option', { name: new RegExp(`^${manicure.title}`) })).toHaveAttribute('lang', 'en');
    for (const id of [facial._id, manicure._id]) {
      await user.selectOptions(service, id);
      await user.click(screen.getByRole('button', { name: 'সেবা যোগ করুন' }));
      // The time chooser's heading names the service as the form does.
      const heading = await screen.findByRole('heading', { level: 3, name: new RegExp(id === facial._id ? FACIAL_BN : manicure.title) });
      if (id === facial._id) expect(heading).not.toHaveTextContent(facial.title);
      else expect(within(heading).getByText(manicure.title)).toHaveAttribute('lang', 'en');
      await user.click(within(await screen.findByRole('radiogroup', { name: /খালি সময়/ })).getByRole('radio'));
    }
    expect(screen.getByText(FACIAL_BN, { selector: 'p' })).not.toHaveAttribute('lang');
    expect(screen.getByRole('button', { name: `${FACIAL_BN} (১ নম্বর অ্যাপয়েন্টমেন্ট) সরান` })).toBeInTheDocument();
    expect(screen.getByText(manicure.title, { selector: 'p' })).toHaveAttribute('lang', 'en');

    await user.click(screen.getByRole('button', { name: '২টি অ্যাপয়েন্টমেন্ট বুক করুন' }));
    const booked = within((await screen.findByRole('heading', { level: 2, name: /বুকিং হয়েছে/ })).parentElement!.querySelector('ul')!);
    expect(booked.getByText(FACIAL_BN)).not.toHaveAttribute('lang');
    expect(booked.queryByText(facial.title)).not.toBeInTheDocument();
    expect(booked.getByText(manicure.title)).toHaveAttribute('lang', 'en');
  });
});

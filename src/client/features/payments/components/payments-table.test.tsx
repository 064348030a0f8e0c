/** The payment history's table in Bangla: Bengali digits and ৳ by default, Latin digits when the salon chose them. */
import { screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { speakBangla, speakEnglish } from '@/test/bangla';
import { SiteProvider } from '@/lib/site';
import { adminUser } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { bookingRecord, fakePayments, paymentRecord, SAT_9_MAR_2030_10_30 } from '@/test/payment-handlers';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { PaymentsTable } from './payments-table';


// createI18n makes its instance react-i18next's global one: the other tests' English comes back.
afterEach(() => void speakEnglish());

const payments = [
  paymentRecord(1, {
    amount: 12500,
    method: 'bkash',
    createdAt: '2030-01-15T06:00:00.000Z',
    paidAt: '2030-01-15T06:00:00.000Z',
    services: [
      { bookingId: bookingRecord(1)._id, title: 'Classic Manicure', title_bn: 'ক্লাসিক ম্যানিকিওর', price: 12500, startsAt: SAT_9_MAR_2030_10_30, status: 'confirmed', staffName: 'Nila Akter' },
    ],
  }),
  paymentRecord(2, {
    amount: 3500,
    refunded: 1200,
    status: 'partially_refunded',
    createdAt: '2030-02-20T08:00:00.000Z',
    paidAt: '2030-02-20T08:00:00.000Z',
    declines: [{ at: '2030-02-20T07:59:00.000Z', message: 'Your card does not support this type of purchase.' }],
    services: [{ bookingId: bookingRecord(2)._id, title: 'Signature Facial', price: 3500, startsAt: SAT_9_MAR_2030_10_30, status: 'confirmed', staffName: null }],
  }),
];

function renderInBangla(latinDigits: boolean) {
  const fake = fakePayments({ session: { user: adminUser }, payments });
  server.use(...accountSession(adminUser).handlers, ...fake.handlers);
  const i18n = speakBangla(latinDigits);
  return renderWithProviders(
    <I18nextProvider i18n={i18n}>
      <SiteProvider site={{ publicUrl: 'http://localhost', year: 2030, latinDigits }}>
        <PaymentsTable filters={{}} showCustomer timeZone="Asia/Dhaka" />
      </SiteProvider>
    </I18nextProvider>,
  );
}

/** Every text a reader sees, without what is marked as English or as a name. */
function shownText(root: Element): string {
  return [...root.querySelectorAll('*')]
    .filter((element) => !element.closest('[lang="en"], [translate="no"]'))
    .flatMap((element) => [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? ''))
    .join(' ');
}

describe('the payments table in Bangla', () => {
  it('heads its columns in Bangla and writes money in Bengali digits with ৳, dates in Bangla', async () => {
    renderInBangla(false);
    const table = within(await screen.findByRole('table', { name: 'পেমেন্ট' }));

    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['তারিখ', 'গ্রাহক', 'সেবা', 'টাকা', 'অবস্থা', 'যেভাবে দিয়েছেন']);
    const [newest, oldest] = table.getAllByRole('row').slice(1);
    const cells = within(oldest!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('মঙ্গল, ১৫ জানু, ২০৩০, ১২:০০');
    expect(cells[2]).toHaveTextContent('ক্লাসিক ম্যানিকিওর Nila Akter-এর সাথে');
    expect(cells[3]).toHaveTextContent('১২,৫০০৳');
    expect(cells[4]).toHaveTextContent('পরিশোধিত');
    expect(cells[5]).toHaveTextContent('bKash');
    const refunded = within(newest!).getAllByRole('cell');
    expect(refunded[3]).toHaveTextContent('৩,৫০০৳১,২০০৳ ফেরত দেওয়া হয়েছে');
    // A card processor's own words, which the salon cannot translate (this one Stripe's, not in the
    // catalogue as the test gateway's are), stay as they came, marked English.
    expect(within(refunded[4]!).getByText('Your card does not support this type of purchase.')).toHaveAttribute('lang', 'en');
    expect(refunded[4]).toHaveTextContent('আগের চেষ্টা প্রত্যাখ্যাত: Your card does not support this type of purchase.');
    // The Signature Facial has no Bangla name: the English one, marked as English.
    expect(within(refunded[2]!).getByText('Signature Facial')).toHaveAttribute('lang', 'en');

    expect(screen.getByText(/^২টি পেমেন্ট। সময়গুলো বাংলাদেশ মানক সময় অনুযায়ী।$/)).toBeInTheDocument();
    // Names and brands stay as they are; nothing else is in Latin letters or digits.
    const names = ['Nila', 'Akter', 'bKash'];
    expect((shownText(document.body).match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !names.includes(word))).toEqual([]);
    expect(shownText(document.body)).not.toMatch(/[0-9]/);
  });

  it('writes every number in Latin digits when the salon chose them, still in Bangla', async () => {
    renderInBangla(true);
    const table = within(await screen.findByRole('table', { name: 'পেমেন্ট' }));
    const oldest = table.getAllByRole('row')[2]!;
    expect(within(oldest).getAllByRole('cell')[3]).toHaveTextContent('12,500৳');
    expect(within(oldest).getAllByRole('cell')[0]).toHaveTextContent('মঙ্গল, 15 জানু, 2030, 12:00');
    expect(screen.getByText(/^2টি পেমেন্ট।/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[০-৯]/);
  });
});

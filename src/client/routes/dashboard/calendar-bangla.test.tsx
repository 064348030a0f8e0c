import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOLD_TAKEN_MESSAGE } from '@shared/cart';
import type { AdminWaitlist } from '@shared/waitlist';
import { services, users } from '@/test/fixtures';
import { apiErrorResponse } from '@/test/handlers';
import { inBangla, latinWords } from '@/test/bangla';
import { bookingRecord } from '@/test/payment-handlers';
import { renderApp } from '@/test/render';
import { adminWithBookings, atNoonOnSaturday, dhaka, mimsFacial, nilasVisit, rimaWaiting, TODAY } from '@/test/salon-day';
import { server } from '@/test/server';
import { mim, rumana, staffHandler } from '@/test/staff-handlers';

/** The admin's calendar as a Bangla-reading admin sees it (issue 29): /bn/dashboard/calendar. */

const rima = users[2]!;
const facial = services[1]!;
// Saturday 2 March 2030, 12:00 in Dhaka (UTC+6); Friday 8 March the salon is closed.
atNoonOnSaturday();
/** The stylists' names: names, not words to translate. */
const NAMES = [mim.name, rumana.name, 'Nila Akter'];

inBangla();

/** `facialBn`: the Bangla title the salon wrote for the facial (none by default). */
function salon(facialBn: string | null = null) {
  return adminWithBookings(
    [
      // Mim's facial at 14:00, her buffer until 15:15.
      mimsFacial({ title_bn: facialBn }),
      // Nila has left the team; a visit booked before the salon had stylists.
      nilasVisit(),
      bookingRecord(4, { startsAt: dhaka(TODAY, '11:00'), endsAt: dhaka(TODAY, '11:45') }),
    ],
    staffHandler(),
  );
}

describe('/bn/dashboard/calendar', () => {
  it('names a service by the Bangla title the salon wrote for it, in the block and in its button’s name', async () => {
    salon('সিগনেচার ফেসিয়াল');
    renderApp('/dashboard/calendar');

    const grid = within(await screen.findByRole('region', { name: 'স্টাইলিস্ট ধরে বুকিং' }));
    const block = grid.getByRole('button', { name: `${mim.name}: Mitu Customer-এর সিগনেচার ফেসিয়াল, ১৪:০০–১৫:০০, নিশ্চিত` });
    // Bangla in a Bangla page: not marked as another language, and the English title is not shown.
    expect(within(block).getByText('সিগনেচার ফেসিয়াল')).not.toHaveAttribute('lang');
    expect(within(block).queryByText(facial.title)).not.toBeInTheDocument();
    // A service without a Bangla title keeps its English one, marked English.
    for (const title of grid.getAllByText('Keratin Treatment')) expect(title).toHaveAttribute('lang', 'en');
  });

  it("shows the salon's day in Bangla: its heading, the stylists' columns, each visit named in Bangla with Bengali digits", async () => {
    salon();
    renderApp('/dashboard/calendar');

    expect(await screen.findByRole('heading', { level: 1, name: 'সেলুনের দিন' })).toBeInTheDocument();
    expect(document.title).toBe('ক্যালেন্ডার | Parlour');
    expect(await screen.findByRole('heading', { level: 2, name: 'শনি, ২ মার্চ, ২০৩০ (আজ)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'আগের দিন' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'দিন' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('তারিখ')).toHaveValue(TODAY);

    const grid = within(await screen.findByRole('region', { name: 'স্টাইলিস্ট ধরে বুকিং' }));
    expect(grid.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([mim.name, rumana.name, 'Nila Akterঅবসরে', 'স্টাইলিস্ট নেই']);
    expect(grid.getByRole('button', { name: `${mim.name}: Mitu Customer-এর ${facial.title}, ১৪:০০–১৫:০০, নিশ্চিত` })).toBeInTheDocument();
    expect(grid.getByRole('button', { name: 'স্টাইলিস্ট নেই: Mitu Customer-এর Keratin Treatment, ১১:০০–১১:৪৫, নিশ্চিত' })).toBeInTheDocument();
    // The hours beside the grid in Bengali digits.
    expect(grid.getAllByText('১০:০০').length).toBeGreaterThan(0);
    const chooser = screen.getByRole('combobox', { name: 'স্টাইলিস্ট' });
    expect(within(chooser).getAllByRole('option').map((option) => option.textContent)).toEqual([
      `${mim.name}, ১টি বুকিং`,
      `${rumana.name}, ০টি বুকিং`,
      'Nila Akter (অবসরে), ১টি বুকিং',
      'স্টাইলিস্ট নেই, ১টি বুকিং',
    ]);
    expect(screen.getByRole('checkbox', { name: 'বাতিল হওয়া বুকিংও দেখান' })).not.toBeChecked();
    expect(latinWords(screen.getByRole('main'), NAMES)).toEqual([]);
  });

  it("opens a booked visit's details in Bangla", async () => {
    salon();
    const { user } = renderApp('/dashboard/calendar');
    await user.click(await screen.findByRole('button', { name: `${mim.name}: Mitu Customer-এর ${facial.title}, ১৪:০০–১৫:০০, নিশ্চিত` }));

    const panel = screen.getByRole('region', { name: `Mitu Customer-এর ${facial.title}` });
    const details = within(panel);
    expect(details.getByRole('heading', { level: 3 })).toHaveFocus();
    const facts = Object.fromEntries(details.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({
      স্টাইলিস্ট: mim.name,
      কখন: 'শনি, ২ মার্চ, ২০৩০, ১৪:০০–১৫:০০ (৬০ মিনিট)',
      'স্টাইলিস্ট ফাঁকা': '১৫:১৫ থেকে (অ্যাপয়েন্টমেন্ট শেষের ১৫ মিনিট পরে)',
      অবস্থা: 'নিশ্চিত',
      গ্রাহক: 'Mitu Customer',
      'ইমেইল': expect.stringContaining('@'),
    });
    expect(Object.keys(facts)).toContain('পরিশোধ');
    expect(details.getByRole('button', { name: 'বুকিংয়ের বিবরণ বন্ধ করুন' })).toBeInTheDocument();
    expect(latinWords(panel, NAMES)).toEqual([]);
  });

  it('shows the week in Bangla, each day a link, the closed day marked', async () => {
    salon();
    const { user } = renderApp('/dashboard/calendar');
    await screen.findByRole('region', { name: 'স্টাইলিস্ট ধরে বুকিং' });
    await user.click(screen.getByRole('button', { name: 'সপ্তাহ' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'শনি, ২ মার্চ, ২০৩০ – শুক্র, ৮ মার্চ, ২০৩০' })).toBeInTheDocument();
    expect(screen.getByLabelText('প্রথম দিন')).toHaveValue(TODAY);
    expect(screen.getByRole('button', { name: 'পরের সপ্তাহ' })).toBeInTheDocument();
    const week = within(await screen.findByRole('table', { name: 'শনি, ২ মার্চ, ২০৩০ থেকে শুক্র, ৮ মার্চ, ২০৩০ পর্যন্ত বুকিং, দিন ও স্টাইলিস্ট ধরে' }));
    expect(week.getAllByRole('rowheader').map((day) => day.textContent)).toEqual(['শনি ২ মার্চ', 'রবি ৩ মার্চ', 'সোম ৪ মার্চ', 'মঙ্গল ৫ মার্চ', 'বুধ ৬ মার্চ', 'বৃহস্পতি ৭ মার্চ', 'শুক্র ৮ মার্চবন্ধ']);
    expect(week.getByRole('columnheader', { name: 'দিন' })).toBeInTheDocument();
    expect(week.getByRole('button', { name: `${mim.name}: Mitu Customer-এর ${facial.title}, শনি, ২ মার্চ, ২০৩০, ১৪:০০–১৫:০০, নিশ্চিত` })).toBeInTheDocument();
    expect(latinWords(screen.getByRole('main'), NAMES)).toEqual([]);
  });
});

describe("/bn/dashboard/calendar: the day's waitlist", () => {
  it('says who waits, and what went wrong with an offer, in Bangla', async () => {
    salon();
    server.use(
      http.get<PathParams, DefaultBodyType, AdminWaitlist>('/api/admin/waitlist', () => HttpResponse.json({ timeZone: 'Asia/Dhaka', wishes: [rimaWaiting] })),
      http.post('/api/admin/waitlist/:id/offer', () => apiErrorResponse(409, HOLD_TAKEN_MESSAGE)),
    );
    const { user } = renderApp('/dashboard/calendar');
    const waitlist = await screen.findByRole('region', { name: 'অপেক্ষা-তালিকা' });
    const entry = within(await within(waitlist).findByRole('listitem'));
    expect(entry.getByText('লাইনে ১ নম্বরে')).toBeInTheDocument();
    expect(entry.getByText(/^যেকোনো স্টাইলিস্ট · ১৫:০০–বন্ধের সময় ·/)).toHaveTextContent(`যেকোনো স্টাইলিস্ট · ১৫:০০–বন্ধের সময় · ${rima.email}`);

    // No time typed: the example is in the page's digits.
    await user.click(entry.getByRole('button', { name: `${rima.name}-কে এই সময়টি প্রস্তাব করুন` }));
    expect(await entry.findByRole('alert')).toHaveTextContent('একটি সময় লিখুন, যেমন ১৪:০০।');
    // The server's refusal in Bangla.
    await user.type(entry.getByLabelText('প্রস্তাবের সময়'), '16:00');
    await user.click(entry.getByRole('button', { name: `${rima.name}-কে এই সময়টি প্রস্তাব করুন` }));
    await waitFor(() => expect(entry.getByRole('alert')).toHaveTextContent('এই সময়টি আর খালি নেই'));
    expect(latinWords(waitlist, NAMES)).toEqual([]);
  });

  it('says when nobody waits, in Bangla', async () => {
    salon();
    renderApp('/dashboard/calendar');
    const waitlist = within(await screen.findByRole('region', { name: 'অপেক্ষা-তালিকা' }));
    expect(await waitlist.findByText('কেউ অপেক্ষায় নেই')).toBeInTheDocument();
  });
});

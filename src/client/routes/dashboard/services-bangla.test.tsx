/**
 * The admin's service pages on a Bangla page (issue 29, docs/decisions/050): every word of the
 * pages in Bangla, the salon's English marked English, her Bangla title shown where it names the
 * service, and the numbers in Bengali digits.
 */
import { http } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@shared/service';
import { speakBangla, speakEnglish } from '@/test/bangla';
import { adminUser, services } from '@/test/fixtures';
import { accountSession, apiErrorResponse, fakeCatalogue } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';


// createI18n makes its instance react-i18next's global one: the page is drawn in Bangla, as under /bn.
beforeAll(() => void speakBangla());
afterAll(() => void speakEnglish());

const manicure = services[0] as Service;
const bangla = { title_bn: 'ক্লাসিক ম্যানিকিওর', description_bn: 'নখের যত্ন ও পছন্দের পলিশ।' };

function catalogueForAdmin(list: Service[] = services.map((s) => (s._id === manicure._id ? { ...s, ...bangla } : s))) {
  const catalogue = fakeCatalogue(list);
  server.use(...accountSession(adminUser).handlers, ...catalogue.handlers);
  return catalogue;
}

function image() {
  return new File([new Uint8Array(2048)], 'mehedi.png', { type: 'image/png' });
}

describe('the service pages in Bangla', () => {
  it('add service: Bangla labels, the Bangla fields marked Bangla, the English ones English, and the rules in Bangla under their fields', async () => {
    const catalogue = catalogueForAdmin();
    const { user } = renderApp('/dashboard/addservice');

    expect(await screen.findByRole('heading', { level: 1, name: 'নতুন সেবা যোগ করুন' })).toBeInTheDocument();
    expect(document.title).toBe('সেবা যোগ করুন | Parlour');
    const form = within(screen.getByRole('form', { name: 'সেবা যোগ করুন' }));
    expect(form.getByLabelText('সেবার নাম (ইংরেজিতে)')).toHaveAttribute('lang', 'en');
    expect(form.getByLabelText('বিবরণ (ইংরেজিতে)')).toHaveAttribute('lang', 'en');
    const titleBn = form.getByLabelText(/^বাংলায় সেবার নাম/);
    expect(titleBn).toHaveAttribute('lang', 'bn');
    expect(screen.getByText('বাংলায় সেবার নাম').closest('label')).toHaveTextContent(/^বাংলায় সেবার নাম\s*\(ঐচ্ছিক\)$/);
    expect(titleBn).toHaveAccessibleDescription('বাংলা পেজে এটি দেখানো হয়; খালি রাখলে সেখানে ইংরেজি নামই দেখাবে।');
    expect(form.getByLabelText(/^বাংলায় বিবরণ/)).toHaveAttribute('lang', 'bn');
    // Minutes in Bengali digits.
    expect(form.getByLabelText('সময় (মিনিট)')).toHaveAccessibleDescription('১৫ থেকে ৪৮০ মিনিট; এ অনুযায়ী অ্যাপয়েন্টমেন্টের সময়গুলো দেখানো হয়।');
    expect(form.getByRole('group', { name: 'কীভাবে পেমেন্ট হবে' })).toBeInTheDocument();
    expect(form.getByRole('radio', { name: /^সেলুনের নিয়ম/ })).toBeChecked();
    await user.click(form.getByRole('radio', { name: 'অনলাইনে অগ্রিম: দামের একটি অংশ (%)' }));
    expect(form.getByLabelText('অগ্রিমের অংশ (%)')).toHaveAccessibleDescription('প্রতিটি দামের অংশ, পূর্ণ টাকায় (অন্তত ১৳)।');
    await user.click(form.getByRole('radio', { name: /^সেলুনের নিয়ম/ }));

    await user.click(form.getByRole('button', { name: 'জমা দিন' }));
    expect(await form.findByText('সেবার নাম দিতে হবে')).toBeInTheDocument();
    expect(form.getByLabelText('দাম')).toHaveAccessibleDescription('দাম দিতে হবে');
    expect(form.getByLabelText('বিবরণ (ইংরেজিতে)')).toHaveAccessibleDescription('বিবরণ দিতে হবে');
    expect(form.getByLabelText(/^ছবি আপলোড করুন/)).toHaveAccessibleDescription('একটি ছবি দিতে হবে');
    expect(catalogue.calls).toEqual([]);
  });

  it('add service: saves her Bangla title and description, and the dialog names the Bangla title', async () => {
    const catalogue = catalogueForAdmin();
    const { user } = renderApp('/dashboard/addservice');
    const form = within(await screen.findByRole('form', { name: 'সেবা যোগ করুন' }));

    await user.type(form.getByLabelText('সেবার নাম (ইংরেজিতে)'), 'Henna Night');
    await user.type(form.getByLabelText(/^বাংলায় সেবার নাম/), 'মেহেদি সন্ধ্যা');
    await user.type(form.getByLabelText('দাম'), '2500');
    await user.type(form.getByLabelText('বিবরণ (ইংরেজিতে)'), 'Bridal henna on both hands.');
    await user.type(form.getByLabelText(/^বাংলায় বিবরণ/), 'দুই হাতে বিয়ের মেহেদি।');
    await user.upload(form.getByLabelText(/^ছবি আপলোড করুন/), image());
    await user.click(form.getByRole('button', { name: 'জমা দিন' }));

    const done = await screen.findByRole('dialog', { name: 'সেবা যোগ হয়েছে' });
    expect(done).toHaveTextContent('মেহেদি সন্ধ্যা এখন মেনুতে আছে।');
    expect(catalogue.writes[0]?.body).toMatchObject({
      title: 'Henna Night',
      title_bn: 'মেহেদি সন্ধ্যা',
      description: 'Bridal henna on both hands.',
      description_bn: 'দুই হাতে বিয়ের মেহেদি।',
    });
  });

  it('manage services: Bangla headings, prices in Bengali digits, the English title marked English with her Bangla one under it', async () => {
    catalogueForAdmin();
    renderApp('/dashboard/manageservice');

    expect(await screen.findByRole('heading', { level: 1, name: 'সেবাগুলো পরিচালনা করুন' })).toBeInTheDocument();
    expect(document.title).toBe('সেবা পরিচালনা | Parlour');
    const table = within(await screen.findByRole('table', { name: 'সেলুনের সেবাগুলো' }));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['#', 'সেবার নাম', 'দাম', 'আপডেট', 'মুছুন']);
    expect(screen.getByText('মেনুতে ৩টি সেবা')).toBeInTheDocument();
    const row = within(table.getByText('Classic Manicure').closest('tr')!);
    expect(row.getByText('Classic Manicure')).toHaveAttribute('lang', 'en');
    expect(row.getByText('ক্লাসিক ম্যানিকিওর')).not.toHaveAttribute('lang');
    expect(row.getByText('১')).toBeInTheDocument();
    expect(row.getByText('১,২০০৳')).toBeInTheDocument();
    // Named by her Bangla title where she wrote one, else by the English.
    expect(row.getByRole('link', { name: 'ক্লাসিক ম্যানিকিওর আপডেট করুন' })).toHaveTextContent('আপডেট');
    expect(table.getByRole('button', { name: 'Signature Facial মুছুন' })).toHaveTextContent('মুছুন');
  });

  it('manage services: the delete dialogs in Bangla', async () => {
    const catalogue = catalogueForAdmin();
    const { user } = renderApp('/dashboard/manageservice');
    const table = within(await screen.findByRole('table', { name: 'সেলুনের সেবাগুলো' }));

    await user.click(table.getByRole('button', { name: 'ক্লাসিক ম্যানিকিওর মুছুন' }));
    const confirm = await screen.findByRole('dialog', { name: 'আপনি কি নিশ্চিত?' });
    expect(confirm).toHaveTextContent('এটি আর ফিরিয়ে আনা যাবে না!');
    await user.click(within(confirm).getByRole('button', { name: 'হ্যাঁ, মুছে ফেলুন!' }));
    const done = await screen.findByRole('dialog', { name: 'সেবা মুছে ফেলা হয়েছে' });
    expect(done).toHaveTextContent('ক্লাসিক ম্যানিকিওর এখন আর মেনুতে নেই।');
    expect(catalogue.writes).toEqual([{ method: 'DELETE', id: manicure._id }]);
  });

  it('update service: her Bangla texts filled in, the Bangla title in the intro, and the server’s refusal of it in Bangla under the field', async () => {
    catalogueForAdmin();
    server.use(
      http.patch('/api/service/:id', () =>
        apiErrorResponse(400, 'Some fields are not valid', [{ path: 'title_bn', message: 'Bangla title must be at most 100 characters' }]),
      ),
    );
    const { user } = renderApp(`/dashboard/updateservice/${manicure._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'আপনার সেবার তথ্য আপডেট করুন' })).toBeInTheDocument();
    expect(document.title).toBe('সেবা আপডেট | Parlour');
    const intro = screen.getByText(/যা দরকার বদলান/);
    expect(intro).toHaveTextContent('ক্লাসিক ম্যানিকিওর: যা দরকার বদলান');
    expect(within(intro).getByText('ক্লাসিক ম্যানিকিওর')).not.toHaveAttribute('lang');
    const form = within(screen.getByRole('form', { name: 'সেবা আপডেট করুন' }));
    expect(form.getByLabelText('সেবার নাম (ইংরেজিতে)')).toHaveValue('Classic Manicure');
    expect(form.getByLabelText('সেবার নাম (ইংরেজিতে)')).toHaveAccessibleDescription('এখনকার নাম রাখতে খালি রাখুন।');
    expect(form.getByLabelText(/^বাংলায় সেবার নাম/)).toHaveValue('ক্লাসিক ম্যানিকিওর');
    expect(form.getByLabelText(/^বাংলায় বিবরণ/)).toHaveValue('নখের যত্ন ও পছন্দের পলিশ।');
    expect(form.getByRole('img', { name: 'ক্লাসিক ম্যানিকিওর-এর এখনকার ছবি' })).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'জমা দিন' }));
    await waitFor(() => expect(form.getByLabelText(/^বাংলায় সেবার নাম/)).toHaveAccessibleDescription('বাংলা নাম সর্বোচ্চ ১০০ অক্ষরের হতে পারে'));
    expect(form.getByLabelText(/^বাংলায় সেবার নাম/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('update service: a service with no Bangla title is named by its English one, marked English', async () => {
    catalogueForAdmin(services);
    renderApp(`/dashboard/updateservice/${manicure._id}`);

    const intro = await screen.findByText(/যা দরকার বদলান/);
    expect(within(intro).getByText('Classic Manicure')).toHaveAttribute('lang', 'en');
    expect(screen.getByLabelText(/^বাংলায় সেবার নাম/)).toHaveValue('');
  });
});

/** The salon's settings in Bangla: what a Bangla-reading admin sees, and the Latin digits box that saves. */
import { screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LATIN_NAMES } from '@shared/i18n/brands';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { latinWords, speakBangla, speakEnglish } from '@/test/bangla';
import { fakeCart } from '@/test/cart-handlers';
import { accountSession } from '@/test/handlers';
import { adminUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { SalonSettingsForm } from './salon-settings-form';


// createI18n makes its instance react-i18next's global one: the other tests' English comes back.
afterEach(() => void speakEnglish());

function renderInBangla(latinDigits = false) {
  const session = accountSession(adminUser);
  const fake = fakeCart({ session, settings: DEFAULT_SALON_SETTINGS });
  server.use(...session.handlers, ...fake.handlers);
  const i18n = speakBangla(latinDigits);
  const view = renderWithProviders(
    <I18nextProvider i18n={i18n}>
      <SalonSettingsForm initial={DEFAULT_SALON_SETTINGS} />
    </I18nextProvider>,
  );
  return { ...view, fake };
}

describe('the salon settings form in Bangla', () => {
  it('names every section, field and choice in Bangla, with Bengali digits', async () => {
    renderInBangla();
    const form = await screen.findByRole('form', { name: 'সেলুনের সেটিংস' });

    expect(within(form).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'সেলুনের ঘড়ি',
      'খোলার সময়',
      'বুকিং',
      'পেমেন্ট',
      'বন্ধের দিন',
      'SMS পাঠানোর বিরতি',
      'প্রতিদিনের ব্যাকআপ',
      'বাংলা পেজ',
    ]);
    expect(screen.getByLabelText('সময় অঞ্চল')).toHaveValue('Asia/Dhaka');
    // The zone's name in Bangla; its id stays as it is, marked as no word to translate.
    expect(screen.getByLabelText('সময় অঞ্চল')).toHaveAccessibleDescription(/এখন বাংলাদেশ মানক সময় \(Asia\/Dhaka\)।$/);
    expect(screen.getByRole('checkbox', { name: 'শুক্রবার বন্ধ' })).toBeChecked();
    expect(screen.getByLabelText('রবিবার খোলার সময়')).toHaveValue('10:00');
    expect(screen.getByLabelText('একসাথে কতজন গ্রাহক')).toHaveValue(3);
    expect(screen.getByRole('option', { name: '১৫ মিনিট' })).toHaveProperty('selected', true);
    expect(screen.getByRole('radio', { name: 'পুরো দাম অনলাইনে' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'বন্ধের দিন যোগ করুন' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'সেটিংস সংরক্ষণ করুন' })).toBeInTheDocument();
    const digits = screen.getByRole('checkbox', { name: 'বাংলা পেজে সংখ্যা ইংরেজি অঙ্কে (1, 2, 3) দেখান' });
    expect(digits).not.toBeChecked();
    expect(digits).toHaveAccessibleDescription(/বাংলা অঙ্কে \(১, ২, ৩\)/);

    // No English left but what is marked as a code (the zone's id) and the names Bangla writes in
    // Latin letters (LATIN_NAMES: 'SMS' in the quiet hours' heading), as the e2e Bangla check reads it.
    expect(latinWords(form, LATIN_NAMES)).toEqual([]);
  });

  it("writes the catalogue's own numbers in Latin digits once the salon chose them, but for the hint that names the Bengali ones", async () => {
    renderInBangla(true);
    await screen.findByRole('form', { name: 'সেলুনের সেটিংস' });
    expect(screen.getByRole('option', { name: '15 মিনিট' })).toHaveProperty('selected', true);
    // A fixed text's own number: 'enter 0 for none' in the reminder's hint.
    expect(screen.getByText(/0 দিলে কোনো ইমেইল যায় না/)).toBeInTheDocument();
    expect(screen.queryByText(/০ দিলে/)).toBeNull();
    const digits = screen.getByRole('checkbox', { name: 'বাংলা পেজে সংখ্যা ইংরেজি অঙ্কে (1, 2, 3) দেখান' });
    expect(digits).toHaveAccessibleDescription(/বাংলা অঙ্কে \(১, ২, ৩\)/);
  });

  it('saves the Latin digits choice with the other settings and says so in Bangla', async () => {
    const { user, fake } = renderInBangla();
    await user.click(await screen.findByRole('checkbox', { name: 'বাংলা পেজে সংখ্যা ইংরেজি অঙ্কে (1, 2, 3) দেখান' }));
    await user.click(screen.getByRole('button', { name: 'সেটিংস সংরক্ষণ করুন' }));

    expect(await screen.findByRole('dialog', { name: 'সেটিংস সংরক্ষণ হয়েছে' })).toBeInTheDocument();
    expect(fake.writes).toEqual([{ method: 'PUT', path: '/api/settings', body: { ...DEFAULT_SALON_SETTINGS, latinDigits: true } }]);
  });

  it("shows the server's refusal of the digits choice under its box", async () => {
    const { user, fake } = renderInBangla();
    fake.refuseSettings = [{ path: 'latinDigits', message: 'Choose the digits' }];
    await user.click(await screen.findByRole('button', { name: 'সেটিংস সংরক্ষণ করুন' }));

    const digits = screen.getByRole('checkbox', { name: 'বাংলা পেজে সংখ্যা ইংরেজি অঙ্কে (1, 2, 3) দেখান' });
    expect(await screen.findByText('অঙ্কের ধরন বেছে নিন')).toBeInTheDocument();
    expect(digits).toHaveAttribute('aria-invalid', 'true');
    expect(digits).toHaveFocus();
  });
});

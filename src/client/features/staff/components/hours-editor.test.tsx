/** Her weekly hours in Bangla: the form's own refusal of overlapping spans, under the span at fault. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WeeklyHours } from '@shared/staff';
import { speakBangla, speakEnglish } from '@/test/bangla';
import { SiteProvider } from '@/lib/site';
import { HoursEditor } from './hours-editor';


// Sunday: 10:00-13:00, then a span from 12:00 that runs into it.
const overlapping: WeeklyHours = {
  days: [
    [
      { start: '10:00', end: '13:00' },
      { start: '12:00', end: '16:00' },
    ],
    [],
    [],
    [],
    [],
    [],
    [],
  ],
};

function renderInBangla(latinDigits = false) {
  const onSave = vi.fn(async () => undefined);
  const i18n = speakBangla(latinDigits);
  render(
    <I18nextProvider i18n={i18n}>
      <SiteProvider site={{ publicUrl: 'http://localhost', year: 2030, latinDigits }}>
        <HoursEditor hours={overlapping} timeZone="Asia/Dhaka" onSave={onSave} />
      </SiteProvider>
    </I18nextProvider>,
  );
  return { onSave, user: userEvent.setup() };
}

// createI18n makes its instance react-i18next's global one: the other tests' English comes back.
afterEach(() => void speakEnglish());

describe('HoursEditor in Bangla', () => {
  it('says under the second span, in Bangla with Bengali digits, which span it runs into; nothing is saved', async () => {
    const { onSave, user } = renderInBangla();
    const form = screen.getByRole('form', { name: 'সাপ্তাহিক সময়' });
    await user.click(within(form).getByRole('button', { name: 'সময় সংরক্ষণ করুন' }));

    const start = within(form).getByLabelText('রবিবার, ২ নম্বর সময় শুরু');
    expect(start).toHaveAttribute('aria-invalid', 'true');
    const span = start.closest('li')!;
    expect(within(span).getByText('১০:০০ – ১৩:০০ সময়ের সাথে মিলে যাচ্ছে বা একেবারে লাগোয়া')).toBeVisible();
    expect(within(form).getByText('কিছু সময় ঠিক করতে হবে।')).toBeVisible();
    expect(form.textContent).not.toMatch(/Overlaps|[0-9]/);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('writes the times in Latin digits when the salon chose them', async () => {
    const { user } = renderInBangla(true);
    const form = screen.getByRole('form', { name: 'সাপ্তাহিক সময়' });
    await user.click(within(form).getByRole('button', { name: 'সময় সংরক্ষণ করুন' }));
    expect(await within(form).findByText('10:00 – 13:00 সময়ের সাথে মিলে যাচ্ছে বা একেবারে লাগোয়া')).toBeVisible();
  });
});

import type { ReactNode } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { render, renderHook, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { speakBangla, speakEnglish } from '@/test/bangla';
import { NETWORK_ERROR_MESSAGE } from '../lib/api-client';
import { ErrorState } from '../components/ui/error-state';
import { useSalonFormat } from './use-salon-format';


describe("the salon's dates and the API client's messages in the page's language", () => {
  // createI18n makes its instance react-i18next's global one: the other tests' English comes back.
  afterAll(() => {
    speakEnglish();
  });

  const wrapper = (language: 'en' | 'bn') => {
    const i18n = language === 'en' ? speakEnglish() : speakBangla();
    return ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  };

  it('writes English as it always has, and Bangla with Bengali digits and months', () => {
    const instant = '2026-12-06T04:30:00.000Z';
    const en = renderHook(() => useSalonFormat(), { wrapper: wrapper('en') }).result.current;
    expect(en.dateTime(instant, 'Asia/Dhaka')).toBe('Sun, 6 Dec 2026, 10:30');
    expect(en.calendarDate('2026-12-06')).toBe('Sun, 6 Dec 2026');
    expect(en.timesAreInZone('Asia/Dhaka')).toBe('Times are in Dhaka time (Asia/Dhaka)');
    expect(en.relativeDay(0)).toBe('today');

    const bn = renderHook(() => useSalonFormat(), { wrapper: wrapper('bn') }).result.current;
    expect(bn.dateTime(instant, 'Asia/Dhaka')).toBe('রবি, ৬ ডিসে, ২০২৬, ১০:৩০');
    expect(bn.calendarDate('2026-12-06')).toBe('রবি, ৬ ডিসে, ২০২৬');
    expect(bn.time(instant, 'Asia/Dhaka')).toBe('১০:৩০');
    expect(bn.timesAreInZone('Asia/Dhaka')).not.toMatch(/[A-Za-z]/);
    expect(bn.relativeDay(0)).toBe('আজ');
    expect(bn.relativeDay(1)).toBe('আগামীকাল');
  });

  it("shows a failed list's message from the API client in Bangla on a Bangla page", () => {
    render(<ErrorState title="কিছু একটা সমস্যা হয়েছে" message={NETWORK_ERROR_MESSAGE} onRetry={() => undefined} />, { wrapper: wrapper('bn') });
    expect(screen.getByRole('alert')).toHaveTextContent('সার্ভারের সাথে যোগাযোগ করা যাচ্ছে না');
    expect(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeEnabled();
  });
});

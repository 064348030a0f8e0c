/** The salon's Bangla title on a Bangla page (else the English, marked English), and its choice of digits. */
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Service } from '@shared/service';
import { services } from '@/test/fixtures';
import { createI18n } from '@/lib/i18n';
import { SiteProvider } from '@/lib/site';
import banglaHome from '@shared/i18n/locales/bn/home.json';
import englishHome from '@shared/i18n/locales/en/home.json';
import { ServiceCard } from './service-card';

const manicure = services[0] as Service;
const bangla: Service = { ...manicure, title_bn: 'ক্লাসিক ম্যানিকিওর', description_bn: 'নখের যত্ন ও পছন্দের পলিশ।' };

function renderIn(language: 'en' | 'bn', service: Service, latinDigits = false) {
  const i18n = createI18n(language, { [language]: { home: language === 'bn' ? banglaHome : englishHome } }, undefined, latinDigits);
  return render(
    <I18nextProvider i18n={i18n}>
      <SiteProvider site={{ publicUrl: 'http://localhost', year: 2030, latinDigits }}>
        <ServiceCard service={service} onAddToBooking={vi.fn()} />
      </SiteProvider>
    </I18nextProvider>,
  );
}

// createI18n makes its instance react-i18next's global one: the other tests' English comes back.
afterEach(() => void createI18n('en', { en: { home: englishHome } }));

describe('ServiceCard in both languages', () => {
  it('shows the Bangla title and description on a Bangla page, not marked English', () => {
    renderIn('bn', bangla);
    const heading = screen.getByRole('heading', { name: 'ক্লাসিক ম্যানিকিওর' });
    expect(heading).not.toHaveAttribute('lang');
    expect(screen.getByText('নখের যত্ন ও পছন্দের পলিশ।')).not.toHaveAttribute('lang');
  });

  it('falls back to the English marked lang="en" when the salon wrote no Bangla', () => {
    renderIn('bn', manicure);
    expect(screen.getByRole('heading', { name: 'Classic Manicure' })).toHaveAttribute('lang', 'en');
  });

  it('shows the English on an English page even when a Bangla title exists', () => {
    renderIn('en', bangla);
    expect(screen.getByRole('heading', { name: 'Classic Manicure' })).not.toHaveAttribute('lang');
  });

  it('writes the price and minutes in Bengali digits by default and in Latin digits when the salon chose them', () => {
    const { unmount } = renderIn('bn', bangla);
    expect(screen.getByText(/১,২০০/)).toBeInTheDocument();
    expect(screen.getByText(/৪৫/)).toBeInTheDocument();
    unmount();
    renderIn('bn', bangla, true);
    expect(screen.getByText(/1,200/)).toBeInTheDocument();
    expect(screen.getByText(/45/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[০-৯]/);
  });
});

/** The screen shown while her account is checked, in the page's language. */
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import banglaDashboard from '@shared/i18n/locales/bn/dashboard.json';
import englishDashboard from '@shared/i18n/locales/en/dashboard.json';
import { AccountLoading } from './require-account';

// createI18n makes its instance react-i18next's global one: the other tests' English comes back.
afterEach(() => void createI18n('en', { en: { dashboard: englishDashboard } }));

describe('AccountLoading', () => {
  it('says in Bangla that her account is being checked', () => {
    render(
      <I18nextProvider i18n={createI18n('bn', { bn: { dashboard: banglaDashboard } })}>
        <AccountLoading />
      </I18nextProvider>,
    );
    expect(screen.getByRole('progressbar', { name: 'আপনার অ্যাকাউন্ট লোড হচ্ছে' })).toBeInTheDocument();
    expect(screen.getByText('একটু অপেক্ষা করুন, আমরা আপনার অ্যাকাউন্ট দেখে নিচ্ছি…')).toBeVisible();
  });

  it('keeps its English word for word', () => {
    render(<AccountLoading />);
    expect(screen.getByRole('progressbar', { name: 'Loading your account' })).toBeInTheDocument();
    expect(screen.getByText('One moment, we are checking your account…')).toBeVisible();
  });
});

import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { LogIn } from 'lucide-react';
import { afterAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { FormActions, SubmitButton } from './form-actions';
import { createI18n } from '@/lib/i18n';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import banglaErrors from '@shared/i18n/locales/bn/errors.json';
import englishErrors from '@shared/i18n/locales/en/errors.json';

const button = <SubmitButton label="SignIn" icon={LogIn} pending={false} />;

describe('SubmitButton', () => {
  it("is locked in the server's HTML and unlocked once the page is hydrated", async () => {
    const html = renderToString(button);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const sent = container.querySelector('button')!;
    // Before the scripts take over, pressing it (or Enter in a field) would send the form natively.
    expect(sent.disabled).toBe(true);

    await act(async () => {
      hydrateRoot(container, button);
    });
    expect(container.querySelector('button')!.disabled).toBe(false);
    container.remove();
  });

  it('is ready at once in a page drawn in the browser, and locked while a submission runs', () => {
    const { rerender } = render(button);
    expect(screen.getByRole('button', { name: 'SignIn' })).toBeEnabled();
    rerender(<SubmitButton label="SignIn" icon={LogIn} pending />);
    expect(screen.getByRole('button', { name: 'SignIn' })).toBeDisabled();
  });
});

describe('FormActions', () => {
  // createI18n makes its instance react-i18next's global one: the other tests' English comes back.
  afterAll(() => {
    createI18n('en', { en: { errors: englishErrors } });
  });

  it("shows a refusal the browser wrote in the page's language, and the server's own words as they came", () => {
    const bangla = createI18n('bn', { bn: { errors: banglaErrors } });
    const { rerender } = render(
      <I18nextProvider i18n={bangla}>
        <FormActions label="পাঠান" icon={LogIn} pending={false} error={NETWORK_ERROR_MESSAGE} />
      </I18nextProvider>,
    );
    expect(screen.getByText('সার্ভারের সাথে যোগাযোগ করা যাচ্ছে না। আপনার ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।')).toBeVisible();
    rerender(
      <I18nextProvider i18n={bangla}>
        <FormActions label="পাঠান" icon={LogIn} pending={false} error="ইমেইল বা পাসওয়ার্ড ভুল।" />
      </I18nextProvider>,
    );
    expect(screen.getByText('ইমেইল বা পাসওয়ার্ড ভুল।')).toBeVisible();
  });
});

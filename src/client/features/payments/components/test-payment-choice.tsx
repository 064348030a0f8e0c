import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TestWallet } from '@shared/payments';
import { paymentMethodKeys } from './payment-status-badge';

/** The ways the built-in test gateway takes a payment. */
export type TestMethod = 'card' | TestWallet;
const METHODS: readonly TestMethod[] = ['card', 'bkash', 'nagad'];

/** Each wallet's own colour beside its name, drawn here: no outside images or fonts. */
const SWATCH: Record<TestWallet, string> = { bkash: 'bg-[#e2136e]', nagad: 'bg-[#f6921e]' };

/**
 * 'Pay with' Card, bKash or Nagad: a radio group (arrow keys move between them), three equal
 * columns that fit a 320 px screen.
 */
export function TestPaymentChoice({ value, onChange }: { value: TestMethod; onChange: (method: TestMethod) => void }) {
  const { t } = useTranslation('payment');
  return (
    <fieldset className="mb-4">
      <legend className="mb-2 text-sm font-medium">{t('payWith')}</legend>
      <div className="grid grid-cols-3 gap-2">
        {METHODS.map((method) => (
          <label
            key={method}
            className="flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-field border border-base-300 px-1 text-sm font-semibold has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary"
          >
            <input type="radio" name="test-payment-method" value={method} checked={value === method} onChange={() => onChange(method)} className="sr-only" />
            {method === 'card' ? (
              <CreditCard aria-hidden="true" className="size-4 shrink-0" />
            ) : (
              <span aria-hidden="true" className={`size-3 shrink-0 rounded-full ${SWATCH[method]}`} />
            )}
            {t(paymentMethodKeys[method])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

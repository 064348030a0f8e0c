import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormActions } from '@/components/ui/form-actions';
import { InputField } from '@/components/ui/form-field';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { isBookingListChanged } from '../api/create-payment-intent';
import { useConfirmTestPayment } from '../api/confirm-test-payment';
import { testCardFormSchema } from '../card-expiry';
import { CardRefusal } from './card-refusal';

/** The test card's number as she types it: digits, the same in both languages. */
const CARD_PLACEHOLDER = '4242 4242 4242 4242';

type TestCardValues = z.output<typeof testCardFormSchema>;

const cardFields = ['cardNumber', 'expiry', 'cvc'] as const;
type CardField = (typeof cardFields)[number];

function isCardField(path: string): path is CardField {
  return (cardFields as readonly string[]).includes(path);
}

interface TestCardFormProps {
  clientSecret: string;
  amount: number;
  currency: string;
  /** The payment went through (or is still being decided): show its confirmation page. */
  onPaid: (paymentId: string) => void;
  /** The server's booking list is not the one being paid for. */
  onListChanged: () => void;
}

/**
 * The built-in test gateway's card form. A decline keeps everything as it was (the intent, the
 * held times), so the customer can simply try another card against the same clientSecret.
 */
export function TestCardForm({ clientSecret, amount, currency, onPaid, onListChanged }: TestCardFormProps) {
  const { t } = useTranslation('payment');
  const format = useSalonFormat();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(testCardFormSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
    mode: 'onTouched',
  });
  const confirm = useConfirmTestPayment();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The button is disabled while paying, but two clicks can both land before React re-renders
  // it; this flag is set synchronously, so the second submission never reaches the server.
  const paying = useRef(false);

  const pay = async (card: TestCardValues) => {
    if (paying.current) return;
    paying.current = true;
    setRefusal(null);
    try {
      const result = await confirm.mutateAsync({ clientSecret, ...card });
      if (result.status === 'failed' || result.status === 'canceled') {
        setRefusal(result.message ?? t('notChargedRefusal'));
        setFocus('cardNumber');
        return;
      }
      onPaid(result.paymentId);
    } catch (error) {
      if (isBookingListChanged(error)) {
        onListChanged();
        return;
      }
      const placed = applyServerFieldErrors(error, setError, (path) => (isCardField(path) ? path : undefined));
      if (placed === 0) setRefusal(error instanceof Error ? error.message : t('notCompleted'));
    } finally {
      paying.current = false;
    }
  };

  const busy = isSubmitting || confirm.isPending;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(pay)(event)} aria-label={t('card.details')} className="space-y-4">
      <InputField
        label={t('card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder={CARD_PLACEHOLDER}
        error={errors.cardNumber?.message}
        registration={register('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-4">
        <InputField
          label={t('card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('card.expiryPlaceholder')}
          error={errors.expiry?.message}
          registration={register('expiry')}
        />
        <InputField
          label={t('card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.cvc?.message}
          registration={register('cvc')}
        />
      </div>

      <FormActions
        label={t('pay')}
        icon={Lock}
        pending={busy}
        aria-busy={busy}
        error={refusal ? <CardRefusal reason={refusal} /> : null}
        className="w-full"
      />
      <p className="text-center text-xs text-base-content/70">
        {/* The form itself says so, wherever it is shown: no customer may take it for a real checkout. */}
        <Trans
          t={t}
          i18nKey="test.cardFooter"
          values={{ amount: format.money(amount, currency.toUpperCase()) }}
          components={{ strong: <strong className="font-semibold" /> }}
        />
      </p>
    </form>
  );
}

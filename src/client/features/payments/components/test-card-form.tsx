import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatMoney } from '../../../../shared/money';
import { FormActions } from '../../../components/ui/form-actions';
import { InputField } from '../../../components/ui/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { isBookingListChanged } from '../api/create-payment-intent';
import { useConfirmTestPayment } from '../api/confirm-test-payment';
import { testCardFormSchema } from '../card-expiry';
import { CardRefusal } from './card-refusal';

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
        setRefusal(result.message ?? 'The payment did not go through. Nothing was charged.');
        setFocus('cardNumber');
        return;
      }
      onPaid(result.paymentId);
    } catch (error) {
      if (isBookingListChanged(error)) {
        onListChanged();
        return;
      }
      const issues = error instanceof ApiRequestError ? (error.issues ?? []) : [];
      const fieldIssues = issues.filter((issue) => isCardField(issue.path));
      for (const issue of fieldIssues) if (isCardField(issue.path)) setError(issue.path, { type: 'server', message: issue.message });
      if (fieldIssues.length === 0) setRefusal(error instanceof Error ? error.message : 'The payment could not be completed.');
    } finally {
      paying.current = false;
    }
  };

  const busy = isSubmitting || confirm.isPending;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(pay)(event)} aria-label="Card details" className="space-y-4">
      <InputField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={errors.cardNumber?.message}
        registration={register('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-4">
        <InputField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          error={errors.expiry?.message}
          registration={register('expiry')}
        />
        <InputField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.cvc?.message}
          registration={register('cvc')}
        />
      </div>

      <FormActions
        label="Pay"
        icon={Lock}
        pending={busy}
        aria-busy={busy}
        error={refusal ? <CardRefusal reason={refusal} /> : null}
        className="w-full"
      />
      <p className="text-center text-xs text-base-content/70">
        {/* The form itself says so, wherever it is shown: no customer may take it for a real checkout. */}
        <strong className="font-semibold">Test mode:</strong> {formatMoney(amount, currency.toUpperCase())} is charged to this test card; no
        real money moves.
      </p>
    </form>
  );
}

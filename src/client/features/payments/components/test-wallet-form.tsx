import { useEffect, useRef, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  TEST_WALLET,
  formatWalletNumber,
  walletCodeSchema,
  walletNumberSchema,
  type TestWallet,
  type WalletAttempt,
} from '@shared/payments';
import { FormActions } from '@/components/ui/form-actions';
import { InputField } from '@/components/ui/form-field';
import { ApiRequestError } from '@/lib/api-client';
import { isBookingListChanged } from '../api/create-payment-intent';
import { useConfirmTestWallet, useStartTestWallet } from '../api/test-wallet';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { paymentMethodKeys } from './payment-status-badge';

const numberFormSchema = z.object({ number: walletNumberSchema });
const codeFormSchema = z.object({ code: walletCodeSchema });

/** The field problem the server gave for `field`, if it gave one. */
function issueFor(error: unknown, field: string): string | undefined {
  return error instanceof ApiRequestError ? error.issues?.find((issue) => issue.path === field)?.message : undefined;
}

interface TestWalletFormProps {
  wallet: TestWallet;
  clientSecret: string;
  amount: number;
  currency: string;
  /** The payment went through: show its confirmation page. */
  onPaid: (paymentId: string) => void;
  /** The server's booking list is not the one being paid for. */
  onListChanged: () => void;
}

/**
 * The built-in test gateway's bKash or Nagad, as the wallet's own checkout goes: her wallet number,
 * then the one-time code the wallet sent, then Pay. An attempt that ends (a refusal, three wrong
 * codes, an expired code) brings her back to her number, with what happened; the intent and the
 * held times stay, so she can simply start again or choose another way to pay.
 */
export function TestWalletForm({ wallet, clientSecret, amount, currency, onPaid, onListChanged }: TestWalletFormProps) {
  const { t } = useTranslation('payment');
  const name = t(paymentMethodKeys[wallet]);
  const [attempt, setAttempt] = useState<WalletAttempt | null>(null);
  /** Why the last attempt ended, shown above the number when she is back at it. */
  const [ended, setEnded] = useState<ReactNode>(null);
  const [number, setNumber] = useState('');
  /** Back from the code step: focus goes to her number, or to the alert saying why (FormActions). */
  const [returned, setReturned] = useState(false);

  const backToNumber = (why: ReactNode) => {
    setEnded(why);
    setAttempt(null);
    setReturned(true);
  };

  return attempt ? (
    <WalletCodeStep
      name={name}
      attempt={attempt}
      amount={amount}
      currency={currency}
      onPaid={onPaid}
      onListChanged={onListChanged}
      onEnded={backToNumber}
      onChangeNumber={() => backToNumber(null)}
    />
  ) : (
    <WalletNumberStep
      name={name}
      wallet={wallet}
      clientSecret={clientSecret}
      defaultNumber={number}
      ended={ended}
      focusNumber={returned && !ended}
      onListChanged={onListChanged}
      onSent={(sent, typed) => {
        setNumber(typed);
        setEnded(null);
        setAttempt(sent);
      }}
    />
  );
}

interface WalletNumberStepProps {
  name: string;
  wallet: TestWallet;
  clientSecret: string;
  defaultNumber: string;
  ended: ReactNode;
  /** Her 'Change number' unmounted the button she pressed: the field takes focus, not <body>. */
  focusNumber: boolean;
  onListChanged: () => void;
  onSent: (attempt: WalletAttempt, typed: string) => void;
}

function WalletNumberStep({ name, wallet, clientSecret, defaultNumber, ended, focusNumber, onListChanged, onSent }: WalletNumberStepProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(numberFormSchema), defaultValues: { number: defaultNumber }, mode: 'onTouched' });
  const { t } = useTranslation('payment');
  const start = useStartTestWallet();
  const [refusal, setRefusal] = useState<ReactNode>(null);
  // focusNumber is fixed for the step's life (a new attempt or ending mounts a new step).
  useEffect(() => {
    if (focusNumber) setFocus('number');
  }, [focusNumber, setFocus]);

  const send = async ({ number }: z.output<typeof numberFormSchema>) => {
    setRefusal(null);
    try {
      onSent(await start.mutateAsync({ clientSecret, wallet, number }), getValues('number'));
    } catch (error) {
      if (isBookingListChanged(error)) return onListChanged();
      const problem = issueFor(error, 'number');
      if (problem) setError('number', { type: 'server', message: problem });
      else setRefusal(error instanceof Error ? error.message : t('wallet.notSent'));
    }
  };

  const busy = isSubmitting || start.isPending;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(send)(event)} aria-label={t('wallet.form', { name })} className="space-y-4">
      <InputField
        label={t('wallet.number', { name })}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t('wallet.numberPlaceholder')}
        hint={t('wallet.numberHint', { name })}
        error={errors.number?.message}
        registration={register('number')}
      />
      <FormActions label={t('wallet.send')} icon={Send} pending={busy} aria-busy={busy} error={refusal ?? ended} className="w-full" />
    </form>
  );
}

interface WalletCodeStepProps {
  name: string;
  attempt: WalletAttempt;
  amount: number;
  currency: string;
  onPaid: (paymentId: string) => void;
  onListChanged: () => void;
  onEnded: (why: ReactNode) => void;
  onChangeNumber: () => void;
}

function WalletCodeStep({ name, attempt, amount, currency, onPaid, onListChanged, onEnded, onChangeNumber }: WalletCodeStepProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' }, mode: 'onTouched' });
  const { t } = useTranslation('payment');
  const format = useSalonFormat();
  const confirm = useConfirmTestWallet();
  const [refusal, setRefusal] = useState<string | null>(null);
  // As on the card form: two quick presses can both land before the button locks.
  const paying = useRef(false);
  useEffect(() => setFocus('code'), [setFocus]);

  const pay = async ({ code }: z.output<typeof codeFormSchema>) => {
    if (paying.current) return;
    paying.current = true;
    setRefusal(null);
    try {
      const result = await confirm.mutateAsync({ attemptId: attempt.attemptId, code });
      if (result.status === 'failed' || result.status === 'canceled') {
        onEnded(
          <>
            <p>{result.message ?? t('didNotGoThrough')}</p>
            <p className="font-normal">{t('wallet.refusalNote')}</p>
          </>,
        );
        return;
      }
      onPaid(result.paymentId);
    } catch (error) {
      if (isBookingListChanged(error)) return onListChanged();
      const problem = issueFor(error, 'code');
      if (problem) setError('code', { type: 'server', message: problem }, { shouldFocus: true });
      // Three wrong codes, an expired code: this attempt is over, she starts again from her number.
      else if (error instanceof ApiRequestError && error.statusCode === 409) onEnded(<p>{error.message}</p>);
      else setRefusal(error instanceof Error ? error.message : t('notCompleted'));
    } finally {
      paying.current = false;
    }
  };

  const busy = isSubmitting || confirm.isPending;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(pay)(event)} aria-label={t('wallet.form', { name })} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <p>
          <Trans
            t={t}
            i18nKey="wallet.sent"
            values={{ name, number: formatWalletNumber(attempt.number) }}
            components={{ number: <span className="font-semibold whitespace-nowrap" /> }}
          />{' '}
          <span className="text-base-content/75">
            <Trans t={t} i18nKey="wallet.testCode" values={{ code: TEST_WALLET.code }} components={{ code: <span className="font-mono font-semibold" /> }} />
          </span>
        </p>
        <button type="button" className="btn btn-link btn-sm px-0 text-primary" onClick={onChangeNumber}>
          {t('wallet.changeNumber')}
        </button>
      </div>
      <InputField
        label={t('wallet.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('wallet.codePlaceholder')}
        maxLength={7}
        error={errors.code?.message}
        registration={register('code')}
      />
      <FormActions label={t('pay')} icon={Lock} pending={busy} aria-busy={busy} error={refusal} className="w-full" />
      <p className="text-center text-xs text-base-content/70">
        <Trans
          t={t}
          i18nKey="test.walletFooter"
          values={{ amount: format.money(amount, currency.toUpperCase()), name }}
          components={{ strong: <strong className="font-semibold" /> }}
        />
      </p>
    </form>
  );
}

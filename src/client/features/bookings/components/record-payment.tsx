import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Banknote } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { counterMethodSchema, counterPaymentInputSchema, type CounterMethod } from '@shared/deposits';
import type { Booking } from '@shared/payments';
import { SubmitButton } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { InputField } from '@/components/ui/form-field';
import { ApiRequestError } from '@/lib/api-client';
import { applyServerFieldErrors, fieldsNamed } from '@/lib/server-field-errors';
import { useErrorText } from '@/hooks/use-error-text';
import { useSalonText } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import type { CounterPaymentInput } from '../api/record-counter-payment';
import { PanelButton, type MoveDisclosure, type PanelButtonProps } from './move-appointment';

/** One booking's 'Record payment': whether its form is open, and what saving it does. */
export interface RecordControl {
  open: boolean;
  toggle: (open: boolean) => void;
  save: (input: CounterPaymentInput) => Promise<void>;
}

/** Whether money can be taken at the counter for a booking now, as the server decides it. */
export const owesAtCounter = (booking: Pick<Booking, 'status' | 'money'>) =>
  (booking.status === 'confirmed' || booking.status === 'completed') && booking.money.due > 0;

/**
 * Which booking of a list has its 'Record payment' form open (one at a time), and the control for
 * each booking that still owes money. The form closes once the payment is recorded.
 */
export function useRecordControls(record: ((booking: Booking, input: CounterPaymentInput) => Promise<unknown>) | undefined) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (booking: Booking): RecordControl | undefined =>
    record && owesAtCounter(booking)
      ? {
          open: openId === booking._id,
          toggle: (open) => setOpenId(open ? booking._id : null),
          save: async (input) => {
            await record(booking, input);
            setOpenId(null);
          },
        }
      : undefined;
}

export function RecordButton({ which, ...props }: PanelButtonProps & { control: RecordControl }) {
  const { t } = useTranslation('admin');
  return (
    <PanelButton {...props} name={t('record.buttonFor', { which })} className="btn-success">
      <Banknote aria-hidden="true" className="size-4" />
      {t('record.button')}
    </PanelButton>
  );
}

/** The open 'Record payment' form under its booking. */
export function RecordPanel({ booking, control, panelId, close, className = '' }: { booking: Booking; control: RecordControl | undefined; className?: string } & Omit<MoveDisclosure, 'buttonRef'>) {
  if (!control?.open) return null;
  return (
    <div id={panelId} className={className}>
      <RecordPaymentForm
        title={booking.title}
        title_bn={booking.title_bn}
        customerName={booking.customer.name}
        due={booking.money.due}
        onSave={async (input) => {
          await control.save(input);
          // Back to 'Record payment' while some is still due; once paid in full it is gone, and the
          // list's own rule (keepFocusInPlace) moves focus to the booking's next action.
          close();
        }}
        onCancel={close}
      />
    </div>
  );
}

interface RecordPaymentFormProps {
  /** The service and who owes it, and what she owes at the salon (taka). */
  title: string;
  /** Its Bangla title (null: none), shown on a Bangla page. */
  title_bn: string | null;
  customerName: string;
  due: number;
  onSave: (input: CounterPaymentInput) => Promise<void>;
  onCancel: () => void;
}

/**
 * Money taken at the salon: the amount (what is due, unless she pays part) and how she paid. The
 * server's refusal (more than the visit owes, paid meanwhile at another desk) is shown under the
 * amount, which takes the focus; Escape closes the form as Cancel does.
 */
export function RecordPaymentForm({ title: en, title_bn: bn, customerName, due, onSave, onCancel }: RecordPaymentFormProps) {
  const headingId = useId();
  const methodName = useId();
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const { money } = useSalonFormat();
  const title = useSalonText(en, bn);
  const methodLabels: Record<CounterMethod, string> = { cash: t('method.cash'), card: t('method.card'), bkash: t('method.bkash'), nagad: t('method.nagad') };
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CounterPaymentInput>({
    resolver: zodResolver(counterPaymentInputSchema),
    defaultValues: { amount: due, method: 'cash' },
  });

  const methodField = register('method');

  // Opened by 'Record payment': the amount is what she is asked about first.
  useEffect(() => setFocus('amount', { shouldSelect: true }), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
    } catch (error) {
      // A refusal of what was typed (400) or of what the visit owes now (409) belongs to the form's
      // fields; anything else (the connection, the server) is said above the buttons.
      if (!(error instanceof ApiRequestError) || (error.statusCode !== 400 && error.statusCode !== 409)) {
        setFailure(error instanceof Error ? errorText(error.message) : t('record.failed'));
        return;
      }
      // What the visit owes now (409) is said under the amount, as is a refusal that names no field.
      const placed = error.statusCode === 409 ? 0 : applyServerFieldErrors(error, setError, fieldsNamed<CounterPaymentInput>('amount', 'method'), { focus: true });
      if (placed === 0) setError('amount', { type: 'server', message: error.message }, { shouldFocus: true });
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };

  return (
    <form noValidate aria-labelledby={headingId} onSubmit={(event) => void onSubmit(event)} onKeyDown={onKeyDown} className="space-y-4 rounded-box bg-base-200/60 p-4">
      <div>
        <p id={headingId} className="font-semibold wrap-break-word">
          <Trans t={t} i18nKey="record.heading" values={{ title: title.text }} components={{ service: <span lang={title.lang} /> }} />
        </p>
        <p className="text-sm text-base-content/75 wrap-break-word">
          <Trans t={t} i18nKey="record.owes" values={{ name: customerName, amount: money(due) }} components={{ name: <span translate="no" /> }} />
        </p>
      </div>
      <InputField
        label={t('record.amount')}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        className="max-w-48"
        error={errors.amount?.message === undefined ? undefined : errorText(errors.amount.message)}
        registration={register('amount', { valueAsNumber: true })}
      />
      <fieldset aria-describedby={errors.method ? `${methodName}-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium">{t('record.paidBy')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {counterMethodSchema.options.map((method) => (
            <label key={method} className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="radio" value={method} className="radio radio-sm radio-primary" {...methodField} />
              {methodLabels[method]}
            </label>
          ))}
        </div>
        {errors.method ? (
          <p id={`${methodName}-error`} className="mt-1.5 text-sm font-medium text-error">
            {errorText(errors.method.message ?? '')}
          </p>
        ) : null}
      </fieldset>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton label={t('record.save')} icon={Banknote} pending={isSubmitting} className="btn-sm" />
        <button type="button" className="btn rounded-full btn-ghost btn-sm" onClick={onCancel}>
          {t('record.cancel')}
        </button>
      </div>
    </form>
  );
}

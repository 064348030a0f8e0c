import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PaymentPolicy } from '@shared/deposits';
import { useErrorText } from '../hooks/use-error-text';
import { useSalonFormat } from '../hooks/use-salon-format';
import { InputField } from './ui/form-field';

/**
 * The choices, as the admin reads them (the `services` catalogue's paymentPolicy.modes); a service
 * adds 'The salon's policy' before them.
 */
const MODES: readonly PaymentPolicy['mode'][] = ['full', 'deposit-percent', 'deposit-fixed', 'at-salon'];

type PolicyPath = 'paymentPolicy.mode' | 'paymentPolicy.percent' | 'paymentPolicy.amount';

/** What the fieldset needs of a react-hook-form form whose values hold a `paymentPolicy`. */
export interface PolicyForm {
  register: (name: PolicyPath, options?: { valueAsNumber: true; shouldUnregister: true }) => UseFormRegisterReturn;
  getFieldState: (name: PolicyPath) => { error?: { message?: string | undefined } | undefined };
}

export interface PaymentPolicyFieldsetProps {
  legend: string;
  hint: string;
  /** The choice made now, so the share or the amount is asked for only with its deposit. */
  mode: string | undefined;
  form: PolicyForm;
  /** A first choice that stands for no policy of its own (a service following the salon's). */
  inherit?: { value: string; label: string; hint: string };
}

/**
 * How customers pay (docs/decisions/042): a radio group of the four policies, with the deposit's
 * share or amount under the choice that needs it. The salon's settings and the service form share
 * it; each form keeps its own values and checks them with the shared schema.
 */
export function PaymentPolicyFieldset({ legend, hint, mode, form, inherit }: PaymentPolicyFieldsetProps) {
  const { t } = useTranslation('services');
  const errorText = useErrorText();
  const format = useSalonFormat();
  const id = useId();
  // Read by path: the errors of a union of shapes have no common 'percent' or 'amount'.
  const errors = {
    mode: form.getFieldState('paymentPolicy.mode').error?.message,
    percent: form.getFieldState('paymentPolicy.percent').error?.message,
    amount: form.getFieldState('paymentPolicy.amount').error?.message,
  };
  // The share and the amount are registered only while shown, and unregistered when hidden: a
  // hidden field would stay in the form's values (a saved form would look changed, and a share
  // typed before choosing another policy would be kept).
  const numberOptions = { valueAsNumber: true, shouldUnregister: true } as const;
  const modeField = form.register('paymentPolicy.mode');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const choices = [...(inherit ? [{ value: inherit.value, label: inherit.label, hint: inherit.hint }] : []), ...MODES.map((value) => ({ value, label: t(`paymentPolicy.modes.${value}`), hint: undefined }))];
  return (
    <fieldset aria-describedby={errors.mode ? `${hintId} ${errorId}` : hintId}>
      <legend className="mb-1.5 text-sm font-medium text-base-content">{legend}</legend>
      <p id={hintId} className="mb-2 text-xs text-base-content/70">
        {hint}
      </p>
      <div className="space-y-2">
        {choices.map((choice) => (
          // min-w-0 and wrapping text: at 320 px the longest label takes two lines, not the page's width.
          <label key={choice.value} className="flex min-w-0 cursor-pointer items-start gap-3 rounded-field px-1 py-1.5 text-sm">
            <input type="radio" className="radio mt-0.5 shrink-0 radio-sm radio-primary" value={choice.value} {...modeField} />
            <span className="min-w-0">
              {choice.label}
              {choice.hint ? <span className="block text-xs text-base-content/70">{choice.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {errors.mode ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-error">
          {errorText(errors.mode)}
        </p>
      ) : null}
      {mode === 'deposit-percent' ? (
        <InputField
          className="mt-3 max-w-xs"
          label={t('paymentPolicy.percent')}
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          hint={t('paymentPolicy.percentHint', { least: format.money(1) })}
          error={errors.percent}
          registration={form.register('paymentPolicy.percent', numberOptions)}
        />
      ) : null}
      {mode === 'deposit-fixed' ? (
        <InputField
          className="mt-3 max-w-xs"
          label={t('paymentPolicy.amount')}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          hint={t('paymentPolicy.amountHint')}
          error={errors.amount}
          registration={form.register('paymentPolicy.amount', numberOptions)}
        />
      ) : null}
    </fieldset>
  );
}

import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquareText, Send, ShieldCheck } from 'lucide-react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatPhone, phoneSchema } from '@shared/phone';
import { CODE_MESSAGE, PHONE_CODE_MINUTES, type MyPhone } from '@shared/sms';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { InputField, PhoneField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { applyServerFieldErrors, fieldsNamed } from '@/lib/server-field-errors';
import { useErrorText } from '@/hooks/use-error-text';
import { useMyPhone, useRemovePhone, useSetPhone, useSmsPreference, useVerifyPhone } from '../api/my-phone';

// The forms' own schemas: the same rules as the API's, with the text the field keeps as typed.
const phoneFormSchema = z.object({ phone: phoneSchema });
const codeFormSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, CODE_MESSAGE) });

/**
 * A refusal about one field goes under it; any other one is answered above the button. Returns the
 * message for the button's alert (undefined when the field has it).
 */
function refusalOf<Values extends FieldValues>(error: Error | null, field: Path<Values>, setError: UseFormSetError<Values>): string | undefined {
  if (!error) return undefined;
  return applyServerFieldErrors(error, setError, fieldsNamed<Values>(field)) > 0 ? undefined : error.message;
}

/** The user home's 'Mobile number': add it, prove it with a texted code, change or remove it, texts on or off. */
export function MobileNumber() {
  const { t } = useTranslation('account');
  const phone = useMyPhone();
  return (
    <section aria-labelledby="mobile-number" className="mt-8 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <h2 id="mobile-number" className="text-xl font-semibold">
        {t('mobileNumber.heading')}
      </h2>
      <p className="mt-2 text-base-content/75">{t('mobileNumber.intro')}</p>
      <QueryState query={phone} className="mt-4" loading={{ label: t('mobileNumber.loading'), rows: 1, row: <div className="skeleton h-10 w-full max-w-sm" /> }}>
        {(data) => <PhoneState phone={data} />}
      </QueryState>
    </section>
  );
}

function PhoneState({ phone }: { phone: MyPhone }) {
  const [changing, setChanging] = useState(false);
  if (!phone.phone || changing) return <PhoneForm current={phone.phone} onDone={() => setChanging(false)} />;
  if (!phone.verified) return <CodeForm phone={phone} onChange={() => setChanging(true)} />;
  return <ProvenPhone phone={phone} onChange={() => setChanging(true)} />;
}

function PhoneForm({ current, onDone }: { current: string | null; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof phoneFormSchema>, unknown, z.output<typeof phoneFormSchema>>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { phone: current ? formatPhone(current) : '' },
  });
  const { t } = useTranslation('account');
  const setPhone = useSetPhone();
  const [refusal, setRefusal] = useState<string>();
  const onSubmit = handleSubmit(({ phone }) => {
    setRefusal(undefined);
    setPhone.mutate({ phone }, { onSuccess: onDone, onError: (error) => setRefusal(refusalOf(error, 'phone', setError)) });
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('mobileNumber.setLabel')} className="mt-4 max-w-sm space-y-4">
      <PhoneField label={t('mobileNumber.field')} hint={t('mobileNumber.fieldHint')} error={errors.phone?.message} registration={register('phone')} />
      <FormActions label={t('mobileNumber.sendCode')} icon={Send} pending={setPhone.isPending} error={refusal} className="w-full sm:w-auto" />
      {current ? (
        <button type="button" className="btn w-full rounded-full btn-ghost sm:ml-2 sm:w-auto" onClick={onDone}>
          <Trans t={t} i18nKey="mobileNumber.keep" values={{ number: formatPhone(current) }} components={{ number: <span className="whitespace-nowrap" /> }} />
        </button>
      ) : null}
    </form>
  );
}

function CodeForm({ phone, onChange }: { phone: MyPhone; onChange: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const verify = useVerifyPhone();
  const resend = useSetPhone();
  const [refusal, setRefusal] = useState<string>();
  const number = formatPhone(phone.phone ?? '');
  const onSubmit = handleSubmit(({ code }) => {
    setRefusal(undefined);
    verify.mutate({ code }, { onError: (error) => setRefusal(refusalOf(error, 'code', setError)) });
  });
  const sendAgain = () => {
    setRefusal(undefined);
    reset();
    resend.mutate({ phone: phone.phone ?? '' }, { onError: (error) => setRefusal(error.message) });
  };
  return (
    <div className="mt-4 max-w-sm space-y-4">
      <p>
        {phone.codeExpiresAt ? (
          <Trans
            t={t}
            i18nKey="mobileNumber.codeSent"
            values={{ number, minutes: PHONE_CODE_MINUTES }}
            components={{ number: <strong className="whitespace-nowrap" /> }}
          />
        ) : (
          <Trans t={t} i18nKey="mobileNumber.notProven" values={{ number }} components={{ number: <strong className="whitespace-nowrap" /> }} />
        )}
      </p>
      {phone.codeExpiresAt ? (
        <form noValidate onSubmit={onSubmit} aria-label={t('mobileNumber.proveLabel')} className="space-y-4">
          <InputField label={t('mobileNumber.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={errors.code?.message} registration={register('code')} />
          <FormActions label={t('mobileNumber.prove')} icon={ShieldCheck} pending={verify.isPending} error={refusal} className="w-full sm:w-auto" />
        </form>
      ) : refusal ? (
        <FormAlert>{errorText(refusal)}</FormAlert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn rounded-full btn-outline btn-sm" onClick={sendAgain} disabled={resend.isPending}>
          {phone.codeExpiresAt ? t('mobileNumber.sendNewCode') : t('mobileNumber.sendACode')}
        </button>
        <button type="button" className="btn rounded-full btn-ghost btn-sm" onClick={onChange}>
          {t('mobileNumber.change')}
        </button>
      </div>
    </div>
  );
}

function ProvenPhone({ phone, onChange }: { phone: MyPhone; onChange: () => void }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const remove = useRemovePhone();
  const preference = useSmsPreference();
  const failure = remove.error ?? preference.error;
  return (
    <div className="mt-4 space-y-4">
      <p className="flex flex-wrap items-center gap-2">
        <strong className="text-lg whitespace-nowrap">{formatPhone(phone.phone ?? '')}</strong>
        <span className="badge gap-1 border-success/40 bg-success/10 badge-sm text-success">
          <ShieldCheck aria-hidden="true" className="size-3.5" />
          {t('mobileNumber.proven')}
        </span>
      </p>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="checkbox mt-0.5 checkbox-primary"
          checked={!phone.smsOptOut}
          disabled={preference.isPending}
          onChange={(event) => preference.mutate({ optOut: !event.target.checked })}
        />
        <span>
          <span className="flex items-center gap-1.5 font-medium">
            <MessageSquareText aria-hidden="true" className="size-4" />
            {t('mobileNumber.textMe')}
          </span>
          <span className="block text-sm text-base-content/70">{t('mobileNumber.textMeHint')}</span>
        </span>
      </label>
      {failure ? <FormAlert>{errorText(failure.message)}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn rounded-full btn-outline btn-sm" onClick={onChange}>
          {t('mobileNumber.change')}
        </button>
        <button type="button" className="btn rounded-full btn-ghost btn-sm text-error" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {t('mobileNumber.remove')}
        </button>
      </div>
    </div>
  );
}

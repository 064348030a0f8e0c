import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Search, UserPlus } from 'lucide-react';
import { newDeskCustomerSchema, type DeskCustomer, type NewDeskCustomer } from '@shared/front-desk';
import { contactLine } from '@/components/ui/customer-contact';
import { SubmitButton } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { InputField, PhoneField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { useErrorText } from '@/hooks/use-error-text';
import { applyServerFieldErrors, fieldsNamed } from '@/lib/server-field-errors';
import { useCreateDeskCustomer, useCustomerSearch } from '../api/front-desk';

/** Her e-mail and number in one line (not words to translate), or what the desk should know when there is neither. */
export function CustomerDetails({ customer, className }: { customer: DeskCustomer; className: string }) {
  const { t } = useTranslation('front-desk');
  const line = contactLine(customer);
  return line ? (
    <span translate="no" className={className}>
      {line}
    </span>
  ) : (
    <span className={className}>{t('picker.noContact')}</span>
  );
}

/**
 * Step one of the front desk: find the customer by a part of her name, e-mail or mobile number, or
 * record her (name and number; an e-mail only if she gives one). Choosing or recording her hands
 * her to the page.
 */
export function CustomerPicker({ onPick }: { onPick: (customer: DeskCustomer) => void }) {
  const { t } = useTranslation('front-desk');
  const searchId = useId();
  const hintId = useId();
  const resultsId = useId();
  const [q, setQ] = useState('');
  const [adding, setAdding] = useState(false);
  const search = useCustomerSearch(q);
  const typed = q.trim().length >= 2;

  if (adding) {
    // What she searched for starts the form: a number as her number, anything else as her name.
    const typedNumber = /^[\d\s+()-]+$/.test(q.trim());
    return <NewCustomerForm initialName={typedNumber ? '' : q.trim()} initialPhone={typedNumber ? q.trim() : ''} onCreated={onPick} onCancel={() => setAdding(false)} />;
  }

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium">
          {t('picker.find')}
        </label>
        {/* daisyUI's wrapper form of .input: the box draws the border and background and the field
            inside is transparent, so the magnifier is not painted over (the input itself is positioned). */}
        <div className="input w-full">
          <Search aria-hidden="true" className="pointer-events-none size-4 shrink-0 text-base-content/60" />
          <input
            id={searchId}
            type="search"
            className="grow"
            value={q}
            autoComplete="off"
            aria-describedby={hintId}
            aria-controls={resultsId}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <p id={hintId} className="mt-1.5 text-xs text-base-content/70">
          {t('picker.hint')}
        </p>
      </div>

      <div id={resultsId} aria-live="polite">
        {typed ? (
          <QueryState
            query={search}
            loading={{ label: t('picker.searching'), showLabel: true, rows: 2, row: <div className="skeleton h-10 w-full" /> }}
            empty={{ icon: Search, title: t('picker.noMatchTitle', { q: q.trim() }), message: t('picker.noMatchText') }}
          >
            {(customers) => (
              <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label={t('picker.found')}>
                {customers.map((customer) => (
                  <li key={customer._id}>
                    <button
                      type="button"
                      className="flex w-full min-w-0 flex-col items-start gap-0.5 px-4 py-3 text-left hover:bg-base-200 focus-visible:bg-base-200"
                      onClick={() => onPick(customer)}
                    >
                      <span translate="no" className="font-semibold wrap-break-word">
                        {customer.name}
                      </span>
                      <CustomerDetails customer={customer} className="max-w-full text-xs wrap-break-word text-base-content/70" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        ) : null}
      </div>

      <button type="button" className="btn rounded-full btn-outline btn-sm btn-primary" onClick={() => setAdding(true)}>
        <UserPlus aria-hidden="true" className="size-4" />
        {t('picker.newCustomer')}
      </button>
    </div>
  );
}

function NewCustomerForm({
  initialName,
  initialPhone,
  onCreated,
  onCancel,
}: {
  initialName: string;
  initialPhone: string;
  onCreated: (customer: DeskCustomer) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('front-desk');
  const errorText = useErrorText();
  const headingId = useId();
  const create = useCreateDeskCustomer();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewDeskCustomer, unknown, z.output<typeof newDeskCustomerSchema>>({
    // The form keeps what she typed; the number is sent in E.164 (the schema's output).
    resolver: zodResolver(newDeskCustomerSchema),
    defaultValues: { name: initialName, phone: initialPhone, email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      // A problem with one of her details goes under its field (an e-mail already registered, say).
      if (applyServerFieldErrors(error, setError, fieldsNamed<NewDeskCustomer>('name', 'phone', 'email'), { focus: true }) > 0) return;
      setFailure(error instanceof Error ? errorText(error.message) : t('picker.failed'));
    }
  });

  return (
    <form noValidate aria-labelledby={headingId} onSubmit={(event) => void onSubmit(event)} className="space-y-4 rounded-box bg-base-200/60 p-4">
      <p id={headingId} className="font-semibold">
        {t('picker.newCustomer')}
      </p>
      <InputField label={t('picker.name')} autoComplete="off" error={errors.name?.message} registration={register('name')} />
      <PhoneField
        label={t('picker.phone')}
        autoComplete="off"
        placeholder=""
        hint={t('picker.phoneHint')}
        error={errors.phone?.message}
        registration={register('phone')}
      />
      <InputField
        label={t('picker.email')}
        type="email"
        optional
        autoComplete="off"
        hint={t('picker.emailHint')}
        error={errors.email?.message}
        registration={register('email')}
      />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton label={t('picker.save')} icon={UserPlus} pending={isSubmitting} className="btn-sm" />
        <button type="button" className="btn rounded-full btn-ghost btn-sm" onClick={onCancel}>
          {t('picker.back')}
        </button>
      </div>
    </form>
  );
}

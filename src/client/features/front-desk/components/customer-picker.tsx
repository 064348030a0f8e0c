import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Search, UserPlus } from 'lucide-react';
import { newDeskCustomerSchema, type DeskCustomer, type NewDeskCustomer } from '../../../../shared/front-desk';
import { contactLine } from '../../../components/ui/customer-contact';
import { SubmitButton } from '../../../components/ui/form-actions';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField, PhoneField } from '../../../components/ui/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreateDeskCustomer, useCustomerSearch } from '../api/front-desk';

/** Her e-mail and number in one line, or what the desk should know when there is neither. */
export function customerDetails(customer: DeskCustomer): string {
  return contactLine(customer) || 'No e-mail or number on file';
}

/**
 * Step one of the front desk: find the customer by a part of her name, e-mail or mobile number, or
 * record her (name and number; an e-mail only if she gives one). Choosing or recording her hands
 * her to the page.
 */
export function CustomerPicker({ onPick }: { onPick: (customer: DeskCustomer) => void }) {
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
          Find a customer
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
          Her name, e-mail or mobile number (two letters or digits at least).
        </p>
      </div>

      <div id={resultsId} aria-live="polite">
        {!typed ? null : search.isError ? (
          <p role="alert" className="text-sm text-error">
            {search.error.message}
          </p>
        ) : search.data === undefined ? (
          <p className="text-sm text-base-content/75">
            <span aria-hidden="true" className="mr-2 loading loading-xs loading-spinner" />
            Searching…
          </p>
        ) : search.data.length === 0 ? (
          <p className="text-sm text-base-content/75">No customer matches “{q.trim()}”. Record her as a new customer.</p>
        ) : (
          <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label="Customers found">
            {search.data.map((customer) => (
              <li key={customer._id}>
                <button
                  type="button"
                  className="flex w-full min-w-0 flex-col items-start gap-0.5 px-4 py-3 text-left hover:bg-base-200 focus-visible:bg-base-200"
                  onClick={() => onPick(customer)}
                >
                  <span className="font-semibold wrap-break-word">{customer.name}</span>
                  <span className="max-w-full text-xs wrap-break-word text-base-content/70">{customerDetails(customer)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <button type="button" className="btn rounded-full btn-outline btn-sm btn-primary" onClick={() => setAdding(true)}>
        <UserPlus aria-hidden="true" className="size-4" />
        New customer
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
      if (error instanceof ApiRequestError && error.issues?.length) {
        for (const issue of error.issues) {
          if (issue.path === 'name' || issue.path === 'phone' || issue.path === 'email') setError(issue.path, { type: 'server', message: issue.message }, { shouldFocus: true });
        }
        return;
      }
      setFailure(error instanceof Error ? error.message : 'She was not recorded. Please try again.');
    }
  });

  return (
    <form noValidate aria-labelledby={headingId} onSubmit={(event) => void onSubmit(event)} className="space-y-4 rounded-box bg-base-200/60 p-4">
      <p id={headingId} className="font-semibold">
        New customer
      </p>
      <InputField label="Name" autoComplete="off" error={errors.name?.message} registration={register('name')} />
      <PhoneField
        label="Mobile number"
        autoComplete="off"
        placeholder=""
        hint="As she gives it, e.g. 01712 345678"
        error={errors.phone?.message}
        registration={register('phone')}
      />
      <InputField
        label="E-mail"
        type="email"
        optional
        autoComplete="off"
        hint="Her confirmation is e-mailed when she gives one."
        error={errors.email?.message}
        registration={register('email')}
      />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton label="Save customer" icon={UserPlus} pending={isSubmitting} className="btn-sm" />
        <button type="button" className="btn rounded-full btn-ghost btn-sm" onClick={onCancel}>
          Back to search
        </button>
      </div>
    </form>
  );
}

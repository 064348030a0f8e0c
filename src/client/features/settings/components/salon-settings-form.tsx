import { useId, useRef, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarX2, Clock, Plus, Save, Trash2, Undo2, Wallet } from 'lucide-react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import {
  SLOT_MINUTE_OPTIONS,
  WEEKDAY_NAMES,
  isKnownTimeZone,
  salonSettingsSchema,
  type DayHours,
  type SalonSettings,
} from '../../../../shared/salon-settings';
import { SubmitButton } from '../../../components/ui/form-actions';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/form-field';
import { PaymentPolicyFieldset } from '../../../components/payment-policy-fieldset';
import { ApiRequestError } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/dialogs';
import { timeZoneLabel } from '../../../../shared/calendar';
import { useUpdateSettings } from '../api/update-settings';

/** The hours a day gets when it is opened again and had none before. */
const DEFAULT_DAY: NonNullable<DayHours> = { open: '10:00', close: '20:00' };

// The zones the browser knows, offered as suggestions; the field still takes any IANA name.
const TIME_ZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
})();

/** Server issue paths that name a field of this form: `capacity`, `openingHours.2.close`, `closedDates.1`. */
const FIELD_PATH =
  /^(timeZone|capacity|slotMinutes|minNoticeMinutes|horizonDays|holdMinutes|waitlistOfferMinutes|cancelNoticeHours|reminderHours|unpaidLimit|backupTime|backupsKept|smsQuietFrom|smsQuietUntil|paymentPolicy\.(mode|percent|amount)|(openingHours|closedDates)(\.\d+(\.(open|close))?)?)$/;

function isFieldPath(path: string): path is FieldPath<SalonSettings> {
  return FIELD_PATH.test(path);
}

const sectionClass = 'rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6';

type NumberSetting = 'capacity' | 'minNoticeMinutes' | 'horizonDays' | 'holdMinutes' | 'waitlistOfferMinutes' | 'cancelNoticeHours' | 'reminderHours' | 'unpaidLimit' | 'backupsKept';

interface NumberSettingField {
  name: NumberSetting;
  label: string;
  min: number;
  max?: number;
  hint: string;
}

const CAPACITY_FIELD: NumberSettingField = {
  name: 'capacity',
  label: 'Clients served at once',
  min: 1,
  max: 50,
  hint: 'No time is offered once this many clients are booked for it.',
};

// Apart from the capacity because the slot length's select stands between them in the grid.
const TIMING_FIELDS: readonly NumberSettingField[] = [
  { name: 'minNoticeMinutes', label: 'Minimum notice (minutes)', min: 0, hint: 'How long before a visit it can still be booked.' },
  { name: 'horizonDays', label: 'Booking horizon (days)', min: 1, max: 365, hint: 'How many days ahead clients may book.' },
  { name: 'holdMinutes', label: 'Hold time (minutes)', min: 1, max: 60, hint: 'How long a chosen time is kept while the client pays.' },
  {
    name: 'waitlistOfferMinutes',
    label: 'Waitlist offer (minutes)',
    min: 5,
    max: 240,
    hint: 'How long a freed time is held for the next client on the waitlist before it passes on.',
  },
  {
    name: 'cancelNoticeHours',
    label: 'Cancellation notice (hours)',
    min: 0,
    max: 720,
    hint: 'Until how long before a visit a client may cancel or move it.',
  },
  {
    name: 'reminderHours',
    label: 'Reminder (hours before)',
    min: 0,
    max: 336,
    hint: 'When the reminder e-mail goes out before a visit; 0 sends none.',
  },
];

const UNPAID_LIMIT_FIELD: NumberSettingField = {
  name: 'unpaidLimit',
  label: 'Unpaid bookings per customer',
  min: 0,
  max: 20,
  hint: 'How many upcoming visits one customer may hold with nothing paid yet (booked to pay at the salon).',
};

const BACKUPS_KEPT_FIELD: NumberSettingField = {
  name: 'backupsKept',
  label: 'Backups kept',
  min: 1,
  max: 365,
  hint: 'Older backups are deleted after each new one.',
};

interface SalonSettingsFormProps {
  initial: SalonSettings;
}

/**
 * The admin's form for the salon's booking rules, checked in the browser with the same schema the
 * server uses; anything the server still refuses is shown under the field it names.
 */
export function SalonSettingsForm({ initial }: SalonSettingsFormProps) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    getFieldState,
    formState: { errors, isDirty, isSubmitted },
  } = useForm<SalonSettings>({
    resolver: zodResolver(salonSettingsSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const update = useUpdateSettings();
  const openingHours = useWatch({ control, name: 'openingHours' });
  const timeZone = useWatch({ control, name: 'timeZone' });
  const closedDates = useWatch({ control, name: 'closedDates' });
  const policyMode = useWatch({ control, name: 'paymentPolicy.mode' });
  const addDateButton = useRef<HTMLButtonElement>(null);
  // Set when a date row is added, so its input takes the focus as soon as it exists.
  const focusNewDate = useRef<number | null>(null);
  // A day closed by mistake gets its hours back when it is opened again.
  const rememberedHours = useRef<Record<number, NonNullable<DayHours>>>({});
  const zoneListId = useId();
  const slotId = useId();
  const slotErrorId = useId();
  const hoursHeadingId = useId();
  const closedHeadingId = useId();
  const backupHeadingId = useId();
  const paymentsHeadingId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Back to Save after the dialog, where she was (it was locked while saving, so focus had nowhere to return).
    const saveButton = event.currentTarget.querySelector<HTMLElement>('button[type="submit"]');
    return handleSubmit((values) => save(values, saveButton))(event);
  };

  const save = (values: SalonSettings, saveButton: HTMLElement | null) => {
    update.mutate(values, {
      onSuccess: () => {
        reset(values);
        void showSuccess({ title: 'Settings saved', focusAfter: () => saveButton });
      },
      onError: (error) => {
        if (!(error instanceof ApiRequestError)) return;
        let first = true;
        for (const issue of error.issues ?? []) {
          if (!isFieldPath(issue.path)) continue;
          setError(issue.path, { type: 'server', message: issue.message }, { shouldFocus: first });
          first = false;
        }
      },
    });
  };

  const addClosedDate = () => {
    focusNewDate.current = closedDates.length;
    setValue('closedDates', [...closedDates, ''], { shouldDirty: true });
  };
  const removeClosedDate = (index: number) => {
    setValue(
      'closedDates',
      closedDates.filter((_, i) => i !== index),
      { shouldDirty: true, shouldValidate: isSubmitted },
    );
    // The row and its button are gone; the add button is the nearest stable place.
    addDateButton.current?.focus();
  };

  const setClosed = (day: number, closed: boolean) => {
    const current = getValues(`openingHours.${day}`);
    if (closed && current) rememberedHours.current[day] = current;
    setValue(`openingHours.${day}`, closed ? null : (rememberedHours.current[day] ?? DEFAULT_DAY), {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
  };

  const numberField = ({ name, label, min, max, hint }: NumberSettingField) => (
    <InputField
      key={name}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      hint={hint}
      error={errors[name]?.message}
      registration={register(name, { valueAsNumber: true })}
    />
  );

  // Issues the server sent for paths this form has no field for (it should not happen, but then
  // they are still shown rather than lost).
  const unplacedIssues =
    update.error instanceof ApiRequestError ? (update.error.issues ?? []).filter((issue) => !isFieldPath(issue.path)) : [];

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6" aria-label="Salon settings">
      {update.isError ? (
        <FormAlert>
          <p>{update.error.message}</p>
          {unplacedIssues.map((issue) => (
            <p key={`${issue.path}-${issue.message}`}>{issue.message}</p>
          ))}
        </FormAlert>
      ) : null}

      <section className={sectionClass} aria-labelledby={`${zoneListId}-heading`}>
        <h2 id={`${zoneListId}-heading`} className="text-xl font-semibold">
          The salon’s clock
        </h2>
        <InputField
          className="mt-4 max-w-md"
          label="Time zone"
          list={zoneListId}
          autoComplete="off"
          spellCheck={false}
          hint={`An IANA zone such as Asia/Dhaka. Every time on the site is shown in it${
            timeZone && isKnownTimeZone(timeZone.trim()) ? `: now ${timeZoneLabel(timeZone.trim())}` : ''
          }.`}
          error={errors.timeZone?.message}
          registration={register('timeZone')}
        />
        <datalist id={zoneListId}>
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </section>

      <section className={sectionClass} aria-labelledby={hoursHeadingId}>
        <h2 id={hoursHeadingId} className="flex items-center gap-2 text-xl font-semibold">
          <Clock aria-hidden="true" className="size-5 text-primary" />
          Opening hours
        </h2>
        <p className="mt-1 text-sm text-base-content/75">A visit must end by closing time.</p>
        {errors.openingHours?.message ? <p className="mt-2 text-sm font-medium text-error">{errors.openingHours.message}</p> : null}
        <ul className="mt-4 divide-y divide-base-300/70">
          {WEEKDAY_NAMES.map((dayName, day) => {
            const hours = openingHours[day];
            const dayErrors = errors.openingHours?.[day];
            return (
              <li key={dayName} className="grid gap-3 py-3 sm:grid-cols-[8rem_8rem_minmax(0,1fr)] sm:items-start">
                <p className="pt-2 font-medium">{dayName}</p>
                <label className="flex cursor-pointer items-center gap-2 pt-2 text-sm">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    // Seven boxes all read "Closed": the name says which day (visible word first).
                    aria-label={`Closed on ${dayName}`}
                    checked={hours === null}
                    onChange={(event) => setClosed(day, event.target.checked)}
                  />
                  Closed
                </label>
                {hours ? (
                  <div className="grid grid-cols-2 gap-3">
                    <InputField
                      label={`Opens on ${dayName}`}
                      type="time"
                      error={dayErrors?.open?.message}
                      registration={register(`openingHours.${day}.open`)}
                    />
                    <InputField
                      label={`Closes on ${dayName}`}
                      type="time"
                      error={dayErrors?.close?.message ?? dayErrors?.message}
                      registration={register(`openingHours.${day}.close`)}
                    />
                  </div>
                ) : (
                  <p className="pt-2 text-sm text-base-content/70">Closed all day</p>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section className={sectionClass} aria-labelledby={`${slotId}-heading`}>
        <h2 id={`${slotId}-heading`} className="text-xl font-semibold">
          Bookings
        </h2>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          {numberField(CAPACITY_FIELD)}
          <div>
            <label htmlFor={slotId} className="mb-1.5 block text-sm font-medium text-base-content">
              Slot length
            </label>
            <select
              id={slotId}
              className={`select w-full ${errors.slotMinutes ? 'select-error' : ''}`}
              aria-invalid={errors.slotMinutes ? true : undefined}
              aria-describedby={errors.slotMinutes ? slotErrorId : undefined}
              {...register('slotMinutes', { setValueAs: (value: string | number) => Number(value) })}
            >
              {SLOT_MINUTE_OPTIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} minutes
                </option>
              ))}
            </select>
            {errors.slotMinutes?.message ? (
              <p id={slotErrorId} className="mt-1.5 text-sm font-medium text-error">
                {errors.slotMinutes.message}
              </p>
            ) : null}
          </div>
          {TIMING_FIELDS.map(numberField)}
        </div>
      </section>

      <section className={sectionClass} aria-labelledby={paymentsHeadingId}>
        <h2 id={paymentsHeadingId} className="flex items-center gap-2 text-xl font-semibold">
          <Wallet aria-hidden="true" className="size-5 text-primary" />
          Payments
        </h2>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <PaymentPolicyFieldset
            legend="How customers pay"
            hint="When they book; a service may have its own way. The rest of a deposit is paid at the salon."
            mode={policyMode}
            form={{ register, getFieldState }}
          />
          <div>{numberField(UNPAID_LIMIT_FIELD)}</div>
        </div>
      </section>

      <section className={sectionClass} aria-labelledby={closedHeadingId}>
        <h2 id={closedHeadingId} className="flex items-center gap-2 text-xl font-semibold">
          <CalendarX2 aria-hidden="true" className="size-5 text-primary" />
          Closed dates
        </h2>
        <p className="mt-1 text-sm text-base-content/75">Holidays and other days the salon stays shut, whatever the weekday.</p>
        <div className="mt-4">
          {closedDates.length === 0 ? <p className="text-sm text-base-content/70">No closed dates.</p> : null}
          <ul className="space-y-3">
            {closedDates.map((_, index) => (
              // Keyed by position: each input is controlled from the form's array, so no DOM state
              // is left behind when a row above it goes.
              <li key={index}>
                <Controller
                  control={control}
                  name={`closedDates.${index}`}
                  render={({ field, fieldState }) => (
                    <ClosedDateInput
                      index={index}
                      value={field.value ?? ''}
                      error={fieldState.error?.message}
                      inputRef={(input) => {
                        field.ref(input);
                        if (input && focusNewDate.current === index) {
                          focusNewDate.current = null;
                          input.focus();
                        }
                      }}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      onRemove={() => removeClosedDate(index)}
                    />
                  )}
                />
              </li>
            ))}
          </ul>
          {errors.closedDates?.message ? <p className="mt-2 text-sm font-medium text-error">{errors.closedDates.message}</p> : null}
          <button
            ref={addDateButton}
            type="button"
            className="btn mt-4 rounded-full btn-outline btn-sm btn-primary"
            onClick={addClosedDate}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add a closed date
          </button>
        </div>
      </section>

      <section className={sectionClass} aria-labelledby="sms-quiet-heading">
        <h2 id="sms-quiet-heading" className="text-xl font-semibold">
          Quiet hours for texts
        </h2>
        <p className="mt-1 text-sm text-base-content/75">
          No appointment text goes out between these times on the salon’s clock; one due then waits until they end, unless the visit is
          sooner. The same time twice means no quiet hours.
        </p>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <InputField label="Quiet from" type="time" error={errors.smsQuietFrom?.message} registration={register('smsQuietFrom')} />
          <InputField label="Quiet until" type="time" error={errors.smsQuietUntil?.message} registration={register('smsQuietUntil')} />
        </div>
      </section>

      <section className={sectionClass} aria-labelledby={backupHeadingId}>
        <h2 id={backupHeadingId} className="text-xl font-semibold">
          Daily backup
        </h2>
        <p className="mt-1 text-sm text-base-content/75">When the server copies the salon’s data each day, on the salon’s clock (embedded database only).</p>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <InputField label="Backup time" type="time" error={errors.backupTime?.message} registration={register('backupTime')} />
          {numberField(BACKUPS_KEPT_FIELD)}
        </div>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton label="Save settings" icon={Save} pending={update.isPending} className="px-6" />
        {isDirty ? (
          <button type="button" className="btn rounded-full btn-ghost" onClick={() => reset()} disabled={update.isPending}>
            <Undo2 aria-hidden="true" className="size-4" />
            Discard changes
          </button>
        ) : null}
      </div>
    </form>
  );
}

interface ClosedDateInputProps {
  index: number;
  value: string;
  error: string | undefined;
  inputRef: (input: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
  onBlur: () => void;
  onRemove: () => void;
}

/** One row of the closed dates: a labelled date input, its error, and a remove button. */
function ClosedDateInput({ index, value, error, inputRef, onChange, onBlur, onRemove }: ClosedDateInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        Closed date {index + 1}
      </label>
      <div className="flex items-center gap-2">
        <input
          ref={inputRef}
          id={id}
          type="date"
          className={`input w-auto ${error ? 'input-error' : ''}`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        <button type="button" className="btn btn-square btn-ghost btn-sm" aria-label={`Remove closed date ${index + 1}`} onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

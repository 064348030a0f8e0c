import { useId, useRef, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarX2, Clock, Languages, Plus, Save, Trash2, Undo2, Wallet } from 'lucide-react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { weekdayName } from '@shared/opening-hours';
import { SLOT_MINUTE_OPTIONS, isKnownTimeZone, salonSettingsSchema, type DayHours, type SalonSettings } from '@shared/salon-settings';
import { SubmitButton } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { InputField } from '@/components/ui/form-field';
import { PaymentPolicyFieldset } from '@/components/payment-policy-fieldset';
import { useErrorText } from '@/hooks/use-error-text';
import { useIntlLocale, useLanguage } from '@/hooks/use-language';
import { ApiRequestError } from '@/lib/api-client';
import { showSuccess } from '@/lib/dialogs';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { timeZoneLabel } from '@shared/calendar';
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
  /^(timeZone|capacity|slotMinutes|minNoticeMinutes|horizonDays|holdMinutes|waitlistOfferMinutes|cancelNoticeHours|reminderHours|unpaidLimit|backupTime|backupsKept|smsQuietFrom|smsQuietUntil|latinDigits|paymentPolicy\.(mode|percent|amount)|(openingHours|closedDates)(\.\d+(\.(open|close))?)?)$/;

function isFieldPath(path: string): path is FieldPath<SalonSettings> {
  return FIELD_PATH.test(path);
}

/** The form's field for a server issue's path (the API names them as the form does), if it has one. */
const fieldOf = (path: string): FieldPath<SalonSettings> | undefined => (isFieldPath(path) ? path : undefined);

const sectionClass = 'rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6';

type NumberSetting = 'capacity' | 'minNoticeMinutes' | 'horizonDays' | 'holdMinutes' | 'waitlistOfferMinutes' | 'cancelNoticeHours' | 'reminderHours' | 'unpaidLimit' | 'backupsKept';

/** A number setting; its label and hint are the `settings` catalogue's `fields.<name>` and `fields.<name>Hint`. */
interface NumberSettingField {
  name: NumberSetting;
  min: number;
  max?: number;
}

const CAPACITY_FIELD: NumberSettingField = { name: 'capacity', min: 1, max: 50 };

// Apart from the capacity because the slot length's select stands between them in the grid.
const TIMING_FIELDS: readonly NumberSettingField[] = [
  { name: 'minNoticeMinutes', min: 0 },
  { name: 'horizonDays', min: 1, max: 365 },
  { name: 'holdMinutes', min: 1, max: 60 },
  { name: 'waitlistOfferMinutes', min: 5, max: 240 },
  { name: 'cancelNoticeHours', min: 0, max: 720 },
  { name: 'reminderHours', min: 0, max: 336 },
];

const UNPAID_LIMIT_FIELD: NumberSettingField = { name: 'unpaidLimit', min: 0, max: 20 };

const BACKUPS_KEPT_FIELD: NumberSettingField = { name: 'backupsKept', min: 1, max: 365 };

interface SalonSettingsFormProps {
  initial: SalonSettings;
}

/**
 * The admin's form for the salon's booking rules, checked in the browser with the same schema the
 * server uses; anything the server still refuses is shown under the field it names.
 */
export function SalonSettingsForm({ initial }: SalonSettingsFormProps) {
  const { t } = useTranslation('settings');
  const locale = useIntlLocale();
  const errorText = useErrorText();
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
  const digitsHeadingId = useId();
  const digitsHintId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Back to Save after the dialog, where she was (it was locked while saving, so focus had nowhere to return).
    const saveButton = event.currentTarget.querySelector<HTMLElement>('button[type="submit"]');
    return handleSubmit((values) => save(values, saveButton))(event);
  };

  const save = (values: SalonSettings, saveButton: HTMLElement | null) => {
    update.mutate(values, {
      onSuccess: () => {
        reset(values);
        void showSuccess({ title: t('saved'), focusAfter: () => saveButton });
      },
      onError: (error) => applyServerFieldErrors(error, setError, fieldOf, { focus: true }),
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

  const slotField = register('slotMinutes', { setValueAs: (value: string | number) => Number(value) });
  const digitsField = register('latinDigits');

  const numberField = ({ name, min, max }: NumberSettingField) => (
    <InputField
      key={name}
      label={t(`fields.${name}`)}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      hint={t(`fields.${name}Hint`)}
      error={errors[name]?.message}
      registration={register(name, { valueAsNumber: true })}
    />
  );

  // Issues the server sent for paths this form has no field for (it should not happen, but then
  // they are still shown rather than lost).
  const unplacedIssues =
    update.error instanceof ApiRequestError ? (update.error.issues ?? []).filter((issue) => !isFieldPath(issue.path)) : [];

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6" aria-label={t('formLabel')}>
      {update.isError ? (
        <FormAlert>
          <p>{errorText(update.error.message)}</p>
          {unplacedIssues.map((issue) => (
            <p key={`${issue.path}-${issue.message}`}>{errorText(issue.message)}</p>
          ))}
        </FormAlert>
      ) : null}

      <section className={sectionClass} aria-labelledby={`${zoneListId}-heading`}>
        <h2 id={`${zoneListId}-heading`} className="text-xl font-semibold">
          {t('clock.heading')}
        </h2>
        <InputField
          className="mt-4 max-w-md"
          label={t('clock.timeZone')}
          list={zoneListId}
          autoComplete="off"
          spellCheck={false}
          hint={
            <Trans
              t={t}
              i18nKey={timeZone && isKnownTimeZone(timeZone.trim()) ? 'clock.hintNow' : 'clock.hint'}
              values={{ example: 'Asia/Dhaka' }}
              components={{ id: <span translate="no" />, now: <ZoneName zone={timeZone.trim()} /> }}
            />
          }
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
          {t('hours.heading')}
        </h2>
        <p className="mt-1 text-sm text-base-content/75">{t('hours.intro')}</p>
        {errors.openingHours?.message ? <p className="mt-2 text-sm font-medium text-error">{errorText(errors.openingHours.message)}</p> : null}
        <ul className="mt-4 divide-y divide-base-300/70">
          {openingHours.map((hours, day) => {
            const dayName = weekdayName(day, locale);
            const dayErrors = errors.openingHours?.[day];
            return (
              <li key={dayName} className="grid gap-3 py-3 sm:grid-cols-[8rem_8rem_minmax(0,1fr)] sm:items-start">
                <p className="pt-2 font-medium">{dayName}</p>
                <label className="flex cursor-pointer items-center gap-2 pt-2 text-sm">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    // Seven boxes all read "Closed": the name says which day (visible word first).
                    aria-label={t('hours.closedOn', { day: dayName })}
                    checked={hours === null}
                    onChange={(event) => setClosed(day, event.target.checked)}
                  />
                  {t('hours.closed')}
                </label>
                {hours ? (
                  <div className="grid grid-cols-2 gap-3">
                    <InputField
                      label={t('hours.opensOn', { day: dayName })}
                      type="time"
                      error={dayErrors?.open?.message}
                      registration={register(`openingHours.${day}.open`)}
                    />
                    <InputField
                      label={t('hours.closesOn', { day: dayName })}
                      type="time"
                      error={dayErrors?.close?.message ?? dayErrors?.message}
                      registration={register(`openingHours.${day}.close`)}
                    />
                  </div>
                ) : (
                  <p className="pt-2 text-sm text-base-content/70">{t('hours.closedAllDay')}</p>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section className={sectionClass} aria-labelledby={`${slotId}-heading`}>
        <h2 id={`${slotId}-heading`} className="text-xl font-semibold">
          {t('bookings.heading')}
        </h2>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          {numberField(CAPACITY_FIELD)}
          <div>
            <label htmlFor={slotId} className="mb-1.5 block text-sm font-medium text-base-content">
              {t('bookings.slotLength')}
            </label>
            <select
              id={slotId}
              className={`select w-full ${errors.slotMinutes ? 'select-error' : ''}`}
              aria-invalid={errors.slotMinutes ? true : undefined}
              aria-describedby={errors.slotMinutes ? slotErrorId : undefined}
              {...slotField}
            >
              {SLOT_MINUTE_OPTIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t('bookings.slotMinutes', { count: minutes })}
                </option>
              ))}
            </select>
            {errors.slotMinutes?.message ? (
              <p id={slotErrorId} className="mt-1.5 text-sm font-medium text-error">
                {errorText(errors.slotMinutes.message)}
              </p>
            ) : null}
          </div>
          {TIMING_FIELDS.map(numberField)}
        </div>
      </section>

      <section className={sectionClass} aria-labelledby={paymentsHeadingId}>
        <h2 id={paymentsHeadingId} className="flex items-center gap-2 text-xl font-semibold">
          <Wallet aria-hidden="true" className="size-5 text-primary" />
          {t('payments.heading')}
        </h2>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <PaymentPolicyFieldset
            legend={t('payments.legend')}
            hint={t('payments.hint')}
            mode={policyMode}
            form={{ register, getFieldState }}
          />
          <div>{numberField(UNPAID_LIMIT_FIELD)}</div>
        </div>
      </section>

      <section className={sectionClass} aria-labelledby={closedHeadingId}>
        <h2 id={closedHeadingId} className="flex items-center gap-2 text-xl font-semibold">
          <CalendarX2 aria-hidden="true" className="size-5 text-primary" />
          {t('closed.heading')}
        </h2>
        <p className="mt-1 text-sm text-base-content/75">{t('closed.intro')}</p>
        <div className="mt-4">
          {closedDates.length === 0 ? <p className="text-sm text-base-content/70">{t('closed.none')}</p> : null}
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
          {errors.closedDates?.message ? <p className="mt-2 text-sm font-medium text-error">{errorText(errors.closedDates.message)}</p> : null}
          <button
            ref={addDateButton}
            type="button"
            className="btn mt-4 rounded-full btn-outline btn-sm btn-primary"
            onClick={addClosedDate}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('closed.add')}
          </button>
        </div>
      </section>

      <section className={sectionClass} aria-labelledby="sms-quiet-heading">
        <h2 id="sms-quiet-heading" className="text-xl font-semibold">
          {t('quiet.heading')}
        </h2>
        <p className="mt-1 text-sm text-base-content/75">{t('quiet.intro')}</p>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <InputField label={t('quiet.from')} type="time" error={errors.smsQuietFrom?.message} registration={register('smsQuietFrom')} />
          <InputField label={t('quiet.until')} type="time" error={errors.smsQuietUntil?.message} registration={register('smsQuietUntil')} />
        </div>
      </section>

      <section className={sectionClass} aria-labelledby={backupHeadingId}>
        <h2 id={backupHeadingId} className="text-xl font-semibold">
          {t('backup.heading')}
        </h2>
        <p className="mt-1 text-sm text-base-content/75">{t('backup.intro')}</p>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <InputField label={t('backup.time')} type="time" error={errors.backupTime?.message} registration={register('backupTime')} />
          {numberField(BACKUPS_KEPT_FIELD)}
        </div>
      </section>

      <section className={sectionClass} aria-labelledby={digitsHeadingId}>
        <h2 id={digitsHeadingId} className="flex items-center gap-2 text-xl font-semibold">
          <Languages aria-hidden="true" className="size-5 text-primary" />
          {t('digits.heading')}
        </h2>
        {/* Bengali digits unless ticked (docs/decisions/050); the pages read it when they load. */}
        <label className="mt-4 flex min-w-0 cursor-pointer items-start gap-3 text-sm font-medium">
          <input
            type="checkbox"
            className="checkbox mt-0.5 shrink-0 checkbox-sm checkbox-primary"
            aria-describedby={digitsHintId}
            aria-invalid={errors.latinDigits ? true : undefined}
            {...digitsField}
          />
          <span className="min-w-0">{t('digits.latin')}</span>
        </label>
        <p id={digitsHintId} className="mt-1.5 text-xs text-base-content/70">
          {errors.latinDigits?.message ? <span className="block text-sm font-medium text-error">{errorText(errors.latinDigits.message)}</span> : null}
          {/* Names the Bengali digits themselves: written as they are whichever digits are chosen. */}
          {t('digits.hint', { applyPostProcessor: false })}
        </p>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton label={t('save')} icon={Save} pending={update.isPending} className="px-6" />
        {isDirty ? (
          <button type="button" className="btn rounded-full btn-ghost" onClick={() => reset()} disabled={update.isPending}>
            <Undo2 aria-hidden="true" className="size-4" />
            {t('discard')}
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
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {t('closed.date', { number: index + 1 })}
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
        <button type="button" className="btn btn-square btn-ghost btn-sm" aria-label={t('closed.remove', { number: index + 1 })} onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-error">
          {errorText(error)}
        </p>
      ) : null}
    </>
  );
}

/**
 * The zone the hint says times are shown in: 'Dhaka time (Asia/Dhaka)' on English pages; on another
 * language's, the zone's name in it, with the IANA id as it is (a code, not a word).
 */
function ZoneName({ zone }: { zone: string }) {
  const language = useLanguage();
  const locale = useIntlLocale();
  if (language === 'en') return <>{timeZoneLabel(zone)}</>;
  const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'long' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value;
  return (
    <>
      {name ? `${name} (` : '('}
      <span translate="no">{zone}</span>)
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useErrorText } from '@/hooks/use-error-text';

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  optional?: boolean;
  className?: string;
  /** Shown under the field while there is no error (e.g. the password rule); may mark a code or a name in it. */
  hint?: ReactNode;
}

function Label({ htmlFor, label, optional }: { htmlFor: string; label: string; optional: boolean }) {
  const { t } = useTranslation();
  return (
    <label id={`${htmlFor}-label`} htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-base-content">
      {label}
      {optional ? <span className="ml-1 font-normal text-base-content/70">{t('optional')}</span> : null}
    </label>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-error">
      {errorText(error)}
    </p>
  );
}

type ControlProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/**
 * The frame every field shares: label, control, then the hint or the error, with the control
 * pointed at whichever is showing so screen readers announce it.
 */
function Field({
  label,
  error,
  hint,
  optional = false,
  className = '',
  children,
}: FieldShellProps & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const control: ControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : hint ? hintId : undefined,
  };
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} optional={optional} />
      {children(control)}
      {!error && hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type Registered = { registration: UseFormRegisterReturn };
type InputFieldProps = FieldShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & Registered;

/** A labelled input whose error message sits under it and is announced with it. */
export function InputField({ label, error, hint, optional, className, registration, ...inputProps }: InputFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} className={className}>
      {/* type="text" unless told otherwise: said, not left to the browser's default (html-validate's no-implicit-input-type). */}
      {(control) => <input type="text" className={`input w-full ${error ? 'input-error' : ''}`} {...control} {...inputProps} {...registration} />}
    </Field>
  );
}

/**
 * A mobile number as she types it (a Bangladeshi 01XXXXXXXXX or E.164): the phone keypad, and
 * the example the shared schema's message gives. autoComplete says whose number it is ('tel' for
 * her own; 'off' at the front desk, where it is a customer's).
 */
export function PhoneField({ placeholder = '01712 345678', autoComplete = 'tel', ...props }: Omit<InputFieldProps, 'type' | 'inputMode'>) {
  return <InputField type="tel" inputMode="tel" placeholder={placeholder} autoComplete={autoComplete} {...props} />;
}

type TextareaFieldProps = FieldShellProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & Registered;

export function TextareaField({ label, error, hint, optional, className, registration, ...textareaProps }: TextareaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} className={className}>
      {(control) => (
        <textarea className={`textarea w-full ${error ? 'textarea-error' : ''}`} {...control} {...textareaProps} {...registration} />
      )}
    </Field>
  );
}

type PasswordFieldProps = FieldShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'> & Registered;

/** A password input with a button that shows what was typed (phones make typos easy). */
export function PasswordField({ label, error, hint, optional, className, registration, ...inputProps }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} optional={optional} className={className}>
      {(control) => (
        <div className="relative">
          <input
            type={visible ? 'text' : 'password'}
            className={`input w-full pr-12 ${error ? 'input-error' : ''}`}
            {...control}
            {...inputProps}
            {...registration}
          />
          <button
            type="button"
            className="btn absolute top-1/2 right-1 btn-circle -translate-y-1/2 text-base-content/70 btn-ghost btn-sm hover:text-primary"
            aria-label={t('field.showPassword')}
            aria-pressed={visible}
            aria-controls={control.id}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          </button>
        </div>
      )}
    </Field>
  );
}

type FileFieldProps = FieldShellProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'> &
  Registered & {
    /** Shown beside the input, e.g. a preview of the chosen photo. */
    preview?: ReactNode;
  };

/**
 * A labelled file input, styled like the other fields. Assistive technology presents a file input
 * as a button, and a button's aria-invalid is not read out: while it is in error its name says so
 * ('Profile image (invalid)'), and the message is its description as on every field.
 */
export function FileField({ label, error, hint, optional, className, registration, preview, ...inputProps }: FileFieldProps) {
  const { t } = useTranslation();
  return (
    <Field label={label} error={error} hint={hint} optional={optional} className={className}>
      {(control) => (
        // At 320 px a preview beside the input left it too narrow for its own words ('No…en'): the
        // input keeps room for its button and 'No file chosen', and wraps below the preview instead.
        <div className="flex flex-wrap items-center gap-3">
          {preview}
          <input
            type="file"
            className={`file-input min-w-56 flex-1 ${error ? 'file-input-error' : ''}`}
            aria-labelledby={error ? `${control.id}-label ${control.id}-invalid` : undefined}
            {...control}
            {...inputProps}
            {...registration}
          />
          {error ? (
            <span id={`${control.id}-invalid`} hidden>
              {t('field.invalid')}
            </span>
          ) : null}
        </div>
      )}
    </Field>
  );
}

import { useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  optional?: boolean;
  className?: string;
}

function Label({ htmlFor, label, optional }: { htmlFor: string; label: string; optional: boolean }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-base-content">
      {label}
      {optional ? <span className="ml-1 font-normal text-base-content/70">(optional)</span> : null}
    </label>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-error">
      {error}
    </p>
  );
}

type InputFieldProps = FieldShellProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { registration: UseFormRegisterReturn };

/** A labelled input whose error message sits under it and is announced with it. */
export function InputField({ label, error, optional = false, className = '', registration, ...inputProps }: InputFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} optional={optional} />
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
        {...registration}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type TextareaFieldProps = FieldShellProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & { registration: UseFormRegisterReturn };

export function TextareaField({
  label,
  error,
  optional = false,
  className = '',
  registration,
  ...textareaProps
}: TextareaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} optional={optional} />
      <textarea
        id={id}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textareaProps}
        {...registration}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type PasswordFieldProps = FieldShellProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'> & {
    registration: UseFormRegisterReturn;
    /** Shown under the field while there is no error (e.g. the password rule). */
    hint?: string;
  };

/** A password input with a button that shows what was typed (phones make typos easy). */
export function PasswordField({ label, error, hint, optional = false, className = '', registration, ...inputProps }: PasswordFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [visible, setVisible] = useState(false);
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} optional={optional} />
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`input w-full pr-12 ${error ? 'input-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
          {...registration}
        />
        <button
          type="button"
          className="btn absolute top-1/2 right-1 btn-circle -translate-y-1/2 text-base-content/70 btn-ghost btn-sm hover:text-primary"
          aria-label="Show password"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
        </button>
      </div>
      {error ? null : hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type FileFieldProps = FieldShellProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'> & {
    registration: UseFormRegisterReturn;
    hint?: string;
    /** Shown beside the input, e.g. a preview of the chosen photo. */
    preview?: ReactNode;
  };

/** A labelled file input, styled like the other fields. */
export function FileField({ label, error, hint, optional = false, className = '', registration, preview, ...inputProps }: FileFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} optional={optional} />
      <div className="flex items-center gap-3">
        {preview}
        <input
          id={id}
          type="file"
          className={`file-input min-w-0 flex-1 ${error ? 'file-input-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
          {...registration}
        />
      </div>
      {error ? null : hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

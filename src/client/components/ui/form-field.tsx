import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
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

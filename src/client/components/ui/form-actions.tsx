import { useEffect, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { useHydrated } from '@/hooks/use-hydrated';
import { FormAlert } from './form-alert';
import { useErrorText } from '@/hooks/use-error-text';

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> {
  /** The button's text, which is also its accessible name. */
  label: string;
  icon: LucideIcon;
  /** True while the submission runs; the button is locked then, as a second press would send it twice. */
  pending: boolean;
}

/**
 * A form's primary submit button; `className` adds the width and spacing that suit its form.
 *
 * Locked until the page's scripts have taken over the server-rendered form. Sent natively before
 * that, a form without an action goes out as a GET to the page's own address, its fields in the
 * query: a password in the address bar, the history and the server's request log. A locked
 * default button also stops the Enter key's implicit submission.
 */
export function SubmitButton({ label, icon: Icon, pending, disabled = false, className = '', ...buttonProps }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className={`btn rounded-full btn-primary ${className}`.trim()}
      disabled={pending || disabled || !hydrated}
      {...buttonProps}
    >
      {pending ? <span aria-hidden="true" className="loading loading-sm loading-spinner" /> : <Icon aria-hidden="true" className="size-4" />}
      {label}
    </button>
  );
}

interface FormActionsProps extends SubmitButtonProps {
  /** What the server refused; shown in an alert above the button while set. */
  error?: ReactNode;
  /** What the submission achieved; shown in a status above the button while set. */
  success?: ReactNode;
}

/**
 * The end of a form: how its last submission went, then the submit button. The button is locked
 * while the form is sent, which drops its focus to <body>; when the answer is a refusal, focus goes
 * to the alert that says why, so the next Tab carries on from the form and not from the top.
 */
export function FormActions({ error, success, ...button }: FormActionsProps) {
  // A refusal the browser wrote (no connection) is English, like the schemas' messages.
  const errorText = useErrorText();
  const alertRef = useRef<HTMLDivElement>(null);
  const failed = Boolean(error) && !button.pending;
  useEffect(() => {
    if (!failed) return;
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected) alertRef.current?.focus();
  }, [failed]);

  return (
    <>
      {error ? <FormAlert ref={alertRef}>{typeof error === 'string' ? errorText(error) : error}</FormAlert> : null}
      {success ? <FormAlert tone="success">{success}</FormAlert> : null}
      <SubmitButton {...button} />
    </>
  );
}

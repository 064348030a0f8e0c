import type { ReactNode, Ref } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';

interface FormAlertProps {
  tone?: 'error' | 'success';
  children: ReactNode;
  className?: string;
  /** Given when the alert may take focus (it is then focusable by script only). */
  ref?: Ref<HTMLDivElement>;
}

/** What a form's submission came to, announced as it appears: a refusal (alert) or a success (status). */
export function FormAlert({ tone = 'error', children, className = '', ref }: FormAlertProps) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2.5 rounded-field border px-4 py-3 text-sm font-medium ${
        tone === 'error' ? 'border-error/30 bg-error/5 text-error' : 'border-success/30 bg-success/5 text-success'
      } ${className}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1">{children}</div>
    </div>
  );
}

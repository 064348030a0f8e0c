import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/hooks/use-error-text';

interface ErrorStateProps {
  title: string;
  message?: string | undefined;
  onRetry: () => void;
  isRetrying?: boolean;
  /** Light text for dark sections. */
  tone?: 'light' | 'dark';
}

/** The failed state of a data view: what went wrong and a way to try again. */
export function ErrorState({ title, message, onRetry, isRetrying = false, tone = 'dark' }: ErrorStateProps) {
  const { t } = useTranslation();
  // The API client's own messages are English: the page's words for them (the API's come translated).
  const errorText = useErrorText();
  return (
    <div
      role="alert"
      className={`mx-auto flex max-w-md flex-col items-center gap-3 rounded-box border p-8 text-center ${
        tone === 'dark'
          ? 'border-base-300 bg-base-100 text-base-content shadow-soft'
          : 'border-white/20 bg-white/5 text-secondary-content'
      }`}
    >
      <p className="font-display text-xl font-semibold">{title}</p>
      {message ? <p className={tone === 'dark' ? 'text-base-content/75' : 'text-secondary-content/85'}>{errorText(message)}</p> : null}
      <button
        type="button"
        className={`btn mt-2 rounded-full ${tone === 'dark' ? 'btn-primary' : 'btn-accent'}`}
        onClick={onRetry}
        disabled={isRetrying}
      >
        <RotateCcw aria-hidden="true" className={`size-4 ${isRetrying ? 'motion-safe:animate-spin' : ''}`} />
        {t('tryAgain')}
      </button>
    </div>
  );
}

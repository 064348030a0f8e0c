import type { Ref } from 'react';
import { CircleAlert, CircleCheck, Hourglass, RotateCcw } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSalonFormat } from '@/hooks/use-salon-format';

/**
 * How long before the hold ends she is told (WCAG 2.2.1 asks for a warning and a simple way to
 * extend; the issue asks for at least a minute): two minutes, enough to finish a card number or
 * press 'Keep my times'. A hold of two minutes or less is in warning from the start.
 */
export const HOLD_WARNING_MS = 2 * 60_000;

/** What the polite live region says while the warning shows; it changes (and is spoken) once a minute at most. */
export function useHoldWarningAnnouncement(): (remainingMs: number) => string {
  const { t } = useTranslation('payment');
  return (remainingMs) => t('hold.announcement', { count: Math.max(1, Math.ceil(remainingMs / 60_000)) });
}

export interface KeepTimesState {
  pending: boolean;
  /** Why the last 'Keep my times' failed (a time someone else took), shown where she pressed it. */
  error: string | null;
  onKeep: () => void;
}

/**
 * 'Keep my times'. Never disabled while it works (a disabled button drops focus to <body>): it
 * says it is busy and ignores further presses instead.
 */
function KeepTimesButton({ pending, onKeep, buttonRef }: KeepTimesState & { buttonRef?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation('payment');
  return (
    <button
      ref={buttonRef}
      type="button"
      className="btn rounded-full btn-sm btn-primary"
      aria-disabled={pending || undefined}
      onClick={() => {
        if (!pending) onKeep();
      }}
    >
      {pending ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <RotateCcw aria-hidden="true" className="size-4" />}
      {t('hold.keep')}
    </button>
  );
}

function KeepError({ error }: { error: string | null }) {
  const { t } = useTranslation('payment');
  if (!error) return null;
  return (
    <p role="alert" className="mt-3 text-sm font-medium text-error">
      <Trans t={t} i18nKey="hold.keepError" values={{ error }} components={{ list: <Link to={paths.dashboard.bookingList} className="link" /> }} />
    </p>
  );
}

/** Shown from two minutes before the hold ends: the time left, and the way to keep the times. */
export function HoldWarning({ remainingMs, keep }: { remainingMs: number; keep: KeepTimesState }) {
  const { t } = useTranslation('payment');
  const format = useSalonFormat();
  return (
    <div className="rounded-field border border-warning/40 bg-warning/5 p-4">
      <p className="flex items-center gap-2 font-semibold text-warning">
        <Hourglass aria-hidden="true" className="size-4 shrink-0" />
        <span>
          <Trans
            t={t}
            i18nKey="hold.warning"
            values={{ time: format.countdown(remainingMs) }}
            components={{ timer: <span role="timer" aria-label={format.describeCountdown(remainingMs)} className="tabular-nums" /> }}
          />
        </span>
      </p>
      <p className="mt-1 text-sm">{t('hold.warningText')}</p>
      <div className="mt-3">
        <KeepTimesButton {...keep} />
      </div>
      <KeepError error={keep.error} />
    </div>
  );
}

interface HoldProblemsProps {
  problems: string[];
  /** Given when every problem is a lapsed hold: the times can be asked for again as they are. */
  keep?: KeepTimesState | undefined;
  keepButtonRef?: Ref<HTMLButtonElement>;
}

/** What stops her paying now (a missing time, a lapsed hold), and the ways out. */
export function HoldProblems({ problems, keep, keepButtonRef }: HoldProblemsProps) {
  const { t } = useTranslation('payment');
  return (
    <div role="alert" className="rounded-field border border-warning/40 bg-warning/5 p-4">
      <p className="flex items-center gap-2 font-semibold text-warning">
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        {t('hold.attention')}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      {keep ? <p className="mt-2 text-sm">{t('hold.keepAgain')}</p> : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {keep ? <KeepTimesButton {...keep} buttonRef={keepButtonRef} /> : null}
        <Link to={paths.dashboard.bookingList} className={`btn rounded-full btn-sm btn-primary ${keep ? 'btn-outline' : ''}`}>
          {t('goToList')}
        </Link>
      </div>
      {keep ? <KeepError error={keep.error} /> : null}
    </div>
  );
}

/** Said (and shown) once 'Keep my times' has worked; it takes focus when the button it replaced had it. */
export function HoldKept({ holdMinutes, statusRef }: { holdMinutes: number; statusRef: Ref<HTMLParagraphElement> }) {
  const { t } = useTranslation('payment');
  return (
    <p
      ref={statusRef}
      tabIndex={-1}
      role="status"
      className="flex items-center gap-2 rounded-field border border-success/30 bg-success/5 px-4 py-3 text-sm font-medium text-success"
    >
      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      {t('hold.kept', { count: holdMinutes })}
    </p>
  );
}

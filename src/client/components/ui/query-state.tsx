import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from './error-state';

const panelClass = 'rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70';

interface LoadingLabel {
  /** Announced while the list loads. */
  label?: string;
  /**
   * Shows the label above the placeholders. Without it the label is only the status's accessible
   * name, for lists whose placeholders say enough to sighted users.
   */
  showLabel?: boolean;
}

type LoadingProps = LoadingLabel &
  (
    | {
        /** Placeholder rows shaped like the list's own, so the page does not jump when it arrives. */
        rows: number;
        /** The cells of one placeholder row. */
        row: ReactNode;
        placeholders?: never;
      }
    | {
        /**
         * Placeholders laid out as the data will be (a grid of cards, the figures' tiles), drawn as
         * they are instead of rows, with no card around them.
         */
        placeholders: ReactNode;
        rows?: never;
        row?: never;
      }
  );

interface EmptyProps {
  icon: LucideIcon;
  title: string;
  /** Under the title; a list in a card of its own may say it all in the title. */
  message?: string;
  /** Where to go from an empty list, e.g. a link to add the first item. */
  action?: ReactNode;
}

/** `inCard`: the list sits in a card of its own, so its states draw no second card around them. */
type Framing = { className: string; inCard: boolean };

function Loading({ label, showLabel = false, rows = 0, row, placeholders: laidOut, className, inCard }: LoadingProps & Framing) {
  const { t } = useTranslation();
  const status = label ?? t('loading');
  if (laidOut !== undefined) {
    return showLabel ? (
      <div aria-busy="true" className={className}>
        <p role="status" className="mb-4 font-medium text-base-content/75">
          {status}
        </p>
        <div aria-hidden="true">{laidOut}</div>
      </div>
    ) : (
      <div role="status" aria-label={status} className={className}>
        {laidOut}
      </div>
    );
  }
  const placeholders = Array.from({ length: rows }, (_, index) => (
    <div key={index} className="flex items-center gap-4">
      {row}
    </div>
  ));
  if (inCard) {
    return (
      <div role="status" aria-label={status} className={`${className} space-y-3`.trim()}>
        {placeholders}
      </div>
    );
  }
  if (showLabel) {
    return (
      <div aria-busy="true" className={`${className} ${panelClass} p-5`.trim()}>
        <p role="status" className="mb-4 font-medium text-base-content/75">
          {status}
        </p>
        <div aria-hidden="true" className="space-y-3">
          {placeholders}
        </div>
      </div>
    );
  }
  return (
    <div role="status" aria-label={status} className={`${className} space-y-3 ${panelClass} p-5`.trim()}>
      {placeholders}
    </div>
  );
}

function Empty({ icon: Icon, title, message, action, className, inCard }: EmptyProps & Framing) {
  if (inCard) {
    return (
      <div className={className}>
        <p className="flex items-center gap-2 text-base-content/75">
          <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
          {title}
        </p>
        {message ? <p className="mt-1 text-sm text-base-content/70">{message}</p> : null}
        {action}
      </div>
    );
  }
  return (
    <div className={`${className} flex flex-col items-center gap-3 ${panelClass} p-10 text-center`.trim()}>
      <Icon aria-hidden="true" className="size-8 text-primary" />
      <p className="font-display text-xl font-semibold">{title}</p>
      {message ? <p className="text-base-content/75">{message}</p> : null}
      {action}
    </div>
  );
}

interface QueryStateProps<T> {
  query: UseQueryResult<T, Error>;
  /** Spacing around every state, the same as around the list it stands in for. */
  className?: string;
  loading: LoadingProps;
  /**
   * What an empty list shows. Without it an empty list goes to `children` like any other, for
   * views that draw their own frame either way (a calendar's empty day is still its grid). A query
   * of one thing (a count, her number) has no empty state.
   */
  empty?: EmptyProps;
  /** The list (or the one thing) itself, once it has loaded and has something in it (or is empty, without `empty`). */
  children: (data: T) => ReactNode;
  /** The list sits in a card of its own (a section of a page): its states draw no card of their own. */
  inCard?: boolean;
  /** What the error says went wrong (default: 'Something went wrong'), e.g. 'The services could not be loaded'. */
  errorTitle?: string;
}

/**
 * A fetched list, or one fetched thing, in whatever state its query is in: placeholders while it
 * loads, the error with a way to try again, the empty message, or the data.
 */
export function QueryState<T>({ query, className = '', loading, empty, children, inCard = false, errorTitle }: QueryStateProps<T>) {
  // Asked for in every state, so the catalogue is at hand before an error needs it (no suspense then).
  const { t } = useTranslation('ui');
  if (query.isPending) return <Loading {...loading} className={className} inCard={inCard} />;
  if (query.isError) {
    const error = (
      <ErrorState
        title={errorTitle ?? t('somethingWentWrong')}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
    return className ? <div className={className}>{error}</div> : error;
  }
  if (empty && Array.isArray(query.data) && query.data.length === 0) return <Empty {...empty} className={className} inCard={inCard} />;
  return children(query.data);
}

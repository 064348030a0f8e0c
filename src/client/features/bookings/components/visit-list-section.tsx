import type { ReactNode, Ref } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Booking } from '@shared/payments';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';

interface VisitListSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** Where the actions put the focus back when the row they acted on is gone. */
  headingRef?: Ref<HTMLHeadingElement>;
  query: UseQueryResult<Booking[]>;
  /** Announced while the list loads. */
  loadingLabel: string;
  /** The visits this section shows, of those the query answers. */
  pick: (list: Booking[]) => Booking[];
  /** Said (and offered) when there are none. */
  empty: ReactNode;
  children: (visits: Booking[]) => ReactNode;
}

/**
 * A panel of the user home listing some of her visits (upcoming, past): its heading, and beneath
 * it placeholders while they load, the error with a retry, what to do when there are none, or
 * the list. Smaller than QueryState's full-width states, as it sits in a card of its own.
 */
export function VisitListSection({ id, title, headingRef, query, loadingLabel, pick, empty, children }: VisitListSectionProps) {
  const { t } = useTranslation('ui');
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-label={loadingLabel} className="mt-4 space-y-3">
        {Array.from({ length: 2 }, (_, index) => (
          <div key={index} className="skeleton h-14 w-full" />
        ))}
      </div>
    );
  } else if (query.isError) {
    body = (
      <div className="mt-4">
        <ErrorState title={t('somethingWentWrong')} message={query.error.message} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      </div>
    );
  } else {
    const visits = pick(query.data);
    body = visits.length === 0 ? empty : children(visits);
  }

  return (
    <section aria-labelledby={id} className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <h2 ref={headingRef} id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {body}
    </section>
  );
}

import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BellRing, Send } from 'lucide-react';
import { zonedTimeToInstant } from '@shared/calendar';
import { isWallClockTime } from '@shared/salon-settings';
import type { AdminWish } from '@shared/waitlist';
import { QueryState } from '@/components/ui/query-state';
import { useErrorText } from '@/hooks/use-error-text';
import { SalonText } from '@/components/ui/salon-text';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { dayWaitlistQueryOptions } from '../api/get-day-waitlist';
import { useOfferByHand } from '../api/offer-by-hand';
import { useWishStatus } from '../use-wish-status';

/**
 * The calendar's waitlist for one day (admin): who waits for what, in line order, the times held
 * for them, and 'Offer' to hold a time for a waiting customer by hand (the same hold and e-mail as
 * the automatic offer; the hold's own rules refuse a time that is not free).
 */
export function DayWaitlist({ date, timeZone }: { date: string; timeZone: string }) {
  const { t } = useTranslation('calendar');
  const wishes = useQuery({ ...dayWaitlistQueryOptions(date), select: (data) => data.wishes });
  return (
    <section aria-labelledby="day-waitlist" className="mt-8 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <h2 id="day-waitlist" className="text-xl font-semibold">
        {t('waitlist.heading')}
      </h2>
      <QueryState
        query={wishes}
        className="mt-4"
        loading={{ label: t('waitlist.loading'), rows: 2, row: <div className="skeleton h-10 w-full" /> }}
        empty={{ icon: BellRing, title: t('waitlist.emptyTitle'), message: t('waitlist.emptyText') }}
      >
        {(list) => (
          <ul className="mt-4 divide-y divide-base-300/70">
            {list.map((wish) => (
              <WaitingCustomer key={wish._id} wish={wish} date={date} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function WaitingCustomer({ wish, date, timeZone }: { wish: AdminWish; date: string; timeZone: string }) {
  const { t } = useTranslation(['calendar', 'booking']);
  const format = useSalonFormat();
  const errorText = useErrorText();
  const wishStatus = useWishStatus();
  const timeId = useId();
  const offer = useOfferByHand();
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const status =
    wish.status === 'offered' && wish.offerStartsAt && wish.offerExpiresAt
      ? t('waitlist.offered', { when: format.dateTime(wish.offerStartsAt, timeZone), until: format.time(wish.offerExpiresAt, timeZone) })
      : wishStatus(wish);
  const range =
    wish.from || wish.to
      ? ` · ${wish.from ? format.wallClock(wish.from) : t('booking:waitlist.opening')}–${wish.to ? format.wallClock(wish.to) : t('booking:waitlist.closing')}`
      : '';

  const submit = () => {
    // Nothing typed (or half a time) is not a time: asked for, not thrown.
    const startsAt = isWallClockTime(time) ? zonedTimeToInstant(date, time, timeZone) : undefined;
    if (!startsAt) {
      setProblem(t('waitlist.needTime', { example: format.wallClock('14:00') }));
      return;
    }
    setProblem(null);
    offer.mutate({ wishId: wish._id, startsAt: startsAt.toISOString() }, { onError: (error) => setProblem(errorText(error.message)) });
  };

  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium break-words">
          <span translate="no">{wish.customerName}</span> · <SalonText en={wish.serviceTitle} bn={wish.serviceTitle_bn} />
        </p>
        <p className="text-sm font-medium text-primary">{status}</p>
      </div>
      <p className="text-sm break-words text-base-content/75">
        {wish.staffName ? t('booking:waitlist.with', { name: wish.staffName }) : t('booking:anyStylist')}
        {range} · <span translate="no">{wish.customerEmail}</span>
      </p>
      {wish.status === 'waiting' ? (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div>
            <label htmlFor={timeId} className="mb-1 block text-sm font-medium">
              {t('waitlist.timeToOffer')}
            </label>
            <input id={timeId} type="time" className="input input-sm w-32" value={time} onChange={(event) => setTime(event.target.value)} />
          </div>
          <button type="submit" className="btn rounded-full btn-sm btn-primary" disabled={offer.isPending} aria-label={t('waitlist.offerTo', { name: wish.customerName })}>
            <Send aria-hidden="true" className="size-4" />
            {t('waitlist.offer')}
          </button>
          {problem ? (
            <p role="alert" className="w-full text-sm font-medium text-error">
              {problem}
            </p>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}

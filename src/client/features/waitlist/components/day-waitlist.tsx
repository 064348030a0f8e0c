import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BellRing, Send } from 'lucide-react';
import { formatSalonDateTime, formatSalonTime, zonedTimeToInstant } from '../../../../shared/calendar';
import { wishStatusLabel, type AdminWish } from '../../../../shared/waitlist';
import { QueryState } from '../../../components/ui/query-state';
import { dayWaitlistQueryOptions } from '../api/get-day-waitlist';
import { useOfferByHand } from '../api/offer-by-hand';

/**
 * The calendar's waitlist for one day (admin): who waits for what, in line order, the times held
 * for them, and 'Offer' to hold a time for a waiting customer by hand (the same hold and e-mail as
 * the automatic offer; the hold's own rules refuse a time that is not free).
 */
export function DayWaitlist({ date, timeZone }: { date: string; timeZone: string }) {
  const wishes = useQuery({ ...dayWaitlistQueryOptions(date), select: (data) => data.wishes });
  return (
    <section aria-labelledby="day-waitlist" className="mt-8 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <h2 id="day-waitlist" className="text-xl font-semibold">
        Waitlist
      </h2>
      <QueryState
        query={wishes}
        className="mt-4"
        loading={{ label: 'Loading the waitlist', rows: 2, row: <div className="skeleton h-10 w-full" /> }}
        empty={{ icon: BellRing, title: 'Nobody is waiting', message: 'Customers who join the waitlist for this day are listed here, first come first served.' }}
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
  const timeId = useId();
  const offer = useOfferByHand();
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const status =
    wish.status === 'offered' && wish.offerStartsAt && wish.offerExpiresAt
      ? `Offered ${formatSalonDateTime(wish.offerStartsAt, timeZone)}, held until ${formatSalonTime(wish.offerExpiresAt, timeZone)}`
      : wishStatusLabel(wish);

  const submit = () => {
    const startsAt = zonedTimeToInstant(date, time, timeZone);
    if (!startsAt) {
      setProblem('Enter a time, such as 14:00.');
      return;
    }
    setProblem(null);
    offer.mutate({ wishId: wish._id, startsAt: startsAt.toISOString() }, { onError: (error) => setProblem(error.message) });
  };

  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium break-words">
          {wish.customerName} · {wish.serviceTitle}
        </p>
        <p className="text-sm font-medium text-primary">{status}</p>
      </div>
      <p className="text-sm break-words text-base-content/75">
        {wish.staffName ? `With ${wish.staffName}` : 'Any stylist'}
        {wish.from || wish.to ? ` · ${wish.from ?? 'opening'}–${wish.to ?? 'closing'}` : ''} · {wish.customerEmail}
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
              Time to offer
            </label>
            <input id={timeId} type="time" className="input input-sm w-32" value={time} onChange={(event) => setTime(event.target.value)} />
          </div>
          <button type="submit" className="btn rounded-full btn-sm btn-primary" disabled={offer.isPending} aria-label={`Offer ${wish.customerName} this time`}>
            <Send aria-hidden="true" className="size-4" />
            Offer
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

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BellRing, Clock } from 'lucide-react';
import { formatCalendarDate, formatSalonDateTime, formatSalonTime } from '../../../../shared/calendar';
import { wishStatusLabel } from '../../../../shared/waitlist';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { showError } from '../../../lib/dialogs';
import { myWaitlistQueryOptions } from '../api/get-my-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';

/** Her places on the waitlist, on her user home: her place in line, a time held for her, and 'Leave'. */
export function MyWaitlist({ timeZone }: { timeZone: string }) {
  const wishes = useQuery({ ...myWaitlistQueryOptions(), select: (data) => data.wishes });
  const leave = useLeaveWaitlist();

  return (
    <section aria-labelledby="my-waitlist" className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <h2 id="my-waitlist" className="text-xl font-semibold">
        Your waitlist
      </h2>
      <QueryState
        query={wishes}
        className="mt-4"
        loading={{ label: 'Loading your waitlist', rows: 2, row: <div className="skeleton h-10 w-full" /> }}
        empty={{ icon: BellRing, title: 'Not waiting for a time', message: 'When a day is full, join its waitlist from the time picker: we hold a freed time for you.' }}
      >
        {(list) => (
          <ul className="mt-4 divide-y divide-base-300/70">
            {list.map((wish) => {
              const open = wish.status === 'waiting' || wish.status === 'offered';
              const what = `${wish.serviceTitle} on ${formatCalendarDate(wish.date)}`;
              return (
                <li key={wish._id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">{what}</p>
                    <p className="text-sm text-base-content/75">
                      {wish.staffName ? `With ${wish.staffName}` : 'Any stylist'}
                      {wish.from || wish.to ? ` · ${wish.from ?? 'opening'}–${wish.to ?? 'closing'}` : ''}
                    </p>
                    {wish.status === 'offered' && wish.offerStartsAt && wish.offerExpiresAt ? (
                      <p className="mt-1 flex items-start gap-1.5 text-sm font-medium text-primary">
                        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                        <span>
                          {formatSalonDateTime(wish.offerStartsAt, timeZone)} is held for you until {formatSalonTime(wish.offerExpiresAt, timeZone)}.{' '}
                          <Link to={paths.dashboard.bookingList} className="link">
                            Book it
                          </Link>
                        </span>
                      </p>
                    ) : (
                      <p className="mt-1 text-sm font-medium">{wishStatusLabel(wish)}</p>
                    )}
                  </div>
                  {open ? (
                    <button
                      type="button"
                      className="btn rounded-full btn-outline btn-sm"
                      aria-label={`Leave the waitlist for ${what}`}
                      disabled={leave.isPending}
                      onClick={() => leave.mutate(wish._id, { onError: (error) => void showError({ title: 'Could not leave the waitlist', text: error.message }) })}
                    >
                      Leave
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

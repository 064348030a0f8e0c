import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellRing, Clock } from 'lucide-react';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { showError } from '@/lib/dialogs';
import { myWaitlistQueryOptions } from '../api/get-my-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { SalonText } from '@/components/ui/salon-text';
import { useSalonTexts } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useWishStatus } from '../use-wish-status';

/** Her places on the waitlist, on her user home: her place in line, a time held for her, and 'Leave'. */
export function MyWaitlist({ timeZone }: { timeZone: string }) {
  const wishes = useQuery({ ...myWaitlistQueryOptions(), select: (data) => data.wishes });
  const leave = useLeaveWaitlist();
  const { t } = useTranslation('booking');
  const format = useSalonFormat();
  const texts = useSalonTexts();
  /** Her place in line while open ('1st in line'), else how it ended. */
  const statusText = useWishStatus();

  return (
    <section aria-labelledby="my-waitlist" className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <h2 id="my-waitlist" className="text-xl font-semibold">
        {t('waitlist.yours')}
      </h2>
      <QueryState
        query={wishes}
        className="mt-4"
        loading={{ label: t('waitlist.loading'), rows: 2, row: <div className="skeleton h-10 w-full" /> }}
        empty={{ icon: BellRing, title: t('waitlist.emptyTitle'), message: t('waitlist.emptyText') }}
      >
        {(list) => (
          <ul className="mt-4 divide-y divide-base-300/70">
            {list.map((wish) => {
              const open = wish.status === 'waiting' || wish.status === 'offered';
              const values = { title: texts(wish.serviceTitle, wish.serviceTitle_bn).text, date: format.calendarDate(wish.date) };
              return (
                <li key={wish._id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">
                      <SalonText en={wish.serviceTitle} bn={wish.serviceTitle_bn} /> {t('waitlist.onDate', { date: values.date })}
                    </p>
                    <p className="text-sm text-base-content/75">
                      {wish.staffName ? t('waitlist.with', { name: wish.staffName }) : t('anyStylist')}
                      {wish.from || wish.to
                        ? ` · ${wish.from ? format.wallClock(wish.from) : t('waitlist.opening')}–${wish.to ? format.wallClock(wish.to) : t('waitlist.closing')}`
                        : ''}
                    </p>
                    {wish.status === 'offered' && wish.offerStartsAt && wish.offerExpiresAt ? (
                      <p className="mt-1 flex items-start gap-1.5 text-sm font-medium text-primary">
                        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                        <span>
                          {t('waitlist.offer', { when: format.dateTime(wish.offerStartsAt, timeZone), until: format.time(wish.offerExpiresAt, timeZone) })}{' '}
                          <Link to={paths.dashboard.bookingList} className="link">
                            {t('waitlist.bookIt')}
                          </Link>
                        </span>
                      </p>
                    ) : (
                      <p className="mt-1 text-sm font-medium">{statusText(wish)}</p>
                    )}
                  </div>
                  {open ? (
                    <button
                      type="button"
                      className="btn rounded-full btn-outline btn-sm"
                      aria-label={t('waitlist.leaveLabel', values)}
                      disabled={leave.isPending}
                      onClick={() => leave.mutate(wish._id, { onError: (error) => void showError({ title: t('waitlist.leaveFailed'), text: error.message }) })}
                    >
                      {t('waitlist.leave')}
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

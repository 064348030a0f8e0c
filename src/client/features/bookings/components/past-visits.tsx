import { useId, useState } from 'react';
import { CalendarClock, RotateCcw, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@shared/payments';
import { useSalonText } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useBookings } from '../api/get-bookings';
import { useVisitName } from './upcoming-appointments';
import { VisitListSection } from './visit-list-section';
import { BookingMoneyNote } from './booking-money-note';

const RECENT_COUNT = 5;

/** Her latest completed visits, latest first. */
function recentOf(list: Booking[]): Booking[] {
  return [...list].sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt)).slice(0, RECENT_COUNT);
}

interface PastVisitsProps {
  timeZone: string;
  /**
   * 'Book again': puts the visit's service (with its stylist) on her booking list; `button` is
   * where focus goes back once the answer's dialog or toast has closed.
   */
  onBookAgain: (booking: Booking, button: () => HTMLElement | null) => Promise<void>;
}

/** The user home's last completed visits, each with 'Book again'. */
export function PastVisits({ timeZone, onBookAgain }: PastVisitsProps) {
  const { t } = useTranslation('dashboard');
  const visits = useBookings({ when: 'past', status: 'completed' });
  const [busyId, setBusyId] = useState<string | null>(null);

  const bookAgain = async (booking: Booking, button: () => HTMLElement | null) => {
    setBusyId(booking._id);
    try {
      await onBookAgain(booking, button);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <VisitListSection
      id="past-visits"
      title={t('visits.past.heading')}
      query={visits}
      loadingLabel={t('visits.past.loading')}
      pick={recentOf}
      empty={<p className="mt-4 text-base-content/75">{t('visits.past.empty')}</p>}
    >
      {(recent) => (
        <ul aria-label={t('visits.past.label')} className="mt-3 divide-y divide-base-300/70">
          {recent.map((booking) => (
            <PastVisit key={booking._id} booking={booking} timeZone={timeZone} busy={busyId === booking._id} onBookAgain={bookAgain} />
          ))}
        </ul>
      )}
    </VisitListSection>
  );
}

interface PastVisitProps {
  booking: Booking;
  timeZone: string;
  busy: boolean;
  onBookAgain: (booking: Booking, button: () => HTMLElement | null) => Promise<void>;
}

function PastVisit({ booking, timeZone, busy, onBookAgain }: PastVisitProps) {
  const { t } = useTranslation('dashboard');
  const dates = useSalonFormat();
  const title = useSalonText(booking.title, booking.title_bn);
  const titleId = useId();
  const buttonId = useId();
  const which = useVisitName()(booking, timeZone);
  return (
    <li data-booking-id={booking._id} className="py-3">
      <div className="flex items-start gap-3 sm:gap-4">
        <img src={booking.image_url} alt="" width={48} height={48} className="size-12 shrink-0 rounded-field bg-base-200 object-cover" />
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-2">
          <div className="min-w-0 flex-[1_1_12rem]">
            <p id={titleId} lang={title.lang} className="font-semibold wrap-break-word">
              {title.text}
            </p>
            <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-base-content/75">
              <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
              <time dateTime={booking.startsAt} className="whitespace-nowrap">
                {dates.dateTime(booking.startsAt, timeZone)}
              </time>
              {booking.staffName ? (
                <>
                  <span aria-hidden="true">·</span>
                  <UserRound aria-hidden="true" className="size-4 shrink-0" />
                  <span className="wrap-break-word">
                    {t('visits.withStylist', { name: booking.staffName })}
                  </span>
                </>
              ) : null}
            </p>
            <BookingMoneyNote booking={booking} />
          </div>
          <button
            id={buttonId}
            type="button"
            className="btn rounded-full btn-outline btn-sm btn-primary"
            disabled={busy}
            aria-label={
              booking.staffName ? t('visits.past.againWithName', { which, name: booking.staffName }) : t('visits.past.againName', { which })
            }
            aria-describedby={titleId}
            onClick={() => void onBookAgain(booking, () => document.getElementById(buttonId))}
          >
            {busy ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <RotateCcw aria-hidden="true" className="size-4" />}
            {t('visits.past.again')}
          </button>
        </div>
      </div>
    </li>
  );
}

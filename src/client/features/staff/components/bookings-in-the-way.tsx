import { useTranslation } from 'react-i18next';
import { timeOffConflictSchema, type ConflictingBooking } from '@shared/staff';
import { useContentLang } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { ApiRequestError } from '@/lib/api-client';

/** The bookings a 409 names as standing in the way of her time off or new hours (none for another error). */
export function bookingsInTheWay(err: unknown): ConflictingBooking[] {
  const conflict = err instanceof ApiRequestError && err.statusCode === 409 ? timeOffConflictSchema.safeParse(err.body) : undefined;
  return conflict?.success ? conflict.data.bookings : [];
}

/** Her bookings in the way, for the admin to move or cancel first; nothing when there are none. */
export function BookingsInTheWay({ bookings, timeZone, className = '' }: { bookings: ConflictingBooking[]; timeZone: string; className?: string }) {
  const { t } = useTranslation('staff');
  const format = useSalonFormat();
  const contentLang = useContentLang();
  if (bookings.length === 0) return null;
  return (
    <div className={className} role="alert">
      <p className="text-sm font-semibold">{t('inTheWay.heading')}</p>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {bookings.map((booking) => (
          <li key={booking._id}>
            {format.shortDateTime(booking.startsAt, timeZone)}: <span lang={contentLang}>{booking.service}</span>, <span translate="no">{booking.customer}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

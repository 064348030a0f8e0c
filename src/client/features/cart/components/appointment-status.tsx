import type { Ref } from 'react';
import { CalendarClock, Hourglass, TriangleAlert, UserRound } from 'lucide-react';
import type { CartItem } from '@shared/cart';
import { useTranslation } from 'react-i18next';
import { useServiceTitle } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';

/**
 * True while the item's time is still kept for her. After holdExpiresAt the item keeps its
 * startsAt, but the place is free for others again and the server may refuse it at payment.
 */
export function hasLiveHold(item: CartItem, now: number): boolean {
  return item.startsAt !== null && item.holdExpiresAt !== null && Date.parse(item.holdExpiresAt) > now;
}

interface AppointmentStatusProps {
  item: CartItem;
  /** The salon's zone: the time is shown as the salon's clock reads it. */
  timeZone: string;
  /** The list's clock, ticking every second. */
  now: number;
  /** Whether stylists perform its service: then the row says whom it is with (or 'Any stylist'). */
  offersStylists?: boolean;
  isPicking: boolean;
  buttonRef: Ref<HTMLButtonElement>;
  onPick: () => void;
}

/** The Appointment column: the chosen time, how long it is still held, and the way to (re)pick it. */
export function AppointmentStatus({ item, timeZone, now, offersStylists = false, isPicking, buttonRef, onPick }: AppointmentStatusProps) {
  const { t } = useTranslation('booking');
  const format = useSalonFormat();
  const title = useServiceTitle()(item);
  const live = hasLiveHold(item, now);
  const remaining = item.holdExpiresAt ? Date.parse(item.holdExpiresAt) - now : 0;
  const startsAt = item.startsAt ? format.dateTimeParts(item.startsAt, timeZone) : null;

  return (
    <div className="flex flex-col items-start gap-1.5">
      {startsAt ? (
        <time dateTime={item.startsAt ?? undefined} className={`font-medium ${live ? '' : 'text-base-content/75 line-through'}`}>
          {/* From a tablet up the line breaks between the date and the time, never inside either. On a
              320 px phone a wide date ('Mon, 14 Dec 2026,') kept whole made the list 3 px too wide
              (found only on the days whose weekday is wide): there the date may break at its spaces,
              never inside a word. */}
          <span className="sm:whitespace-nowrap">{startsAt.date},</span> <span className="whitespace-nowrap">{startsAt.time}</span>
        </time>
      ) : (
        <span className="text-sm text-base-content/70">{t('status.noTime')}</span>
      )}
      {offersStylists ? <StylistLine item={item} /> : null}
      {live ? (
        // role="timer" is not announced on every tick (its live region is off), only on request.
        <span role="timer" aria-label={t('status.heldFor', { time: format.describeCountdown(remaining) })} className="flex items-center gap-1 text-sm text-success">
          <Hourglass aria-hidden="true" className="size-3.5" />
          {t('status.heldFor', { time: format.countdown(remaining) })}
        </span>
      ) : item.startsAt ? (
        <span className="flex items-center gap-1 text-sm font-medium text-warning">
          <TriangleAlert aria-hidden="true" className="size-3.5" />
          {t('status.expired')}
        </span>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        // Grows with its text (h-auto) rather than a fixed height, so wider letter and word spacing
        // (WCAG 1.4.12) wraps the words inside the pill instead of out of it.
        className={`btn h-auto min-h-6 rounded-full py-0.5 btn-xs ${live ? 'btn-ghost' : 'btn-outline btn-primary'}`}
        // Named with the service, since every row has one (the visible word comes first).
        aria-label={live ? t('status.changeFor', { title }) : t('status.pickFor', { title })}
        aria-expanded={isPicking}
        onClick={onPick}
      >
        <CalendarClock aria-hidden="true" className="size-3.5" />
        {live ? t('status.change') : t('status.pick')}
      </button>
    </div>
  );
}

/**
 * Whom the visit is with: the stylist she chose, or the one her 'any stylist' time was given to
 * (said so, since she did not pick her); before that, 'Any stylist'.
 */
function StylistLine({ item }: { item: CartItem }) {
  const { t } = useTranslation('booking');
  const text = item.staffName
    ? item.anyStylist
      ? t('status.withAny', { name: item.staffName })
      : t('status.with', { name: item.staffName })
    : t('anyStylist');
  return (
    <span className="flex items-center gap-1 text-sm [overflow-wrap:break-word]">
      <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
      {text}
    </span>
  );
}

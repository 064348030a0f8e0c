import { HandCoins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@shared/payments';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { ACTION_ATTRIBUTE } from '../focus-after-action';

interface CounterHandBackProps {
  booking: Pick<Booking, 'title' | 'startsAt' | 'money'>;
  /** The salon's zone, for when it was given back (without one, the line leaves the time out). */
  timeZone?: string | undefined;
  /** 'Handed back' (the admin's lists); without it only the line is shown. */
  onHandBack?: (() => void) | undefined;
  busy?: boolean;
  /** The customer's name, the button's description. */
  describedBy?: string | undefined;
  /** The booking's name for the button ('Classic Manicure on Sat, 9 Mar 2030, 10:30'). */
  which?: string | undefined;
  className?: string;
}

/**
 * Under a cancelled visit that was paid at the counter (docs/decisions/048): '৳300 to give back at
 * the counter' with 'Handed back' while the desk owes it to her (she cancelled online), then
 * '৳300 given back at the counter on Sat 28 Nov 11:30'. Nothing for any other visit.
 */
export function CounterHandBack({ booking, timeZone, onHandBack, busy = false, describedBy, which, className = '' }: CounterHandBackProps) {
  const { t } = useTranslation('booking-actions');
  const format = useSalonFormat();
  const { handedBack, handBackDue, handedBackAt } = booking.money;
  if (handedBack <= 0) return null;
  if (handBackDue <= 0) {
    const money = format.money(handedBack);
    return (
      <p className={`text-xs text-base-content/70 ${className}`.trim()} data-hand-back="given">
        {handedBackAt && timeZone ? t('handBack.givenBackOn', { money, when: format.shortDateTime(handedBackAt, timeZone) }) : t('handBack.givenBack', { money })}
      </p>
    );
  }
  const money = format.money(handBackDue);
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1.5 ${className}`.trim()} data-hand-back="due">
      <p className="text-sm font-medium">{t('handBack.due', { money })}</p>
      {onHandBack ? (
        <button
          type="button"
          className="btn rounded-full whitespace-nowrap btn-outline btn-sm btn-primary"
          disabled={busy}
          aria-label={which ? t('handBack.buttonFor', { money, which }) : undefined}
          aria-describedby={describedBy}
          onClick={onHandBack}
          {...{ [ACTION_ATTRIBUTE]: '' }}
        >
          {busy ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <HandCoins aria-hidden="true" className="size-4" />}
          {t('handBack.button')}
        </button>
      ) : null}
    </div>
  );
}

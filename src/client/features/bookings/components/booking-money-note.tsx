import { useTranslation } from 'react-i18next';
import type { Booking } from '@shared/payments';
import { formatMoney } from '@shared/money';
import { useIntlLocale } from '@/hooks/use-language';
import { bookingMoneyState, type BookingMoneyState } from '../booking-money';

// Each state's words in the `dashboard` catalogue, written out so the catalogue test sees them used.
const MONEY_KEYS = {
  depositKept: 'visits.money.depositKept',
  paidInFull: 'visits.money.paidInFull',
  payAtSalon: 'visits.money.payAtSalon',
  depositPaid: 'visits.money.depositPaid',
  paid: 'visits.money.paid',
} as const satisfies Record<BookingMoneyState['kind'], string>;

/** Under a visit in a list: where its money stands ('Deposit paid ৳360 · ৳840 due at the salon'), when there is something to say. */
export function BookingMoneyNote({ booking }: { booking: Pick<Booking, 'status' | 'money'> }) {
  const { t } = useTranslation('dashboard');
  const locale = useIntlLocale();
  const state = bookingMoneyState(booking);
  if (!state) return null;
  const money = (amount: number) => formatMoney(amount, undefined, locale);
  const amounts = {
    amount: 'amount' in state ? money(state.amount) : '',
    paid: 'paid' in state ? money(state.paid) : '',
    due: 'due' in state ? money(state.due) : '',
  };
  return (
    <p className="text-sm text-base-content/75" data-booking-money="">
      {t(MONEY_KEYS[state.kind], amounts)}
    </p>
  );
}

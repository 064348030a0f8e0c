import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CalendarClock, FlaskConical, RotateCcw } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CartItem } from '@shared/cart';
import { SALON_CURRENCY } from '@shared/money';
import { BOOKING_LIST_CHANGED_MESSAGE, TEST_WALLET, formatWalletNumber, type GatewayName } from '@shared/payments';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { isBookingListChanged, usePaymentIntent } from '../api/create-payment-intent';
import { bookingListDueLater, bookingListDueNow, bookingListSignature, bookingListTotal, holdProblem, payNowLine } from '../booking-list-total';
import { CancellationPolicy } from './cancellation-policy';
import { PayAtSalonPanel } from './pay-at-salon-panel';
import { useNow } from '@/hooks/use-now';
import { useErrorText } from '@/hooks/use-error-text';
import { SalonText } from '@/components/ui/salon-text';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useServiceTitle } from '@/hooks/use-language';
import { paymentMethodKeys } from './payment-status-badge';
import { HOLD_WARNING_MS, HoldKept, HoldProblems, HoldWarning, useHoldWarningAnnouncement, type KeepTimesState } from './hold-notice';
import { TestCardForm } from './test-card-form';
import { TestPaymentChoice, type TestMethod } from './test-payment-choice';
import { TestWalletForm } from './test-wallet-form';
import { HostedPayment } from './hosted-payment';

// Stripe's code (and its script) is fetched only when the server's gateway is Stripe.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));


interface AppointmentCheckoutProps {
  email: string;
  /** The booking list; the caller shows the empty state itself. */
  items: CartItem[];
  timeZone: string;
  /** The salon's cancellation notice, for the policy shown before she pays. */
  cancelNoticeHours: number;
  /** From GET /api/payments/config, known before the intent so the badge shows at once. */
  gateway: GatewayName | undefined;
  /** No real money moves (the test gateway, SSLCommerz's sandbox): the Test mode badge. */
  testMode: boolean;
  /** Holds every item's time again and answers the renewed items (rejects with the server's refusal when one was taken). */
  onKeepTimes: () => Promise<CartItem[]>;
}

/**
 * /dashboard/appointment's body: what is being paid for, with the held times, and the card form.
 * An item without a time sends the customer back to her booking list: the server would refuse to
 * charge for it. The hold on her times is a time limit (WCAG 2.2.1): two minutes before it ends
 * she is told, politely, and offered 'Keep my times'; if it ends anyway, the card form stays with
 * what she typed (set aside until the times are held again) and focus stays off <body>.
 */
export function AppointmentCheckout({ email, items, timeZone, cancelNoticeHours, gateway, testMode, onKeepTimes }: AppointmentCheckoutProps) {
  const { t } = useTranslation('payment');
  const format = useSalonFormat();
  const words = { t, money: (amount: number) => format.money(amount) };
  const errorText = useErrorText();
  const holdWarningAnnouncement = useHoldWarningAnnouncement();
  const now = useNow();
  const [listChanged, setListChanged] = useState(false);
  const total = bookingListTotal(items);
  // What is paid online now; the rest of the total is paid at the salon (deposits, pay at salon).
  const dueNow = bookingListDueNow(items);
  const serviceTitle = useServiceTitle();
  const problems = items.map((item) => holdProblem(t, item, now, serviceTitle(item))).filter((problem) => problem !== null);
  const holdsEndAt = Math.min(...items.map((item) => (item.holdExpiresAt ? Date.parse(item.holdExpiresAt) : Infinity)));
  const allTimed = items.every((item) => item.startsAt !== null);
  const remaining = holdsEndAt - now;
  const lapsed = allTimed && remaining <= 0;
  const warning = allTimed && !lapsed && remaining <= HOLD_WARNING_MS;

  // The card form, once shown, stays mounted (and keeps what she typed) even when the hold lapses.
  const [formShown, setFormShown] = useState(false);
  if (allTimed && !lapsed && !formShown) setFormShown(true);
  const showForm = allTimed && (formShown || !lapsed);

  const [keeping, setKeeping] = useState(false);
  const [keepError, setKeepError] = useState<string | null>(null);
  /** How many minutes the times are held again for, once 'Keep my times' has worked. */
  const [kept, setKept] = useState<number | null>(null);
  const keep: KeepTimesState = {
    pending: keeping,
    error: keepError,
    onKeep: () => {
      setKeeping(true);
      setKeepError(null);
      setKept(null);
      onKeepTimes()
        .then((renewed) => {
          const until = Math.min(...renewed.map((item) => (item.holdExpiresAt ? Date.parse(item.holdExpiresAt) : Infinity)));
          setKept(Number.isFinite(until) ? Math.max(1, Math.round((until - Date.now()) / 60_000)) : null);
        })
        .catch((error: unknown) => setKeepError((error instanceof Error ? error.message : t('hold.notKept')).replace(/[.।]$/, '')))
        .finally(() => setKeeping(false));
    },
  };

  const paymentRef = useRef<HTMLElement>(null);
  const keepButtonRef = useRef<HTMLButtonElement>(null);
  const keptRef = useRef<HTMLParagraphElement>(null);
  // The form is set aside (inert) when the hold lapses: focus in it, or lost with the warning's
  // button, goes to 'Keep my times' in the alert that says what happened.
  useEffect(() => {
    if (!lapsed) return;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected || paymentRef.current?.contains(active)) keepButtonRef.current?.focus();
  }, [lapsed]);
  // 'Keep my times' worked and its button is gone with the notice: focus goes to the news.
  useEffect(() => {
    if (kept === null) return;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) keptRef.current?.focus();
  }, [kept]);

  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <section aria-labelledby="appointment-services" className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
        <h2 id="appointment-services" className="text-xl font-semibold">
          {t('yourAppointments')}
        </h2>
        <p className="mt-1 text-sm text-base-content/70">{t('zone', { zone: format.timesAreInZone(timeZone) })}</p>
        <ul className="mt-4 divide-y divide-base-300/70">
          {items.map((item) => {
            const problem = holdProblem(t, item, now, serviceTitle(item));
            return (
              <li key={item._id} className="flex items-center gap-4 py-3">
                <img src={item.image_url} alt="" width={56} height={56} className="size-14 shrink-0 rounded-field bg-base-200 object-cover" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold [overflow-wrap:anywhere]">
                    <SalonText en={item.title} bn={item.title_bn} />
                  </p>
                  {item.startsAt ? (
                    <p className="flex items-center gap-1.5 text-sm text-base-content/75">
                      <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
                      <time dateTime={item.startsAt}>{format.dateTime(item.startsAt, timeZone)}</time>
                      <span aria-hidden="true">·</span>
                      <span>{t('minutes', { count: item.duration })}</span>
                    </p>
                  ) : null}
                  {problem ? <p className="text-sm font-medium text-warning">{problem}</p> : null}
                  {item.plan !== 'full' ? <p className="text-sm text-base-content/75">{payNowLine(words, item)}</p> : null}
                </div>
                <p className="shrink-0 font-semibold">{format.money(item.price)}</p>
              </li>
            );
          })}
        </ul>
        <p className="mt-2 flex items-baseline justify-between border-t border-base-300 pt-4 text-lg font-semibold">
          <span>{t('total')}</span>
          <span data-testid="appointment-total">{format.money(total)}</span>
        </p>
        {dueNow !== total ? (
          <dl className="mt-2 space-y-1 text-base">
            <div className="flex items-baseline justify-between gap-4 font-semibold">
              <dt>{t('payNow')}</dt>
              <dd data-testid="appointment-due-now">{format.money(dueNow)}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt>{t('atTheSalon')}</dt>
              <dd data-testid="appointment-due-later">{format.money(bookingListDueLater(total, dueNow))}</dd>
            </div>
          </dl>
        ) : null}
        <CancellationPolicy plans={items.map((item) => item.plan)} noticeHours={cancelNoticeHours} className="mt-4" />
        {problems.length === 0 && Number.isFinite(holdsEndAt) ? (
          <p className="mt-2 text-sm text-base-content/75">
            <Trans
              t={t}
              i18nKey="hold.heldFor"
              values={{ time: format.countdown(holdsEndAt - now), spoken: format.describeCountdown(holdsEndAt - now) }}
              components={{ shown: <span aria-hidden="true" className="font-semibold tabular-nums" />, said: <span className="sr-only" /> }}
            />
          </p>
        ) : null}
      </section>

      <section
        ref={paymentRef}
        aria-labelledby="appointment-payment"
        className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="appointment-payment" className="text-xl font-semibold">
            {t('heading')}
          </h2>
          {testMode ? (
            <span className="badge gap-1 border-warning/40 bg-warning/10 font-medium text-warning">
              <FlaskConical aria-hidden="true" className="size-3.5" />
              {t('testMode')}
            </span>
          ) : null}
        </div>
        {listChanged ? (
          <FormAlert className="mt-4">
            <p>{errorText(BOOKING_LIST_CHANGED_MESSAGE)}</p>
            <p className="font-normal">{t('listChanged')}</p>
          </FormAlert>
        ) : null}
        {/* Spoken once when the warning starts and once more at the last minute; never on every tick. */}
        <p role="status" aria-live="polite" className="sr-only">
          {warning ? holdWarningAnnouncement(remaining) : ''}
        </p>
        {kept !== null && !lapsed ? (
          <div className="mt-4">
            <HoldKept holdMinutes={kept} statusRef={keptRef} />
          </div>
        ) : null}
        {warning ? (
          <div className="mt-4">
            <HoldWarning remainingMs={remaining} keep={keep} />
          </div>
        ) : null}
        {problems.length > 0 ? (
          <div className="mt-4">
            <HoldProblems problems={problems} keep={allTimed ? keep : undefined} keepButtonRef={keepButtonRef} />
          </div>
        ) : null}
        {showForm ? (
          <div className={`mt-4 ${lapsed ? 'opacity-60' : ''}`} inert={lapsed}>
            {/* Until the processor is known: a hosted-page one must not be asked for an intent on sight. */}
            {dueNow === 0 ? (
              <PayAtSalonPanel email={email} onListChanged={() => setListChanged(true)} />
            ) : gateway === undefined ? (
              <div role="status" aria-label={t('preparing')} className="skeleton h-24 w-full" />
            ) : gateway === 'sslcommerz' ? (
              <HostedPayment email={email} total={dueNow} testMode={testMode} onListChanged={() => setListChanged(true)} />
            ) : (
              <PaymentPanel email={email} total={dueNow} items={items} gateway={gateway} onListChanged={() => setListChanged(true)} />
            )}
          </div>
        ) : null}
      </section>
    </div>
  );
}

interface PaymentPanelProps {
  email: string;
  total: number;
  items: CartItem[];
  gateway: GatewayName | undefined;
  onListChanged: () => void;
}

function PaymentPanel({ email, total, items, gateway, onListChanged }: PaymentPanelProps) {
  const { t } = useTranslation('payment');
  const navigate = useNavigate();
  const intent = usePaymentIntent({ email, total, listSignature: `${bookingListSignature(items)}#${total}`, onListChanged });
  const onPaid = (paymentId: string) => {
    void navigate(`${paths.dashboard.appointmentDone}?payment=${encodeURIComponent(paymentId)}`);
  };
  const listChanged = () => {
    onListChanged();
    // The intent was made for the old list: ask for one for the list as it is now.
    void intent.refetch();
  };

  const [method, setMethod] = useState<TestMethod>('card');
  const testNotice =
    (intent.data?.gateway ?? gateway) === 'test' ? (
      <>
        <TestPaymentChoice value={method} onChange={setMethod} />
        <TestModeNotice method={method} />
      </>
    ) : null;

  if (intent.isPending) {
    return (
      <>
        {testNotice}
        <div role="status" aria-label={t('preparing')} className="space-y-3">
          <div className="skeleton h-10 w-full" />
          <div className="skeleton h-10 w-full" />
          <div className="skeleton h-10 w-full rounded-full" />
        </div>
      </>
    );
  }

  if (intent.isError) {
    // A 409 is already told above (the list changed); say only what to do next here.
    return (
      <div className="space-y-3">
        {isBookingListChanged(intent.error) ? null : <FormAlert>{intent.error.message}</FormAlert>}
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn rounded-full btn-sm btn-primary" onClick={() => void intent.refetch()} disabled={intent.isFetching}>
            <RotateCcw aria-hidden="true" className={`size-4 ${intent.isFetching ? 'motion-safe:animate-spin' : ''}`} />
            {t('tryAgain')}
          </button>
          <Link to={paths.dashboard.bookingList} className="btn rounded-full btn-outline btn-sm btn-primary">
            {t('goToList')}
          </Link>
        </div>
      </div>
    );
  }

  const { clientSecret, paymentId, amount, currency, publishableKey } = intent.data;
  if (intent.data.gateway === 'stripe') {
    if (!publishableKey) return <FormAlert>{t('card.notSetUp')}</FormAlert>;
    return (
      <Suspense
        fallback={
          <div role="status" aria-label={t('card.loading')} className="skeleton h-40 w-full" />
        }
      >
        <StripePaymentForm publishableKey={publishableKey} clientSecret={clientSecret} paymentId={paymentId} onPaid={onPaid} />
      </Suspense>
    );
  }

  return (
    <>
      {testNotice}
      {method === 'card' ? (
        <TestCardForm clientSecret={clientSecret} amount={amount} currency={currency || SALON_CURRENCY} onPaid={onPaid} onListChanged={listChanged} />
      ) : (
        <TestWalletForm
          key={method}
          wallet={method}
          clientSecret={clientSecret}
          amount={amount}
          currency={currency || SALON_CURRENCY}
          onPaid={onPaid}
          onListChanged={listChanged}
        />
      )}
    </>
  );
}

/** What to type in test mode, for the method she chose: the documented numbers, as for cards. */
function TestModeNotice({ method }: { method: TestMethod }) {
  const { t } = useTranslation('payment');
  // Card and wallet numbers are typed as shown: Latin digits in both languages.
  if (method === 'card') {
    return (
      <p className="mb-4 rounded-field border border-warning/30 bg-warning/5 px-4 py-3 text-sm">
        {t('test.cardNotice')}
        <span className="mt-1 block text-xs text-base-content/70">{t('test.cardRefusals')}</span>
      </p>
    );
  }
  const name = t(paymentMethodKeys[method]);
  // A number broken across two lines reads as two numbers.
  const number = <span className="whitespace-nowrap" />;
  return (
    <p className="mb-4 rounded-field border border-warning/30 bg-warning/5 px-4 py-3 text-sm">
      <Trans
        t={t}
        i18nKey="test.walletNotice"
        values={{ name, number: formatWalletNumber(TEST_WALLET.succeeds), code: TEST_WALLET.code }}
        components={{ number }}
      />
      <span className="mt-1 block text-xs text-base-content/70">
        <Trans
          t={t}
          i18nKey="test.walletRefusals"
          values={{ declined: formatWalletNumber(TEST_WALLET.declined), noAnswer: formatWalletNumber(TEST_WALLET.noAnswer) }}
          components={{ declined: number, noAnswer: number }}
        />
      </span>
    </p>
  );
}

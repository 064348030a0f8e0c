import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, CircleCheck, CircleX, Download, Hourglass, RotateCcw } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fromMinorUnits, toMinorUnits } from '@shared/money';
import { CancellationPolicy } from './cancellation-policy';
import { payNowLine } from '../booking-list-total';
import type { Payment } from '@shared/payments';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { SalonText } from '@/components/ui/salon-text';
import { useServiceTitle } from '@/hooks/use-language';
import { useSalonFormat, type SalonFormat } from '@/hooks/use-salon-format';
import { paymentMethodKeys } from './payment-status-badge';
import { PENDING_POLL_LIMIT, usePayment } from '../api/get-payment';
import { paymentListsKey } from '../api/get-payments';

const linkClass = 'btn rounded-full';

function money(format: SalonFormat, payment: Pick<Payment, 'currency'>, amount: number) {
  return format.money(amount, payment.currency.toUpperCase());
}

/** A payment that went through: later refunds do not undo that the visit was paid for. */
function isPaid(payment: Payment) {
  return payment.status === 'succeeded' || payment.status === 'refunded' || payment.status === 'partially_refunded';
}

interface PaymentReceiptProps {
  paymentId: string;
  email: string;
  timeZone: string;
  cancelNoticeHours: number;
}

/**
 * /dashboard/appointment/done: the outcome of a payment as the server knows it. With Stripe the
 * webhook may arrive a moment after the customer does, so a pending payment is asked about again
 * every second for about 30 s.
 */
export function PaymentReceipt({ paymentId, email, timeZone, cancelNoticeHours }: PaymentReceiptProps) {
  const { t } = useTranslation('payment');
  const format = useSalonFormat();
  // The calendar links' names say the service as the page shows it (its Bangla title on a Bangla page).
  const serviceTitle = useServiceTitle();
  const payment = usePayment(paymentId);
  const queryClient = useQueryClient();
  const settled = payment.data !== undefined && payment.data.status !== 'pending';

  useEffect(() => {
    if (!settled) return;
    // A paid list is emptied on the server and its bookings and payment are new: the navbar's
    // count and the other pages must not show what they cached before.
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart(email) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
    void queryClient.invalidateQueries({ queryKey: paymentListsKey });
  }, [settled, email, queryClient]);

  if (payment.isPending) return <Waiting title={t('outcome.confirming')} />;

  if (payment.isError) {
    if (payment.error instanceof ApiRequestError && (payment.error.statusCode === 404 || payment.error.statusCode === 400)) {
      return <PaymentNotFound />;
    }
    return (
      <>
        <PageHeader eyebrow={t('eyebrow')} title={t('outcome.yours')} />
        <div className="mt-8">
          <ErrorState
            title={t('somethingWrong')}
            message={payment.error.message}
            onRetry={() => void payment.refetch()}
            isRetrying={payment.isFetching}
          />
        </div>
      </>
    );
  }

  const data = payment.data;

  if (data.status === 'pending') {
    // Polling stopped (about 30 s): let her ask again rather than wait on a spinner forever.
    const polls = queryClient.getQueryState(queryKeys.payment(paymentId))?.dataUpdateCount ?? 0;
    const gaveUp = polls >= PENDING_POLL_LIMIT && !payment.isFetching;
    if (!gaveUp) return <Waiting title={t('outcome.confirming')} />;
    return (
      <>
        <PageHeader eyebrow={t('eyebrow')} title={t('outcome.stillConfirming')}>
          {t('receipt.stillConfirmingText')}
        </PageHeader>
        <div className="mt-8 flex flex-wrap gap-2">
          <button type="button" className={`${linkClass} btn-primary`} onClick={() => void payment.refetch()} disabled={payment.isFetching}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('receipt.checkAgain')}
          </button>
          <Link to={paths.dashboard.paymentHistory} className={`${linkClass} btn-outline btn-primary`}>
            {t('receipt.history')}
          </Link>
        </div>
      </>
    );
  }

  if (!isPaid(data)) {
    return (
      <>
        <PageHeader eyebrow={t('eyebrow')} title={data.status === 'canceled' ? t('outcome.cancelled') : t('outcome.failed')}>
          {t('receipt.nothingCharged')}
        </PageHeader>
        <div role="alert" className="mt-8 flex items-start gap-3 rounded-box border border-error/30 bg-error/5 p-5 text-error">
          <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p className="font-medium">{data.failureMessage ?? t('didNotGoThrough')}</p>
        </div>
        <div className="mt-6 flex flex-wrap gap-2">
          <Link to={paths.dashboard.appointment} className={`${linkClass} btn-primary`}>
            {t('receipt.backToPayment')}
          </Link>
          <Link to={paths.dashboard.bookingList} className={`${linkClass} btn-outline btn-primary`}>
            {t('receipt.bookingList')}
          </Link>
        </div>
      </>
    );
  }

  // Nothing was paid online (every visit is paid at the salon): a booking, not a payment.
  const atSalon = data.amount === 0;
  const dueAtSalon = data.services.filter((service) => service.status !== 'cancelled').reduce((sum, service) => sum + toMinorUnits(service.price - service.online), 0);
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={atSalon ? t('outcome.booked') : t('outcome.succeeded')}>
        <Trans t={t} i18nKey="receipt.thanks" values={{ name: data.customer.name }} components={{ name: <span translate="no" /> }} />
      </PageHeader>
      <section
        aria-labelledby="receipt-title"
        className="mt-8 max-w-2xl rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6"
      >
        <h2 id="receipt-title" className="flex items-center gap-2 text-xl font-semibold">
          <CircleCheck aria-hidden="true" className="size-5 text-success" />
          {t('receipt.heading')}
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
          <dt className="text-base-content/70">{dueAtSalon > 0 ? t('receipt.paidOnline') : t('receipt.amountPaid')}</dt>
          <dd className="font-semibold">{money(format, data, data.amount)}</dd>
          {dueAtSalon > 0 ? (
            <>
              <dt className="text-base-content/70">{t('receipt.dueAtSalon')}</dt>
              <dd className="font-semibold" data-testid="receipt-due-at-salon">
                {money(format, data, fromMinorUnits(dueAtSalon))}
              </dd>
            </>
          ) : null}
          {data.refunded > 0 ? (
            <>
              <dt className="text-base-content/70">{t('receipt.refunded')}</dt>
              <dd>{money(format, data, data.refunded)}</dd>
            </>
          ) : null}
          {data.method ? (
            <>
              <dt className="text-base-content/70">{t('receipt.paidBy')}</dt>
              <dd>{t(paymentMethodKeys[data.method])}</dd>
            </>
          ) : null}
          {atSalon ? null : (
            <>
              <dt className="text-base-content/70">{t('receipt.reference')}</dt>
              {/* The processor's code, as the salon will read it out: not words to translate. On a line
                  of its own and small, so it stays whole on a 320 px phone (a code split over two
                  lines is misread). */}
              <dd translate="no" className="col-span-2 overflow-x-auto font-mono text-[0.7rem] whitespace-nowrap">
                {data.gatewayRef}
              </dd>
            </>
          )}
          {data.paidAt ? (
            <>
              <dt className="text-base-content/70">{atSalon ? t('receipt.bookedOn') : t('receipt.paidOn')}</dt>
              <dd>
                <time dateTime={data.paidAt}>{format.dateTime(data.paidAt, timeZone)}</time>
              </dd>
            </>
          ) : null}
        </dl>
        <h3 className="mt-6 text-lg font-semibold">{t('yourAppointments')}</h3>
        <p className="text-sm text-base-content/70">{t('zone', { zone: format.timesAreInZone(timeZone) })}</p>
        <ul className="mt-3 divide-y divide-base-300/70">
          {data.services.map((service) => (
            <li key={service.bookingId} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
              <CalendarCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
              {/* At least 12rem: on a phone the price and the calendar link move down a line
                  before the name would be squeezed into breaking in the middle of a word. */}
              <div className="min-w-48 flex-1">
                <p className="font-semibold [overflow-wrap:anywhere]">
                  <SalonText en={service.title} bn={service.title_bn} />
                </p>
                <p className="text-sm text-base-content/75 wrap-break-word">
                  <time dateTime={service.startsAt}>{format.dateTime(service.startsAt, timeZone)}</time>
                  {service.staffName ? ` · ${t('receipt.withStylist', { name: service.staffName })}` : null}
                  {service.status === 'cancelled' ? ` · ${t('receipt.cancelled')}` : null}
                </p>
                {service.plan !== 'full' && service.status !== 'cancelled' ? (
                  <p className="text-sm text-base-content/75">
                    {payNowLine(
                      { t, money: (amount) => format.money(amount) },
                      { plan: service.plan, price: service.price, payNow: service.online },
                      true,
                    )}
                  </p>
                ) : null}
              </div>
              <p className="shrink-0 font-medium">{money(format, data, service.price)}</p>
              {service.status === 'confirmed' ? (
                // Her calendar app opens the file and keeps the appointment (GET /api/bookings/:id/ics).
                <a
                  href={`/api/bookings/${encodeURIComponent(service.bookingId)}/ics`}
                  download
                  aria-label={t('receipt.calendarFileFor', { title: serviceTitle(service), when: format.dateTime(service.startsAt, timeZone) })}
                  className="btn rounded-full btn-ghost btn-sm ml-8"
                >
                  <Download aria-hidden="true" className="size-4" />
                  {t('receipt.calendarFile')}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
        <CancellationPolicy plans={data.services.map((service) => service.plan)} noticeHours={cancelNoticeHours} className="mt-4" />
      </section>
      <div className="mt-6 flex flex-wrap gap-2">
        <Link to={paths.dashboard.userHome} className={`${linkClass} btn-primary`}>
          {t('receipt.myAppointments')}
        </Link>
        <Link to={paths.dashboard.paymentHistory} className={`${linkClass} btn-outline btn-primary`}>
          {t('receipt.history')}
        </Link>
      </div>
    </>
  );
}

function Waiting({ title }: { title: string }) {
  const { t } = useTranslation('payment');
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={title} />
      <div role="status" className="mt-8 flex items-center gap-3 text-base-content/75">
        <Hourglass aria-hidden="true" className="size-5 text-primary motion-safe:animate-pulse" />
        {t('receipt.waiting')}
      </div>
    </>
  );
}

export function PaymentNotFound() {
  const { t } = useTranslation('payment');
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('outcome.notFound')}>
        {t('receipt.notFoundText')}
      </PageHeader>
      <div className="mt-8 flex flex-wrap gap-2">
        <Link to={paths.dashboard.paymentHistory} className={`${linkClass} btn-primary`}>
          {t('receipt.history')}
        </Link>
        <Link to={paths.dashboard.bookingList} className={`${linkClass} btn-outline btn-primary`}>
          {t('receipt.bookingList')}
        </Link>
      </div>
    </>
  );
}

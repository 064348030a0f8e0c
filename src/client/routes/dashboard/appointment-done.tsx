import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { idSchema } from '@shared/ids';
import type { Payment } from '@shared/payments';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { PENDING_POLL_LIMIT, usePayment } from '@/features/payments/api/get-payment';
import { PaymentNotFound, PaymentReceipt } from '@/features/payments/components/payment-receipt';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiRequestError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/**
 * /dashboard/appointment/done?payment={id}: where the card form (or Stripe, after a bank's
 * check) sends the customer. It shows what the server knows, never what the browser assumed.
 */
export function AppointmentDoneRoute() {
  const [searchParams] = useSearchParams();
  const paymentId = searchParams.get('payment') ?? '';
  if (!idSchema.safeParse(paymentId).success) return <NoSuchPayment />;
  return <PaymentOutcome key={paymentId} paymentId={paymentId} />;
}

function NoSuchPayment() {
  const { t } = useTranslation('payment');
  useDocumentTitle(t('pageTitle', { title: t('outcome.notFound') }));
  return <PaymentNotFound />;
}

/** The receipt's heading (and the tab's title): the key in the `payment` catalogue. */
type OutcomeKey = 'outcome.failed' | 'outcome.cancelled' | 'outcome.succeeded' | 'outcome.confirming' | 'outcome.notFound' | 'outcome.yours' | 'outcome.stillConfirming';

function paidTitle(payment: Payment): OutcomeKey {
  if (payment.status === 'failed') return 'outcome.failed';
  if (payment.status === 'canceled') return 'outcome.cancelled';
  return 'outcome.succeeded';
}

/**
 * The receipt, with what a screen-reader or keyboard user needs of a result that arrives after
 * the page: a title of its own ('Payment successful | Parlour'), and focus on its heading once the
 * outcome is final. While waiting, the heading 'Confirming your payment' has focus (the page's
 * navigation put it there); the result replaces that heading, which would leave focus on <body>,
 * with nothing said. Focusing the new heading says it (WCAG 4.1.3, 2.4.3).
 */
function PaymentOutcome({ paymentId }: { paymentId: string }) {
  const { user } = useCurrentUser();
  const settings = useSalonSettings();
  const payment = usePayment(paymentId);
  const queryClient = useQueryClient();
  const { t } = useTranslation('payment');

  let title: OutcomeKey;
  if (payment.isPending) title = 'outcome.confirming';
  else if (payment.isError) {
    const missing = payment.error instanceof ApiRequestError && (payment.error.statusCode === 404 || payment.error.statusCode === 400);
    title = missing ? 'outcome.notFound' : 'outcome.yours';
  } else if (payment.data.status === 'pending') {
    // As the receipt decides it: polling has stopped and she is offered to check again.
    const polls = queryClient.getQueryState(queryKeys.payment(paymentId))?.dataUpdateCount ?? 0;
    title = polls >= PENDING_POLL_LIMIT && !payment.isFetching ? 'outcome.stillConfirming' : 'outcome.confirming';
  } else title = paidTitle(payment.data);
  const settled = title !== 'outcome.confirming';
  useDocumentTitle(t('pageTitle', { title: t(title) }));

  useEffect(() => {
    if (!settled) return;
    // After the frame, when the receipt has drawn the heading that names the outcome.
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return;
      heading.setAttribute('tabindex', '-1');
      heading.setAttribute('data-focus-target', '');
      heading.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [settled, title]);

  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  const cancelNoticeHours = settings.data?.cancelNoticeHours ?? DEFAULT_SALON_SETTINGS.cancelNoticeHours;
  return <PaymentReceipt paymentId={paymentId} email={user?.email ?? ''} timeZone={timeZone} cancelNoticeHours={cancelNoticeHours} />;
}

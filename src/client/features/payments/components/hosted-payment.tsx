import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { FormActions } from '@/components/ui/form-actions';
import { isBookingListChanged, usePayOnHostedPage } from '../api/create-payment-intent';

interface HostedPaymentProps {
  email: string;
  total: number;
  /** SSLCommerz's sandbox: no real money moves. */
  testMode: boolean;
  onListChanged: () => void;
}

/**
 * SSLCommerz: she pays on its secure page (cards, bKash, Nagad, Rocket, internet banking) and
 * comes back to her receipt, which waits for the outcome. Pressing Pay renews her holds and opens
 * the page; the button stays locked while the browser leaves.
 */
export function HostedPayment({ email, total, testMode, onListChanged }: HostedPaymentProps) {
  const { t } = useTranslation('payment');
  const format = useSalonFormat();
  const pay = usePayOnHostedPage({ email, total, onListChanged });
  const leaving = pay.isPending || pay.isSuccess;
  // A 409 is told above the panel (the list changed); the rest is said here.
  const refusal = pay.isError && !isBookingListChanged(pay.error) ? pay.error.message : null;
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        pay.mutate();
      }}
    >
      <p className="text-sm text-base-content/80">
        {t('hosted.intro')}
      </p>
      {testMode ? (
        <p className="rounded-field border border-warning/30 bg-warning/5 px-4 py-3 text-sm">
          {t('hosted.testMode')}
        </p>
      ) : null}
      <FormActions label={t('payAmount', { amount: format.money(total) })} icon={Lock} pending={leaving} aria-busy={leaving} error={refusal} className="w-full" />
    </form>
  );
}

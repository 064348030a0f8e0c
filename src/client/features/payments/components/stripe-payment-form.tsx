import { useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { FormActions } from '@/components/ui/form-actions';
import { CardRefusal } from './card-refusal';

/**
 * Stripe Elements. This module is only ever imported lazily, when the server says the gateway is
 * Stripe: importing @stripe/stripe-js adds Stripe's script from its own host, which the test
 * gateway (and a machine with no network) must never need.
 */

// One Stripe instance per key for the life of the page, as Stripe asks (loadStripe is costly).
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  paymentId: string;
  /** Stripe accepted the card without leaving the page; the webhook decides the rest. */
  onPaid: (paymentId: string) => void;
}

export default function StripePaymentForm({ publishableKey, clientSecret, paymentId, onPaid }: StripePaymentFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <StripeCheckoutForm paymentId={paymentId} onPaid={onPaid} />
    </Elements>
  );
}

function StripeCheckoutForm({ paymentId, onPaid }: { paymentId: string; onPaid: (paymentId: string) => void }) {
  const { t } = useTranslation('payment');
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    setRefusal(null);
    // A bank that asks for 3-D Secure sends her away and back to return_url; otherwise the
    // promise settles here. Either way the confirmation page asks our server, which learns the
    // outcome from Stripe's webhook: the browser never decides that a payment succeeded.
    const returnUrl = new URL(paths.dashboard.appointmentDone, window.location.origin);
    returnUrl.searchParams.set('payment', paymentId);
    const { error } = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: returnUrl.toString() },
    });
    if (error) {
      setRefusal(error.message ?? t('notChargedRefusal'));
      setPaying(false);
      return;
    }
    onPaid(paymentId);
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('card.details')} className="space-y-4">
      <PaymentElement />
      <FormActions
        label={t('pay')}
        icon={Lock}
        pending={paying}
        disabled={!stripe || !elements}
        aria-busy={paying}
        error={refusal ? <CardRefusal reason={refusal} /> : null}
        className="w-full"
      />
    </form>
  );
}

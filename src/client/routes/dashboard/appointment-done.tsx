import { useSearchParams } from 'react-router';
import { idSchema } from '../../../shared/ids';
import { DEFAULT_SALON_SETTINGS } from '../../../shared/salon-settings';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { PaymentNotFound, PaymentReceipt } from '../../features/payments/components/payment-receipt';
import { useSalonSettings } from '../../features/settings/api/get-settings';
import { useDocumentTitle } from '../../hooks/use-document-title';

/**
 * /dashboard/appointment/done?payment={id}: where the card form (or Stripe, after a bank's
 * check) sends the customer. It shows what the server knows, never what the browser assumed.
 */
export function AppointmentDoneRoute() {
  useDocumentTitle('Appointment | Parlour');
  const [searchParams] = useSearchParams();
  const { user } = useCurrentUser();
  const settings = useSalonSettings();
  const paymentId = searchParams.get('payment') ?? '';

  if (!idSchema.safeParse(paymentId).success) return <PaymentNotFound />;
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  return <PaymentReceipt key={paymentId} paymentId={paymentId} email={user?.email ?? ''} timeZone={timeZone} />;
}

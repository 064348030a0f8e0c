import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BOOKING_LIST_CHANGED_MESSAGE } from '@shared/payments';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { useBookToPayAtSalon } from '../api/create-payment-intent';

interface PayAtSalonPanelProps {
  email: string;
  onListChanged: () => void;
}

/**
 * The payment panel of a list with nothing to pay online: no card form, one button that books the
 * visits (the salon takes the money at the visit) and goes on to the confirmation page.
 */
export function PayAtSalonPanel({ email, onListChanged }: PayAtSalonPanelProps) {
  const { t } = useTranslation('payment');
  const navigate = useNavigate();
  const book = useBookToPayAtSalon(email, onListChanged);
  return (
    <div className="space-y-4">
      <p className="flex items-start gap-2 text-sm">
        <Store aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        {t('atSalon.intro')}
      </p>
      {/* A changed list is told above the panel; any other refusal (the salon's limit) here. */}
      {book.isError && book.error.message !== BOOKING_LIST_CHANGED_MESSAGE ? <FormAlert>{book.error.message}</FormAlert> : null}
      <button
        type="button"
        className="btn w-full rounded-full btn-primary"
        disabled={book.isPending}
        onClick={() =>
          book.mutate(undefined, {
            onSuccess: (booked) => void navigate(`${paths.dashboard.appointmentDone}?payment=${encodeURIComponent(booked.paymentId)}`),
          })
        }
      >
        {book.isPending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
        {t('atSalon.book')}
      </button>
    </div>
  );
}

import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Service } from '@shared/service';
import { paths } from '@/config/paths';
import { confirmDialog, showError, toast } from '@/lib/dialogs';
import { useAddToCart } from './api/add-to-cart';

interface BookingUser {
  email: string;
}

/** Who is signed in, as the page knows it (useCurrentUser): `isLoading` while her session is on its way. */
interface Visitor {
  user: BookingUser | null;
  isLoading: boolean;
  whenKnown: () => Promise<BookingUser | null>;
}

/**
 * What 'Add to Booking list' does (spec section 4). A visitor is invited to log in and comes back
 * here afterwards; a signed-in customer's service is posted to her list and Booking(n) grows.
 * A tap made before her session has arrived waits for it: the public pages are drawn by the server
 * for everyone, and a tap made before the app had started is played again the moment it has
 * (boot.ts), so "You are not logged in" must not be said to a customer who is.
 */
export function useAddToBooking(visitor: Visitor): (service: Service) => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('common');
  const { mutateAsync } = useAddToCart();
  const { user: known, isLoading, whenKnown } = visitor;

  return useCallback(
    async (service: Service) => {
      const user = known ?? (isLoading ? await whenKnown() : null);
      if (!user) {
        const wantsToLogin = await confirmDialog({
          title: t('addToBooking.notLoggedIn'),
          text: t('addToBooking.pleaseLogIn'),
          icon: 'warning',
          confirmButtonText: t('addToBooking.yesLogIn'),
          cancelButtonText: t('dialog.cancel'),
        });
        if (wantsToLogin) await navigate(paths.login, { state: { from: location } });
        return;
      }
      try {
        const { insertedId } = await mutateAsync({ service, email: user.email });
        // Not awaited: the toast resolves only when it closes, 1.5 s later.
        if (insertedId) void toast({ title: t('addToBooking.added') });
      } catch (error) {
        // decisions.md section 2: failures are shown, not only logged.
        await showError({
          title: t('addToBooking.notAdded'),
          text: error instanceof Error ? error.message : t('addToBooking.tryAgain'),
        });
      }
    },
    [known, isLoading, whenKnown, navigate, location, mutateAsync, t],
  );
}

import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Service } from '../../../shared/service';
import { paths } from '../../config/paths';
import { confirmDialog, toast } from '../../lib/dialogs';

interface BookingUser {
  email: string;
}

/**
 * What 'Add to Booking list' does. A visitor is invited to log in and comes back here afterwards.
 * The cart issue replaces the signed-in branch with the real POST /api/cart.
 */
export function useAddToBooking(user: BookingUser | null): (service: Service) => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();

  return useCallback(
    async (_service: Service) => {
      if (!user) {
        const wantsToLogin = await confirmDialog({
          title: 'You are not logged in',
          text: 'please login to add to the cart!',
          icon: 'warning',
          confirmButtonText: 'Yes,Login',
          cancelButtonText: 'Cancel',
        });
        if (wantsToLogin) await navigate(paths.login, { state: { from: location } });
        return;
      }
      await toast({ title: 'Booking list is coming soon', icon: 'info' });
    },
    [user, navigate, location],
  );
}

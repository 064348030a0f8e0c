import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { confirmDialog, linkToast, showError, type FocusAfter } from '@/lib/dialogs';
import { useAddAgainToCart } from './api/add-to-cart';

/** What 'Book again' needs of a past visit. */
export interface VisitToRepeat {
  serviceId: string;
  title: string;
  staffId: string | null;
  staffName: string | null;
}

const NOT_ADDED = 'Not added to your booking list';

/**
 * 'Book again' on a past visit: the same service, with the same stylist when she had one, onto her
 * booking list, then a toast with the way there. A stylist who has left (or no longer does the
 * service) is said, with the choice to add it for any stylist; a service taken off the menu is said.
 */
export function useBookAgain(email: string): (visit: VisitToRepeat, focusAfter?: FocusAfter) => Promise<void> {
  const navigate = useNavigate();
  const { mutateAsync } = useAddAgainToCart(email);

  return useCallback(
    async (visit: VisitToRepeat, focusAfter?: FocusAfter) => {
      const added = (who: string | null) => {
        // Not awaited: the toast resolves only when it closes.
        void linkToast({
          title: who ? `${visit.title} with ${who} is on your booking list` : `${visit.title} is on your booking list`,
          linkText: 'Open your booking list',
          href: paths.dashboard.bookingList,
          onFollow: (href) => void navigate(href),
          focusAfter,
        });
      };
      try {
        await mutateAsync({ serviceId: visit.serviceId, staffId: visit.staffId ?? undefined });
        added(visit.staffName);
        return;
      } catch (error) {
        const stylistIssue = error instanceof ApiRequestError ? error.issues?.find((issue) => issue.path === 'staffId') : undefined;
        if (!stylistIssue) {
          const gone = error instanceof ApiRequestError && error.statusCode === 404;
          await showError({
            title: NOT_ADDED,
            text: gone
              ? `${visit.title} is no longer on our menu.`
              : error instanceof Error
                ? error.message
                : 'Something went wrong. Please try again.',
            focusAfter,
          });
          return;
        }
        const anyone = await confirmDialog({
          title: `${visit.staffName ?? 'Your stylist'} is not available`,
          text: `${stylistIssue.message}. Add ${visit.title} with any stylist instead?`,
          icon: 'info',
          confirmButtonText: 'Add with any stylist',
          cancelButtonText: 'Not now',
        });
        if (!anyone) return;
      }
      try {
        await mutateAsync({ serviceId: visit.serviceId });
        added(null);
      } catch (error) {
        await showError({ title: NOT_ADDED, text: error instanceof Error ? error.message : 'Something went wrong. Please try again.', focusAfter });
      }
    },
    [mutateAsync, navigate],
  );
}

import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pickText } from '@shared/i18n/bilingual';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { confirmDialog, linkToast, showError, type FocusAfter } from '@/lib/dialogs';
import { useAddAgainToCart } from './api/add-to-cart';

/** What 'Book again' needs of a past visit. */
export interface VisitToRepeat {
  serviceId: string;
  title: string;
  /** The salon's Bangla title, when it wrote one (a Bangla page falls back to the English). */
  title_bn: string | null;
  staffId: string | null;
  staffName: string | null;
}

/**
 * 'Book again' on a past visit: the same service, with the same stylist when she had one, onto her
 * booking list, then a toast with the way there. A stylist who has left (or no longer does the
 * service) is said, with the choice to add it for any stylist; a service taken off the menu is said.
 * Every text is in the page's language; the server's reason comes in it too (Accept-Language).
 */
export function useBookAgain(email: string): (visit: VisitToRepeat, focusAfter?: FocusAfter) => Promise<void> {
  const navigate = useNavigate();
  const { t, i18n } = useTranslation('common');
  const { mutateAsync } = useAddAgainToCart(email);

  return useCallback(
    async (visit: VisitToRepeat, focusAfter?: FocusAfter) => {
      const title = pickText({ en: visit.title, bn: visit.title_bn }, i18n.language).text;
      const added = (name: string | null) => {
        // Not awaited: the toast resolves only when it closes.
        void linkToast({
          title: name ? t('bookAgain.addedWith', { title, name }) : t('bookAgain.added', { title }),
          linkText: t('bookAgain.openList'),
          href: paths.dashboard.bookingList,
          onFollow: (href) => void navigate(href),
          focusAfter,
        });
      };
      const notAdded = (text: string) => showError({ title: t('addToBooking.notAdded'), text, focusAfter });
      const reason = (error: unknown) => (error instanceof Error ? error.message : t('addToBooking.tryAgain'));
      try {
        await mutateAsync({ serviceId: visit.serviceId, staffId: visit.staffId ?? undefined });
        added(visit.staffName);
        return;
      } catch (error) {
        const stylistIssue = error instanceof ApiRequestError ? error.issues?.find((issue) => issue.path === 'staffId') : undefined;
        if (!stylistIssue) {
          const gone = error instanceof ApiRequestError && error.statusCode === 404;
          await notAdded(gone ? t('bookAgain.offMenu', { title }) : reason(error));
          return;
        }
        const anyone = await confirmDialog({
          title: visit.staffName ? t('bookAgain.stylistAway', { name: visit.staffName }) : t('bookAgain.yourStylistAway'),
          text: t('bookAgain.askAnyStylist', { reason: stylistIssue.message, title }),
          icon: 'info',
          confirmButtonText: t('bookAgain.addAnyStylist'),
          cancelButtonText: t('bookAgain.notNow'),
        });
        if (!anyone) return;
      }
      try {
        await mutateAsync({ serviceId: visit.serviceId });
        added(null);
      } catch (error) {
        await notAdded(reason(error));
      }
    },
    [mutateAsync, navigate, t, i18n],
  );
}

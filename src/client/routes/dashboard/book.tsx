import { useId } from 'react';
import { ArrowUp, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Service } from '@shared/service';
import { QueryState } from '@/components/ui/query-state';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { BookingList } from '@/features/cart/components/booking-list';
import { useAddToBooking } from '@/features/cart/use-add-to-booking';
import { usePublicSalonSettings } from '@/lib/salon-settings';
import { useServices } from '@/features/services/api/get-services';
import { ServiceCard } from '@/features/services/components/service-card';
import { useStaff } from '@/features/staff/api/get-staff';
import { JoinWaitlist } from '@/features/waitlist/components/join-waitlist';
import { SalonSettingsBoundary } from '@/features/settings/components/salon-settings-boundary';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /dashboard/book: the catalogue and her booking list on one page, so she can add treatments and
 * choose their times without going back to the home page (decisions.md section 3).
 */
export function BookRoute() {
  const { t } = useTranslation('booking');
  useDocumentTitle(t('book.pageTitle'));
  const visitor = useCurrentUser();
  const { user } = visitor;
  // Until the team is known (or if it cannot be), the list books as a salon without stylists.
  const staff = useStaff();
  const addToBooking = useAddToBooking(visitor);
  const servicesHeadingId = useId();
  const listHeadingId = useId();

  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('book.title')}>
        {t('book.intro')}
      </PageHeader>

      <section aria-labelledby={servicesHeadingId} className="mt-8">
        <h2 id={servicesHeadingId} className="text-2xl font-semibold">
          {t('book.services')}
        </h2>
        <div className="mt-4">
          <Catalogue onAddToBooking={(service) => void addToBooking(service)} />
        </div>
      </section>

      <section aria-labelledby={listHeadingId} className="mt-12">
        <h2 id={listHeadingId} className="text-2xl font-semibold">
          {t('book.yourList')}
        </h2>
        <div className="mt-4">
          {user ? (
            <SalonSettingsBoundary>
              {(settings) => (
                <BookingList
                  email={user.email}
                  settings={settings}
                  stylists={staff.data ?? []}
                  whenFull={(day) => <JoinWaitlist wish={day} />}
                  emptyAction={
                    <p className="flex items-center gap-1.5 text-sm font-medium text-primary">
                      <ArrowUp aria-hidden="true" className="size-4" />
                      {t('book.chooseAbove')}
                    </p>
                  }
                />
              )}
            </SalonSettingsBoundary>
          ) : null}
        </div>
      </section>
    </>
  );
}

const gridClass = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

function Catalogue({ onAddToBooking }: { onAddToBooking: (service: Service) => void }) {
  const { t } = useTranslation('booking');
  const services = useServices();
  // The booking list below asks for the same settings (one cached request).
  const { data: settings } = usePublicSalonSettings();

  return (
    <QueryState
      query={services}
      errorTitle={t('book.loadError')}
      loading={{
        label: t('book.loading'),
        showLabel: true,
        placeholders: (
          <div className={gridClass}>
            {Array.from({ length: 3 }, (_, index) => (
              <div key={index} className="skeleton h-40 rounded-box" />
            ))}
          </div>
        ),
      }}
      empty={{ icon: Sparkles, title: t('book.noServices'), message: t('book.noServicesText') }}
    >
      {(list) => (
        <ul className={gridClass}>
          {list.map((service) => (
            <li key={service._id}>
              <ServiceCard service={service} onAddToBooking={onAddToBooking} salonPolicy={settings?.paymentPolicy} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

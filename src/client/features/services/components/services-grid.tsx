import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentPolicy } from '@shared/deposits';
import type { Service } from '@shared/service';
import { QueryState } from '@/components/ui/query-state';
import { SectionHeading } from '@/components/ui/section-heading';
import { useServices } from '../api/get-services';
import { ServiceCard } from './service-card';

/** Cards that may sit in the first row on a wide screen; their images load eagerly. */
const EAGER_IMAGE_COUNT = 4;
const SKELETON_COUNT = 8;

const gridClass = 'grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4';

interface ServicesGridProps {
  onAddToBooking: (service: Service) => void;
  /** Shows only these services, under a label, with a link back to all of them. */
  only?: { label: string; serviceIds: readonly string[]; clearTo: string } | undefined;
  /** The salon's payment policy, for the cards of services without their own. */
  salonPolicy?: PaymentPolicy | undefined;
}

export function ServicesGrid({ onAddToBooking, only, salonPolicy }: ServicesGridProps) {
  const { t } = useTranslation('home');
  return (
    <section id="services" aria-labelledby="services-heading" className="bg-base-200/60 py-20 sm:py-24 below-the-fold">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="services-heading" eyebrow={t('services.eyebrow')} title={t('services.title')}>
          {t('services.intro')}
        </SectionHeading>
        <div className="mt-12">
          {only && (
            <p className="mb-6 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center font-medium">
              <span>{only.label}</span>
              <Link to={only.clearTo} className="link link-primary">
                {t('services.showAll')}
              </Link>
            </p>
          )}
          <ServicesContent onAddToBooking={onAddToBooking} only={only} salonPolicy={salonPolicy} />
        </div>
      </div>
    </section>
  );
}

function ServicesContent(props: ServicesGridProps) {
  const query = useServices();
  const { t } = useTranslation('home');
  return (
    <QueryState
      query={query}
      errorTitle={t('services.loadError')}
      loading={{
        label: t('common:loading'),
        showLabel: true,
        placeholders: (
          <ul className={gridClass}>
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <li key={index} className="flex overflow-hidden rounded-box bg-base-100 shadow-soft sm:block">
                <div className="skeleton w-28 shrink-0 rounded-none sm:aspect-[4/3] sm:w-auto" />
                <div className="flex-1 space-y-3 p-4 sm:p-5">
                  <div className="skeleton h-6 w-3/4" />
                  <div className="skeleton h-4 w-1/3" />
                  <div className="skeleton h-14 w-full" />
                  <div className="skeleton h-10 w-full rounded-full" />
                </div>
              </li>
            ))}
          </ul>
        ),
      }}
    >
      {(allServices) => <ServicesList allServices={allServices} {...props} />}
    </QueryState>
  );
}

function ServicesList({ allServices, onAddToBooking, only, salonPolicy }: ServicesGridProps & { allServices: Service[] }) {
  const { t } = useTranslation('home');
  // The empty message stays this grid's own: with `only`, what is empty is the filtered list.
  const services = only ? allServices.filter((service) => only.serviceIds.includes(service._id)) : allServices;
  if (services.length === 0) {
    return (
      <div className="mx-auto max-w-md rounded-box bg-base-100 p-8 text-center shadow-soft">
        <p className="font-display text-xl font-semibold">{t('services.emptyTitle')}</p>
        <p className="mt-2 text-base-content/75">{t('services.emptyMessage')}</p>
      </div>
    );
  }

  return (
    <ul className={gridClass}>
      {services.map((service, index) => (
        <li key={service._id}>
          <ServiceCard service={service} eager={index < EAGER_IMAGE_COUNT} onAddToBooking={onAddToBooking} salonPolicy={salonPolicy} />
        </li>
      ))}
    </ul>
  );
}

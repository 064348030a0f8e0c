import { hydrateLater } from '../components/layout/hydrate-later';
import { ContactSection } from '../features/contact/components/contact-section';
import { usePublicSalonSettings } from '@/lib/salon-settings';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useAddToBooking } from '../features/cart/use-add-to-booking';
import { Hero } from '../features/marketing/components/hero';
import { SalonHighlights } from '../features/marketing/components/salon-highlights';
import { SalonJsonLd } from './salon-json-ld';
import { TestimonialsSection } from '../features/reviews/components/testimonials-carousel';
import { ServicesGrid } from '../features/services/components/services-grid';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageMeta, usePageTitle } from '../config/page-meta';
import { paths } from '../config/paths';
import { useStaff } from '../features/staff/api/get-staff';

/** The services with their 'Add to booking' buttons, which need to know who is signed in. */
function HomeServices() {
  const addToBooking = useAddToBooking(useCurrentUser());
  // ?stylist=<id> (the Team page's 'Book with her') narrows the grid to what she does; an unknown
  // or retired stylist shows every service.
  const [search] = useSearchParams();
  const { data: staff } = useStaff();
  const stylist = staff?.find((member) => member._id === search.get('stylist'));
  // The settings the contact section shows the hours from (one cached request): a card says a
  // deposit or paying at the salon under the salon's policy too.
  const { data: settings } = usePublicSalonSettings();
  const { t } = useTranslation('home');
  return (
    <ServicesGrid
      salonPolicy={settings?.paymentPolicy}
      onAddToBooking={(service) => void addToBooking(service)}
      only={stylist && { label: t('services.by', { name: stylist.name }), serviceIds: stylist.serviceIds, clearTo: paths.services }}
    />
  );
}

// Below the hero: hydrated after the first screen, in slices (see hydrate-later.tsx).
const LaterServices = hydrateLater(HomeServices);
const LaterHighlights = hydrateLater(SalonHighlights);
const LaterTestimonials = hydrateLater(TestimonialsSection);
const LaterJsonLd = hydrateLater(SalonJsonLd);
const LaterContact = hydrateLater(ContactSection);

export function HomeRoute() {
  usePageTitle(pageMeta.home);

  return (
    <>
      <Hero />
      <LaterServices />
      <LaterHighlights />
      <LaterTestimonials />
      <LaterJsonLd />
      <LaterContact />
    </>
  );
}

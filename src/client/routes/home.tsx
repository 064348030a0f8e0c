import { ContactSection } from '../features/contact/components/contact-section';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useAddToBooking } from '../features/cart/use-add-to-booking';
import { Hero } from '../features/marketing/components/hero';
import { SalonHighlights } from '../features/marketing/components/salon-highlights';
import { SalonJsonLd } from '../features/marketing/components/salon-json-ld';
import { TestimonialsSection } from '../features/reviews/components/testimonials-carousel';
import { ServicesGrid } from '../features/services/components/services-grid';
import { pageMeta } from '../config/page-meta';
import { useDocumentTitle } from '../hooks/use-document-title';

export function HomeRoute() {
  useDocumentTitle(pageMeta.home.title);
  const { user } = useCurrentUser();
  const addToBooking = useAddToBooking(user);

  return (
    <>
      <Hero />
      <ServicesGrid onAddToBooking={(service) => void addToBooking(service)} />
      <SalonHighlights />
      <TestimonialsSection />
      <SalonJsonLd />
      <ContactSection />
    </>
  );
}

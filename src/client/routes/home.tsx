import { ContactSection } from '../features/contact/components/contact-section';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useAddToBooking } from '../features/cart/use-add-to-booking';
import { Hero } from '../features/marketing/components/hero';
import { SalonHighlights } from '../features/marketing/components/salon-highlights';
import { ReviewsJsonLd } from '../features/reviews/components/reviews-json-ld';
import { TestimonialsSection } from '../features/reviews/components/testimonials-carousel';
import { ServicesGrid } from '../features/services/components/services-grid';
import { useDocumentTitle } from '../hooks/use-document-title';

export function HomeRoute() {
  useDocumentTitle('Parlour|Home');
  const { user } = useCurrentUser();
  const addToBooking = useAddToBooking(user);

  return (
    <>
      <Hero />
      <ServicesGrid onAddToBooking={(service) => void addToBooking(service)} />
      <SalonHighlights />
      <TestimonialsSection />
      <ReviewsJsonLd />
      <ContactSection />
    </>
  );
}

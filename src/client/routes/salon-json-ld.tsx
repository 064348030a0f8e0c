import { formatMoney } from '@shared/money';
import { openingHoursSpecification } from '@shared/opening-hours';
import { averageRating } from '@shared/ratings';
import type { Review } from '@shared/review';
import type { DayHours } from '@shared/salon-settings';
import { salon } from '@shared/salon';
import type { Service } from '@shared/service';
import { useSite } from '../lib/site';
import { usePublicSalonSettings } from '../lib/salon-settings';
import { useReviews } from '../features/reviews/api/get-reviews';
import { useServices } from '../features/services/api/get-services';

type SalonFacts = {
  url: string;
  services: readonly Pick<Service, 'price'>[];
  reviews: readonly Review[];
  openingHours: readonly DayHours[] | undefined;
};

/**
 * schema.org data for search engines: the salon with its address, phone, price range and opening
 * hours (from the salon settings, as the contact section shows them), its average rating and
 * its published reviews.
 */
export function salonStructuredData({ url, services, reviews, openingHours }: SalonFacts) {
  const prices = services.map((service) => service.price);
  return {
    '@context': 'https://schema.org',
    '@type': 'BeautySalon',
    name: salon.name,
    url,
    image: `${url}/images/site/og-image.jpg`,
    telephone: salon.phone,
    email: salon.email,
    address: { '@type': 'PostalAddress', ...salon.postalAddress },
    ...(prices.length > 0 && { priceRange: `${formatMoney(Math.min(...prices))} – ${formatMoney(Math.max(...prices))}` }),
    ...(openingHours && { openingHoursSpecification: openingHoursSpecification(openingHours) }),
    ...(reviews.length > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: averageRating(reviews),
        reviewCount: reviews.length,
        bestRating: 5,
        worstRating: 1,
      },
      review: reviews.map((review) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: review.name },
        datePublished: review.createdAt.slice(0, 10),
        reviewBody: review.feedback,
        reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      })),
    }),
  };
}

/** The data as a JSON-LD script; '<' is escaped so no review text can close the script element. */
export function SalonJsonLd() {
  const { publicUrl } = useSite();
  const { data: services } = useServices();
  const { data: reviews } = useReviews();
  const { data: settings } = usePublicSalonSettings();
  if (!services || !reviews) return null;
  const data = salonStructuredData({ url: publicUrl, services, reviews, openingHours: settings?.openingHours });
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}

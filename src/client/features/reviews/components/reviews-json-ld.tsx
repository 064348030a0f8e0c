import { averageRating, type Review } from '../../../../shared/review';
import { salon } from '../../../../shared/salon';
import { useReviews } from '../api/get-reviews';

/** schema.org data for search engines: the salon, its average rating and its published reviews. */
export function reviewsStructuredData(reviews: Review[], url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BeautySalon',
    name: salon.name,
    url,
    telephone: salon.phone,
    email: salon.email,
    address: salon.address,
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
export function ReviewsJsonLd() {
  const { data: reviews } = useReviews();
  if (!reviews || reviews.length === 0) return null;
  const json = JSON.stringify(reviewsStructuredData(reviews, globalThis.location?.origin ?? '')).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

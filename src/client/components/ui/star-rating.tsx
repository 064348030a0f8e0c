import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface StarRatingProps {
  rating: number;
  max?: number;
  className?: string;
}

/** A read-only rating, announced as one image ("Rated 4 out of 5"). */
export function StarRating({ rating, max = 5, className = '' }: StarRatingProps) {
  // `common`: the home page's testimonials show it, and common is loaded with every page.
  const { t } = useTranslation();
  const rounded = Math.max(0, Math.min(max, Math.round(rating)));
  return (
    <div role="img" aria-label={t('rated', { rating: rounded, max })} className={`flex items-center gap-1 ${className}`}>
      {Array.from({ length: max }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={`size-5 ${index < rounded ? 'fill-accent text-accent' : 'fill-base-300 text-base-300'}`}
        />
      ))}
    </div>
  );
}

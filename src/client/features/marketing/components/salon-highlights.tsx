import { ArrowRight, CalendarHeart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

const figures = [
  { value: '500+', label: 'Happy Customers' },
  { value: '16+', label: 'Total Services' },
];

/** The marketing block: static figures (spec section 9) and the way to the services. */
export function SalonHighlights() {
  return (
    <section aria-labelledby="highlights-heading" className="overflow-hidden py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div className="relative order-last mx-3 max-w-xl sm:mx-auto sm:w-full lg:order-first lg:max-w-none">
          <div aria-hidden="true" className="absolute -inset-3 -rotate-2 rounded-[2rem] bg-primary/10" />
          <img
            src="/images/site/about.svg"
            alt="Inside the salon: a styling chair, mirror and fresh flowers"
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="relative aspect-[4/3] w-full rounded-[2rem] object-cover shadow-lift"
          />
        </div>

        <div>
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-ink uppercase">Why women choose us</p>
          <h2 id="highlights-heading" className="mt-3 text-3xl font-semibold sm:text-4xl">
            Care that feels like a day off
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-base-content/80">
            Every visit starts with a conversation about what you want, not what is quickest. We use gentle, tested
            products, sterilise every tool, and keep the salon for women only, so you can relax completely.
          </p>

          <dl className="mt-8 grid grid-cols-2 gap-4">
            {figures.map(({ value, label }) => (
              <div key={label} className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70">
                <dt className="text-sm font-medium text-base-content/75">{label}</dt>
                <dd className="mt-1 font-display text-4xl font-semibold text-primary">{value}</dd>
              </div>
            ))}
          </dl>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.services} className="btn rounded-full px-6 btn-outline btn-secondary">
              Explore More
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to={paths.services} className="btn rounded-full px-6 btn-primary">
              <CalendarHeart aria-hidden="true" className="size-4" />
              Book an Appointment
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

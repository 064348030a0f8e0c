import { useId, type ReactNode } from 'react';
import { CalendarHeart, ShieldCheck, Sparkles } from 'lucide-react';

const promises = [
  { icon: CalendarHeart, label: 'Book treatments in a minute, any time of day' },
  { icon: Sparkles, label: 'Keep your booking list and past visits in one place' },
  { icon: ShieldCheck, label: 'A calm, women-only salon in Dhanmondi' },
];

interface AuthShellProps {
  eyebrow: string;
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}

/** The frame of the account pages: a welcome panel beside the form, in the home page's colours. */
export function AuthShell({ eyebrow, title, subtitle, children }: AuthShellProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="relative overflow-hidden bg-linear-to-b from-blush via-base-100 to-base-100">
      <div aria-hidden="true" className="pointer-events-none absolute -top-32 -left-32 size-96 rounded-full bg-primary/10 blur-3xl" />
      <div aria-hidden="true" className="pointer-events-none absolute top-40 -right-24 size-80 rounded-full bg-accent/15 blur-3xl" />

      <div className="relative mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-14 lg:py-20">
        <div className="grid overflow-hidden rounded-box bg-base-100 shadow-lift ring-1 ring-base-300/70 lg:grid-cols-[5fr_6fr]">
          <aside
            aria-label="Why create a Parlour account"
            className="relative hidden flex-col overflow-hidden bg-secondary p-10 text-secondary-content lg:flex"
          >
            <div aria-hidden="true" className="pointer-events-none absolute -right-20 -bottom-24 size-72 rounded-full bg-primary/35 blur-3xl" />
            <div aria-hidden="true" className="pointer-events-none absolute -top-16 -left-16 size-48 rounded-full bg-accent/20 blur-2xl" />
            <div className="relative flex items-center gap-2">
              <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
              <p className="font-display text-2xl font-semibold">Parlour</p>
            </div>
            <p className="relative mt-12 text-sm font-semibold tracking-[0.2em] text-accent uppercase">Beauty salon for every woman</p>
            <p className="relative mt-3 font-display text-3xl leading-snug font-semibold">
              Your calm hour starts <span className="text-accent italic">here</span>.
            </p>
            <ul className="relative mt-10 space-y-5 text-secondary-content/90">
              {promises.map(({ icon: Icon, label }) => (
                <li key={label} className="flex gap-3">
                  <span className="grid size-9 shrink-0 place-items-center rounded-full bg-white/10 ring-1 ring-accent/40">
                    <Icon aria-hidden="true" className="size-4 text-accent" />
                  </span>
                  <span className="pt-1.5 text-sm leading-relaxed">{label}</span>
                </li>
              ))}
            </ul>
            <figure className="relative mt-auto pt-12">
              <blockquote className="font-display text-lg leading-relaxed text-secondary-content/95 italic">
                “I booked a haircut between classes and picked my time online in a minute.”
              </blockquote>
              <figcaption className="mt-3 text-sm text-secondary-content/80">Nusrat Jahan, university student</figcaption>
            </figure>
          </aside>

          <div className="px-5 py-8 sm:px-10 sm:py-12 lg:px-12">
            <p className="text-sm font-semibold tracking-[0.2em] text-gold-ink uppercase">{eyebrow}</p>
            <h1 id={headingId} className="mt-2 text-3xl font-semibold sm:text-4xl">
              {title}
            </h1>
            <div aria-hidden="true" className="mt-4 flex items-center gap-2">
              <span className="h-px w-10 bg-accent" />
              <span className="size-1.5 rotate-45 bg-accent" />
              <span className="h-px w-10 bg-accent" />
            </div>
            <p className="mt-4 text-base-content/75">{subtitle}</p>
            <div className="mt-8">{children}</div>
          </div>
        </div>
      </div>
    </section>
  );
}

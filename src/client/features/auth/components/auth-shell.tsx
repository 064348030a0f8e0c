import { useId, type ReactNode } from 'react';
import { CalendarHeart, ShieldCheck, Sparkles } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { salon } from '@shared/salon';

const promises = [
  { icon: CalendarHeart, key: 'shell.promiseBook' },
  { icon: Sparkles, key: 'shell.promiseHistory' },
  { icon: ShieldCheck, key: 'shell.promiseCalm' },
] as const;

interface AuthShellProps {
  eyebrow: string;
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}

/** The frame of the account pages: a welcome panel beside the form, in the home page's colours. */
export function AuthShell({ eyebrow, title, subtitle, children }: AuthShellProps) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="relative overflow-hidden bg-linear-to-b from-blush via-base-100 to-base-100">
      <div aria-hidden="true" className="pointer-events-none absolute -top-32 -left-32 size-96 rounded-full bg-primary/10 blur-3xl" />
      <div aria-hidden="true" className="pointer-events-none absolute top-40 -right-24 size-80 rounded-full bg-accent/15 blur-3xl" />

      <div className="relative mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-14 lg:py-20">
        <div className="grid overflow-hidden rounded-box bg-base-100 shadow-lift ring-1 ring-base-300/70 lg:grid-cols-[5fr_6fr]">
          <aside
            aria-label={t('shell.whyLabel')}
            className="relative hidden flex-col overflow-hidden bg-secondary p-10 text-secondary-content lg:flex"
          >
            <div aria-hidden="true" className="pointer-events-none absolute -right-20 -bottom-24 size-72 rounded-full bg-primary/35 blur-3xl" />
            <div aria-hidden="true" className="pointer-events-none absolute -top-16 -left-16 size-48 rounded-full bg-accent/20 blur-2xl" />
            <div className="relative flex items-center gap-2">
              <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
              <p className="font-display text-2xl font-semibold">{salon.name}</p>
            </div>
            <p className="relative mt-12 text-sm font-semibold tracking-[0.2em] text-accent uppercase">{t('shell.tagline')}</p>
            <p className="relative mt-3 font-display text-3xl leading-snug font-semibold">
              <Trans t={t} i18nKey="shell.calmHour" components={{ accent: <span className="text-accent italic" /> }} />
            </p>
            <ul className="relative mt-10 space-y-5 text-secondary-content/90">
              {promises.map(({ icon: Icon, key }) => (
                <li key={key} className="flex gap-3">
                  <span className="grid size-9 shrink-0 place-items-center rounded-full bg-white/10 ring-1 ring-accent/40">
                    <Icon aria-hidden="true" className="size-4 text-accent" />
                  </span>
                  <span className="pt-1.5 text-sm leading-relaxed">{t(key)}</span>
                </li>
              ))}
            </ul>
            <figure className="relative mt-auto pt-12">
              <blockquote className="font-display text-lg leading-relaxed text-secondary-content/95 italic">
                {t('shell.quote')}
              </blockquote>
              <figcaption className="mt-3 text-sm text-secondary-content/80">{t('shell.quoteBy')}</figcaption>
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

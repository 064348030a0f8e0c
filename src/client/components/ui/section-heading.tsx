import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  tone?: 'dark' | 'light';
  align?: 'center' | 'start';
}

/** The eyebrow + heading + intro used by every home-page section. */
export function SectionHeading({ id, eyebrow, title, children, tone = 'dark', align = 'center' }: SectionHeadingProps) {
  const centered = align === 'center';
  return (
    <div className={`max-w-2xl ${centered ? 'mx-auto text-center' : ''}`}>
      <p
        className={`text-sm font-semibold tracking-[0.2em] uppercase ${
          tone === 'dark' ? 'text-gold-ink' : 'text-accent'
        }`}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={`mt-3 text-3xl font-semibold sm:text-4xl ${tone === 'dark' ? 'text-base-content' : 'text-secondary-content'}`}
      >
        {title}
      </h2>
      <div
        aria-hidden="true"
        className={`mt-4 flex items-center gap-2 ${centered ? 'justify-center' : ''}`}
      >
        <span className="h-px w-10 bg-accent" />
        <span className="size-1.5 rotate-45 bg-accent" />
        <span className="h-px w-10 bg-accent" />
      </div>
      {children ? (
        <p className={`mt-4 text-base sm:text-lg ${tone === 'dark' ? 'text-base-content/75' : 'text-secondary-content/85'}`}>
          {children}
        </p>
      ) : null}
    </div>
  );
}

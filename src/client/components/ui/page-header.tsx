import type { ReactNode } from 'react';

interface PageHeaderProps {
  eyebrow: ReactNode;
  /** The page's h1: a string, or words with a name marked up in them. */
  title: ReactNode;
  children?: ReactNode;
  /** Buttons or links beside the title on wide screens. */
  actions?: ReactNode;
}

/** The heading of a dashboard page: eyebrow, title (the page's h1), ornament and intro. */
export function PageHeader({ eyebrow, title, children, actions }: PageHeaderProps) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-[0.2em] text-gold-ink uppercase">{eyebrow}</p>
        <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">{title}</h1>
        <div aria-hidden="true" className="mt-3 flex items-center gap-2">
          <span className="h-px w-10 bg-accent" />
          <span className="size-1.5 rotate-45 bg-accent" />
          <span className="h-px w-10 bg-accent" />
        </div>
        {children ? <p className="mt-3 text-base-content/75">{children}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </header>
  );
}

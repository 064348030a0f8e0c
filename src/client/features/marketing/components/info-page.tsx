import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import type { PageMeta } from '../../../config/page-meta';

/** A short page of plain text (About, Terms, ...): a heading, its date if any, its sections. */
export function InfoPage({ meta, heading, updated, children }: { meta: PageMeta; heading: string; updated?: string; children: ReactNode }) {
  useDocumentTitle(meta.title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:py-20">
      <h1 className="text-4xl font-semibold text-secondary sm:text-5xl">{heading}</h1>
      {updated ? <p className="mt-3 text-sm text-base-content/75">Last updated {updated}</p> : null}
      <div className="mt-8 space-y-8 text-lg leading-relaxed text-base-content/85 [overflow-wrap:anywhere]">{children}</div>
    </article>
  );
}

export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-2xl font-semibold text-base-content">{title}</h2>
      {children}
    </section>
  );
}

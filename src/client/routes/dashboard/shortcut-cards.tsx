import { useId } from 'react';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardMenuItem } from './dashboard-menu';

function ShortcutCard({ item: { to, label, icon: Icon, description } }: { item: DashboardMenuItem }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  return (
    <Link
      to={to}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="group flex h-full flex-col rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 transition duration-300 hover:shadow-lift hover:ring-primary/30 motion-safe:hover:-translate-y-0.5"
    >
      <span className="grid size-11 place-items-center rounded-full bg-blush text-primary ring-1 ring-primary/15">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span id={`${id}-title`} className="mt-4 font-display text-xl font-semibold text-base-content">
        {label}
      </span>
      <span id={`${id}-description`} className="mt-1.5 flex-1 text-sm leading-relaxed text-base-content/75">
        {description}
      </span>
      <span aria-hidden="true" className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-primary">
        {t('shortcuts.open')}
        <ArrowRight className="size-4 transition-transform motion-safe:group-hover:translate-x-1" />
      </span>
    </Link>
  );
}

/** The dashboard home's way into each part of the menu. */
export function ShortcutCards({ items, label }: { items: DashboardMenuItem[]; label: string }) {
  return (
    <ul aria-label={label} className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((item) => (
        <li key={item.to}>
          <ShortcutCard item={item} />
        </li>
      ))}
    </ul>
  );
}

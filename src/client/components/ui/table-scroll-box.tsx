import type { ReactNode } from 'react';

/**
 * The box a wide table scrolls sideways in when the window is narrower than the table (tablets,
 * zoomed text). It is a named region and takes focus, so a keyboard can scroll it even where a
 * row has no button of its own, and a screen reader says what it holds. `className` chooses where
 * it shows (the admin tables turn into cards below `md`).
 */
export function TableScrollBox({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`.trim()}>
      {children}
    </div>
  );
}

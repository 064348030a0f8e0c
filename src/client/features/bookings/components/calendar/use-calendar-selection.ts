import { useEffect, useRef, useState } from 'react';

/**
 * Which visit of a calendar is open, and where the focus goes: to the details' heading when one
 * opens (the keyboard and the screen reader go with her), back to its block when they close. A
 * visit no longer drawn (cancelled, or another day chosen) leaves the focus on the grid, not <body>.
 */
export function useCalendarSelection() {
  const root = useRef<HTMLDivElement>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const focusBlock = (id: string) => {
    const blocks = [...(root.current?.querySelectorAll<HTMLElement>(`[data-calendar-booking="${id}"]`) ?? [])];
    const block = blocks.find((candidate) => candidate.getClientRects().length > 0) ?? blocks[0];
    (block ?? root.current?.querySelector<HTMLElement>('[data-calendar-grid], [role="region"][tabindex="0"]'))?.focus();
  };
  const close = () => {
    const id = selectedId;
    setSelectedId(null);
    if (id) requestAnimationFrame(() => focusBlock(id));
  };
  useEffect(() => {
    if (selectedId) root.current?.querySelector<HTMLElement>('[data-details-heading]')?.focus();
  }, [selectedId]);

  return { root, selectedId, open: setSelectedId, close };
}

/** On the element that shows one booking (a table row, a card, a list item): its id. */
export const BOOKING_ATTRIBUTE = 'data-booking-id';
/** On each action button of a booking (Cancel, Move, Mark completed, No-show). */
export const ACTION_ATTRIBUTE = 'data-booking-action';

/**
 * Where a booking stood in its list when an action on it began, so focus can be put back
 * somewhere sensible once the action is over: the list may by then have lost the button she
 * pressed (a cancelled visit has no actions, and leaves her upcoming appointments altogether).
 */
export interface ActionPlace {
  scope: HTMLElement | null;
  /** The booking acted on, then the bookings after it, then those before it (nearest first). */
  candidates: string[];
  /** The list's heading, when no booking has an action left. */
  fallback: HTMLElement | null;
}

/**
 * Elements that take up room on the page. The order list draws each booking twice (a table row
 * from md up, a card below) and hides one with CSS; without any layout (no boxes at all) every
 * element counts, in document order.
 */
function shown<T extends Element>(elements: T[]): T[] {
  const withBoxes = elements.filter((element) => element.getClientRects().length > 0);
  return withBoxes.length > 0 ? withBoxes : elements;
}

export function rememberPlace(scope: HTMLElement | null, bookingId: string, fallback: HTMLElement | null): ActionPlace {
  const order = [...new Set(shown([...(scope?.querySelectorAll(`[${BOOKING_ATTRIBUTE}]`) ?? [])]).map((element) => element.getAttribute(BOOKING_ATTRIBUTE) ?? ''))];
  const at = order.indexOf(bookingId);
  const candidates = at < 0 ? [bookingId, ...order] : [bookingId, ...order.slice(at + 1), ...order.slice(0, at).reverse()];
  return { scope, candidates, fallback };
}

/**
 * The first action still offered by the booking acted on, else by the nearest booking after it,
 * else before it; else the heading. Never <body>, where the next Tab would start again at the
 * skip link.
 */
export function focusTarget({ scope, candidates, fallback }: ActionPlace): HTMLElement | null {
  if (scope?.isConnected) {
    const actions = shown([...scope.querySelectorAll<HTMLElement>(`[${ACTION_ATTRIBUTE}]`)]).filter(
      (action) => !action.matches(':disabled'),
    );
    for (const id of candidates) {
      const action = actions.find((candidate) => candidate.closest(`[${BOOKING_ATTRIBUTE}]`)?.getAttribute(BOOKING_ATTRIBUTE) === id);
      if (action) return action;
    }
  }
  return fallback?.isConnected ? fallback : null;
}

/**
 * After an action that shows no dialog (a toast does not take focus): once the list has been
 * drawn again, focus moves on only if what she pressed is gone or focus fell to <body>.
 */
export function keepFocusInPlace(place: ActionPlace): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) focusTarget(place)?.focus();
  });
}

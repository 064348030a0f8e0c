// The page's one render-blocking stylesheet: imported here, by the script index.html names, so the
// build links it in the page's head (imported by main.tsx it would travel with the app's chunk,
// after the server's markup had been drawn unstyled).
import './styles/index.css';

/**
 * The app's code (React, the router, the page) is fetched only once the page the server drew is
 * complete: its CSS, fonts and first-screen images have the phone's connection to themselves, and
 * the page is readable and styled before any of the ~150 KB of scripts arrive (on a slow 4G line
 * they arrive together otherwise, and the text waits for the whole lot). Links work meanwhile as
 * plain links, forms' buttons are drawn disabled until hydrated (FormActions), and a button she
 * taps before the app is there is not lost: the tap starts the app at once and is played again
 * once the app has taken the page over, as Angular's event replay does for the same gap.
 * docs/decisions/054-scripts-after-the-first-paint.md
 *
 * A page with nothing server-drawn (the dashboards) starts at once: there is nothing to show
 * before the app. A page whose images never finish loading waits at most START_AT_THE_LATEST_MS.
 */
const START_AT_THE_LATEST_MS = 3000;

/** Buttons tapped before the app had taken the page over, each once, in the order tapped. */
const tapped = new Set<HTMLElement>();

function remember(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null;
  if (!button || (button instanceof HTMLButtonElement && button.disabled)) return;
  tapped.add(button);
  start();
}

function playAgain() {
  document.removeEventListener('click', remember, true);
  // Hydration keeps the server's elements, so each is still the button she tapped; one the app
  // drew anew (or disabled) is left alone.
  for (const button of tapped) if (button.isConnected) button.click();
  tapped.clear();
}

let started = false;
function start() {
  if (started) return;
  started = true;
  void import('./main').then(({ hydrating }) => hydrating).then(playAgain);
}

const serverDrawn = (document.getElementById('root')?.childElementCount ?? 0) > 0;
if (!serverDrawn || document.readyState === 'complete') {
  start();
} else {
  document.addEventListener('click', remember, true);
  window.addEventListener('load', start, { once: true });
  window.setTimeout(start, START_AT_THE_LATEST_MS);
}

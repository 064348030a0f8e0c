// The page's one render-blocking stylesheet: imported here, by the script index.html names, so the
// build links it in the page's head (imported by main.tsx it would travel with the app's chunk,
// after the server's markup had been drawn unstyled).
import './styles/index.css';

/**
 * The app's code (React, the router, the page) is fetched only once the page the server drew is
 * complete: its CSS, fonts and first-screen images have the phone's connection to themselves, and
 * the page is readable and styled before any of the ~150 KB of scripts arrive (on a slow 4G line
 * they arrive together otherwise, and the text waits for the whole lot). Buttons that need the app
 * are drawn disabled until it hydrates them; links work meanwhile as plain links.
 * docs/decisions/054-scripts-after-the-first-paint.md
 *
 * A page with nothing server-drawn (the dashboards, which need a session) starts at once: there is
 * nothing to show before the app. A page whose images never finish loading waits at most
 * START_AT_THE_LATEST_MS.
 */
const START_AT_THE_LATEST_MS = 3000;

let started = false;
function start() {
  if (started) return;
  started = true;
  void import('./main');
}

const serverDrawn = (document.getElementById('root')?.childElementCount ?? 0) > 0;
if (!serverDrawn || document.readyState === 'complete') {
  start();
} else {
  window.addEventListener('load', start, { once: true });
  window.setTimeout(start, START_AT_THE_LATEST_MS);
}

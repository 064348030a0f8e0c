/**
 * Sends the browser to another site (a payment processor's hosted page). One place for it, so a
 * component test can see where the page would have gone: jsdom cannot navigate, nor let
 * `location.assign` be watched.
 */
export function leaveSite(url: string): void {
  window.location.assign(url);
}

/**
 * Leaves the single-page app for another site (an OAuth provider's sign-in page). Kept apart so
 * tests can stand in for a navigation jsdom cannot perform.
 */
export function goToExternalPage(url: string): void {
  window.location.href = url;
}

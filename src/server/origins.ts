/**
 * The origins allowed to send writes: the site's own, plus its loopback twins when it runs on
 * localhost (a newcomer may open http://127.0.0.1:3000 as well as http://localhost:3000).
 */
export function trustedOriginsOf(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  return [...origins];
}

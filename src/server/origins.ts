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

/**
 * Whether a browser says the request comes from another site: `Sec-Fetch-Site` (every current
 * browser sends it) or, failing that, an `Origin` that is not ours. A request with neither (curl, a
 * script) is not a browser being steered by another site, so it is not refused.
 * `sameOriginOnly` also refuses `same-site` (a sibling subdomain): for a GET navigation the
 * browser sends no Origin, so that header is the only thing that tells it apart.
 */
export function isCrossSiteRequest(
  headers: { origin?: string; 'sec-fetch-site'?: string | string[] },
  trustedOrigins: ReadonlySet<string>,
  { sameOriginOnly = false } = {},
): boolean {
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site' || (sameOriginOnly && site !== undefined && site !== 'same-origin' && site !== 'none')) return true;
  return headers.origin !== undefined && !trustedOrigins.has(headers.origin);
}

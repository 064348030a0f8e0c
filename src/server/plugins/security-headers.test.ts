import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from './security-headers.js';

async function appWith(stripe: boolean) {
  const app = Fastify();
  await app.register(securityHeadersPlugin, { stripe });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('broken');
  });
  await app.ready();
  return app;
}

const cspOf = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);
/** The CSP's directives by name, each with its sources as written. */
const directivesOf = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources.join(' ')]));

describe('security headers', () => {
  it('are on every response: a route, a 404 and an error, the same each time', async () => {
    const app = await appWith(false);
    const answers = [await app.inject({ url: '/ok' }), await app.inject({ url: '/missing' }), await app.inject({ url: '/fails' }), await app.inject({ url: '/ok' })];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 500, 200]);
    for (const res of answers) {
      expect(cspOf(res)).toBe(cspOf(answers[0]!));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    await app.close();
  });

  it("allow only the site's own scripts and frames without Stripe, and Stripe's hosts with it", async () => {
    const plain = await appWith(false);
    const csp = directivesOf(cspOf(await plain.inject({ url: '/ok' })));
    expect(csp['script-src']).toBe("'self'");
    expect(csp['img-src']).toBe("'self' data: blob:");
    expect(csp['frame-src']).toBeUndefined();
    expect(csp['connect-src']).toBeUndefined();
    expect(csp['object-src']).toBe("'none'");
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
    await plain.close();

    const withStripe = await appWith(true);
    const stripeCsp = directivesOf(cspOf(await withStripe.inject({ url: '/ok' })));
    expect(stripeCsp['script-src']).toBe("'self' https://js.stripe.com");
    expect(stripeCsp['frame-src']).toBe("'self' https://js.stripe.com https://hooks.stripe.com");
    expect(stripeCsp['connect-src']).toBe("'self' https://api.stripe.com");
    expect(stripeCsp['img-src']).toBe("'self' data: blob: https://*.stripe.com");
    await withStripe.close();
  });
});

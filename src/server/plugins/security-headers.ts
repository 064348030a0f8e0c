import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export type SecurityHeadersOptions = {
  /** Stripe.js and its frames are allowed only when Stripe is the payment gateway. */
  stripe: boolean;
};

/**
 * Helmet's headers on every response (API, pages, files, 404s and errors), with a CSP that allows
 * only this site's scripts. Helmet's middleware is built here once: @fastify/helmet, used until
 * session 11, built it again for every request (parsing the whole CSP each time), about a tenth
 * of the CPU of a catalogue read (docs/decisions/018, 'Session 11').
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(async (app: FastifyInstance, { stripe }) => {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // Only images this site serves: uploads and shipped art ('self'), the CSS framework's
        // inline SVG shapes (data:) and the forms' local previews of a chosen photo (blob:).
        // Provider photos are not stored (see auth.ts); Stripe.js draws from its own host.
        'img-src': ["'self'", 'data:', 'blob:', ...(stripe ? ['https://*.stripe.com'] : [])],
        'font-src': ["'self'", 'data:'],
        // SweetAlert2 and React set inline style attributes; scripts stay 'self' only.
        'style-src': ["'self'", "'unsafe-inline'"],
        // The site may be served over plain http on a LAN; upgrading would break it there.
        'upgrade-insecure-requests': null,
        // Stripe Elements (only when Stripe is configured) runs in Stripe's frames and scripts.
        ...(stripe && {
          'script-src': ["'self'", 'https://js.stripe.com'],
          'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
          'connect-src': ["'self'", 'https://api.stripe.com'],
        }),
      },
    },
    // Stripe's frames are not cross-origin-isolated; requiring it would break them.
    crossOriginEmbedderPolicy: false,
  });
  // Helmet only sets headers on the raw response (a bad configuration throws above, at start).
  app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, () => done()));
});

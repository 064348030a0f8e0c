// `npm start` is the newcomer's one command: the built app in production mode, with the demo
// admin and customer of the README. A real deployment runs `npm run serve` (no demo accounts
// unless SEED_DEMO_ACCOUNTS=true, and it must choose PAYMENTS itself).
process.env.NODE_ENV ??= 'production';
process.env.SEED_DEMO_ACCOUNTS ??= 'true';
// The built-in test card gateway, unless Stripe keys are given: a deployment must ask for it itself.
if (!process.env.STRIPE_SECRET_KEY) process.env.PAYMENTS ??= 'test';
// An admin page lists the e-mails the salon sent, so a newcomer without an SMTP server can still
// follow a password-reset link (the server log never shows a mail's body).
process.env.SHOW_OUTBOX ??= 'true';
await import('../dist/server/main.js');

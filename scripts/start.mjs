// `npm start` is the newcomer's one command: the built app in production mode, with the demo
// admin and customer of the README. A real deployment runs `npm run serve` (no demo accounts
// unless SEED_DEMO_ACCOUNTS=true).
process.env.NODE_ENV ??= 'production';
process.env.SEED_DEMO_ACCOUNTS ??= 'true';
await import('../dist/server/main.js');

// `npm start` is the newcomer's one command: the built app in production mode, with the demo
// admin and customer of the README, on this computer only. It builds first when the sources
// changed since the last build (scripts/build-state.mjs), and says in plain words what it does
// besides the server's JSON logs. A real deployment runs `npm run serve` (no demo accounts unless
// SEED_DEMO_ACCOUNTS=true, it must choose PAYMENTS itself, and it listens on 0.0.0.0).
// `node scripts/start.mjs --no-build` skips the check (the browser tests build just before).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { buildDecision, hashInputs } from './build-state.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`parlour: ${line}`);

// The dependencies need Node 20.19 (require() of ES modules); older ones fail deep inside them.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`parlour: Node.js ${process.versions.node} is too old; Parlour needs Node.js 20.19 or newer (see README).`);
  process.exit(1);
}

if (!process.argv.includes('--no-build')) {
  const decision = await buildDecision(root, await hashInputs(root));
  if (decision.build) {
    say(`building… (${decision.reason}; this takes a minute the first time)`);
    const began = Date.now();
    const { build } = await import('./build.mjs');
    try {
      await build();
    } catch (err) {
      console.error(`parlour: the build failed: ${err instanceof Error ? err.message : err}`);
      process.exit(1);
    }
    say(`built in ${((Date.now() - began) / 1000).toFixed(0)} s`);
  } else {
    say('no changes since the last build; starting');
  }
}

// The server's memory after a burst of requests (decision 018): V8 otherwise lets the old
// generation grow to several times what is live before collecting it, and keeps it (a server at
// 50 MB of live objects sat at 190-290 MB after the bench's load). `npm start` and `npm run serve`
// give node --heap-growing-percent=100 (collect at twice what was live after the last collection)
// and --max-semi-space-size=4 (a young generation of 8 MB instead of 32); the first also works set
// from here, for `node scripts/start.mjs` run without them. The young generation's size cannot be
// changed once the process runs.
v8.setFlagsFromString('--heap-growing-percent=100');

process.env.NODE_ENV ??= 'production';
process.env.SEED_DEMO_ACCOUNTS ??= 'true';
// The demo (test payments, demo passwords, the Sent e-mails page) stays on this computer unless
// HOST says otherwise.
process.env.HOST ??= '127.0.0.1';
// One demo server has no proxy to take it out of rotation: it stops at once.
process.env.SHUTDOWN_DRAIN_MS ??= '0';
// The built-in test card gateway, unless Stripe keys are given: a deployment must ask for it itself.
if (!process.env.STRIPE_SECRET_KEY) process.env.PAYMENTS ??= 'test';
// An admin page lists the e-mails the salon sent, so a newcomer without an SMTP server can still
// follow a password-reset link (the server log never shows a mail's body).
process.env.SHOW_OUTBOX ??= 'true';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST === '0.0.0.0' || process.env.HOST === '::' ? '127.0.0.1' : process.env.HOST;
const address = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');

/**
 * Says 'ready at …' once this process listens and answers (another server on the same port must
 * not be taken for it; the server exits by itself if it cannot start).
 */
async function announceWhenReady() {
  const healthUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}/api/health`;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
  while (!process.getActiveResourcesInfo().includes('TCPServerWrap')) await pause();
  for (;;) {
    try {
      if ((await fetch(healthUrl)).ok) break;
    } catch {
      // not answering yet
    }
    await pause();
  }
  say(`ready at ${address}`);
  if (process.env.SEED_DEMO_ACCOUNTS === 'true') {
    const { demoAccounts } = await import('../dist/server/auth/demo-accounts.js');
    for (const account of demoAccounts) say(`  demo ${account.role === 'admin' ? 'admin   ' : account.stylist ? 'stylist ' : 'customer'}  ${account.email}  password ${account.password}`);
  }
  say('stop with Ctrl-C');
}

say('starting the server (its log follows as JSON lines)');
void announceWhenReady();
await import('../dist/server/main.js');

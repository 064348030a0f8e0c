import { isDatabaseUnavailable } from './unavailable.js';

const FIRST_PAUSE_MS = 250;
const LAST_PAUSE_MS = 2000;

/**
 * Runs `work` (the start-up's migrations and seed) again while it fails because PostgreSQL cannot
 * be reached, for up to `timeoutMs`; any other failure, or the last one, is thrown. An instance
 * started while PostgreSQL is still starting up or shutting down (57P03, 'cannot connect now'),
 * restarting or not yet listening otherwise exited at once: after a reboot, or an update that
 * restarts PostgreSQL too, it waited on its service manager's restart instead of on the database.
 * The migrations run in one transaction and the seed checks what is there, so a retry redoes only
 * what did not commit.
 */
export async function retryWhileUnavailable<T>(work: () => Promise<T>, options: { timeoutMs: number; onWait: (err: unknown, pauseMs: number) => void }): Promise<T> {
  const began = Date.now();
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    try {
      return await work();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() - began + pause > options.timeoutMs) throw err;
      options.onWait(err, pause);
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, LAST_PAUSE_MS);
    }
  }
}

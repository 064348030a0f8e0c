import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../db/client.js';
import { databaseNow } from '../booking/capacity.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { createNotices, runMailJob, type Clock, type MailJob } from './notices.js';
import { DEFAULT_JOB_QUEUE_OPTIONS, JobQueue, type JobQueueOptions, type JobTransaction } from './queue.js';
import { sweepReminders } from './reminders.js';
import { queueSmsOfNotice, runSmsJob, type SmsJob } from './sms-jobs.js';
import type { SmsGateway } from '../sms/gateway.js';
import type { WaitlistSweeps } from '../booking/waitlist-service.js';

export type JobsOptions = Partial<JobQueueOptions> & {
  /** What 'now' is for reminders and the texts' quiet hours; the database's clock unless a test sets another. */
  clock?: Clock;
};

/** How often the reminder sweep runs (cron): every minute, on one instance of the cluster. */
const REMINDER_SWEEP_CRON = '* * * * *';

/**
 * How often every day with an open wish is swept: offers' holds lapse by themselves (and a customer's
 * own hold that lapses frees a place), with nothing to queue a sweep when they do.
 */
const WAITLIST_TICK_CRON = '* * * * *';

/**
 * The job queue, the notices and the reminders, started with the app and stopped with it. The
 * queue is started before anything that may queue a notice at start-up (the payment
 * reconciliation), so call this before registering those.
 */
export function setUpJobs(
  app: FastifyInstance,
  deps: { database: DbHandle; publicUrl: string; salonSettings: () => Promise<SalonSettings>; smsGateway: SmsGateway; options?: JobsOptions | undefined },
): void {
  const { clock = databaseNow, ...queueOptions } = deps.options ?? {};
  const queue = new JobQueue(deps.database.connectionUrl, app.log, { ...DEFAULT_JOB_QUEUE_OPTIONS, ...queueOptions });
  const db = deps.database.db;
  const sweep = () => sweepReminders({ db, queue, clock, salonSettings: deps.salonSettings });
  app.decorate('notices', createNotices(queue));
  app.decorate('reminders', { sweep });
  app.decorate('texts', { queue: (job: SmsJob, tx?: JobTransaction) => queue.send('sms', job, tx) });
  const waitlistSweeps: WaitlistSweeps = {
    // One waiting per day at most (the queue's 'stately' policy): a burst of cancellations is one sweep.
    queueDay: (date, tx) => queue.send('waitlist-sweep', { date }, tx, { singletonKey: date }),
  };
  app.decorate('waitlistSweeps', waitlistSweeps);

  app.addHook('onReady', async () => {
    await queue.start();
    const mailDeps = { db, mailer: app.mailer, log: app.log, publicUrl: deps.publicUrl, salonSettings: deps.salonSettings, clock };
    // A notice's job hands its text to the 'sms' queue first, then sends the e-mail.
    await queue.work<MailJob>('mail', async (job, attempt) => {
      await queueSmsOfNotice(queue, job);
      await runMailJob(mailDeps, job, attempt);
    });
    const smsDeps = { db, gateway: deps.smsGateway, queue, log: app.log, salonSettings: deps.salonSettings, clock };
    await queue.work<SmsJob>('sms', (job, attempt) => runSmsJob(smsDeps, job, attempt));
    await queue.work('reminder-sweep', async () => {
      await sweep();
    });
    await queue.schedule('reminder-sweep', REMINDER_SWEEP_CRON);
    // app.waitlist is built after the jobs (app.ts) and exists by the time the app is ready.
    // One day at a time per instance: a sweep holds a connection for its transaction and takes a
    // second for each hold, so ten side by side could take the whole pool and wait for each other.
    await queue.work<{ date: string }>(
      'waitlist-sweep',
      async (job) => {
        await app.waitlist.sweepDay(job.date);
      },
      { batchSize: 1 },
    );
    await queue.work('waitlist-tick', () => app.waitlist.sweepAllDays());
    await queue.schedule('waitlist-tick', WAITLIST_TICK_CRON);
    // Reminders that fell due while no instance was running go out now, not at the next minute.
    await sweep().catch((err: unknown) => app.log.error({ err }, 'could not look for due reminders'));
  });
  app.addHook('onClose', async () => queue.stop());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The reminder sweep the queue runs every minute, callable at once (tests, start-up). */
    reminders: { sweep: () => Promise<number> };
    /** Queues a text (a verification code) for the 'sms' worker; in `tx`, committed with it. */
    texts: { queue: (job: SmsJob, tx?: JobTransaction) => Promise<void> };
    /** Queues the waitlist's sweep of a day (booking/waitlist-service.ts). */
    waitlistSweeps: WaitlistSweeps;
  }
}

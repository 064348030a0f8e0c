import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { runNamed } from '../repositories/prepared.js';
import { PipelinedTransaction } from '../db/pipelined.js';
import { Listener } from '../db/listener.js';

/** The transaction a job is queued in: a Drizzle one, or a pipelined one (pipelined.ts). */
export type JobTransaction = Db | PipelinedTransaction;

/**
 * The queues: e-mails and texts to send, the periodic look for reminders that are due, the
 * waitlist's sweep of one day (offers of freed places) and its periodic look for days to sweep.
 */
export type QueueName = 'mail' | 'sms' | 'reminder-sweep' | 'waitlist-sweep' | 'waitlist-tick';
const QUEUE_NAMES: readonly QueueName[] = ['mail', 'sms', 'reminder-sweep', 'waitlist-sweep', 'waitlist-tick'];

/**
 * When a job may run and whether it is one of a kind: at once, or not before `startAfter` (a text
 * held over the quiet hours); `singletonKey` with a 'stately' queue keeps one waiting per key.
 */
export type JobTiming = { startAfter?: Date; singletonKey?: string };

/**
 * 'stately': at most one job per singleton key waiting and one running (a day's sweep: a second
 * cancellation while one waits adds nothing, one while it runs queues one more, which sees it).
 */
const QUEUE_POLICIES: Partial<Record<QueueName, PgBoss.Queue['policy']>> = { 'waitlist-sweep': 'stately' };

/**
 * A committed `send` announces itself here so that an idle worker, in any instance, starts at once
 * instead of at its next poll. NOTIFY inside a transaction is delivered only if it commits.
 */
const WAKE_CHANNEL = 'parlour_jobs';

export type JobQueueOptions = {
  /** Seconds before the first retry of a failed job; each later retry waits about twice as long. */
  retryDelaySeconds: number;
  /** Retries after the first attempt. */
  retryLimit: number;
  /** How often an idle worker looks for work it was not woken for (retries falling due). */
  pollingIntervalSeconds: number;
};

/** Ten retries 1, 2, 4 ... 512 minutes apart (each up to twice that, at random): 17 to 34 hours. */
export const DEFAULT_JOB_QUEUE_OPTIONS: JobQueueOptions = { retryDelaySeconds: 60, retryLimit: 10, pollingIntervalSeconds: 5 };

export type JobAttempt = { number: number; of: number };
export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>;

/**
 * The most jobs one fetch takes (JobQueue.work). Large enough that a burst costs a fetch per
 * several e-mails, small enough that a crash in the middle of a batch resends few of them.
 */
const JOB_BATCH = 10;

/** What a failed job keeps as its output: the error, which pg-boss serialises as it does a thrown one. */
const errorOutput = (err: unknown): object => (typeof err === 'object' && err !== null ? err : { value: String(err) });

/** The wake-up's text: NOTIFY inside a transaction is delivered only if it commits. */
const WAKE_TEXT = `select pg_notify('${WAKE_CHANNEL}', $1)`;

/** Runs a named prepared statement in either kind of transaction. */
function runIn<Row>(tx: JobTransaction, name: string, text: string, values: unknown[]): Promise<Row[]> {
  return tx instanceof PipelinedTransaction ? tx.run<Row>(text, values, name) : runNamed<Row>(tx, name, text, values);
}

/** Statement names by pg-boss's texts: a handful of fixed texts, hashed once each, not per job. */
const jobStatementNames = new Map<string, string>();
function jobStatementName(text: string): string {
  let name = jobStatementNames.get(text);
  if (name === undefined) {
    name = `parlour_job_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    jobStatementNames.set(text, name);
  }
  return name;
}

/**
 * pg-boss runs the statement it is given; this runs it in the caller's transaction, so the job
 * exists if and only if the transaction commits. Each text pg-boss sends is a named prepared
 * statement, named by the text (planned once per connection). In a pipelined transaction the
 * wake-up (`wake` naming the queue) follows pg-boss's first statement in the same write, so it
 * costs no round trip; `woken()` says whether it went.
 */
function inTransaction(tx: JobTransaction, wake: QueueName): PgBoss.Db & { woken(): boolean } {
  let woken = false;
  return {
    woken: () => woken,
    async executeSql(text: string, values: unknown[] = []) {
      const rows = runIn(tx, jobStatementName(text), text, values);
      if (!woken && tx instanceof PipelinedTransaction) {
        woken = true;
        // Behind the insert: should it fail, this fails with it and the transaction rolls back.
        void runIn(tx, 'parlour_job_wake', WAKE_TEXT, [wake]);
      }
      return { rows: await rows };
    },
  };
}

/**
 * The durable job queue: pg-boss on the app's PostgreSQL, in its own schema (pgboss), created or
 * migrated by `start`. Jobs survive restarts, any instance may run any job, a job that throws is
 * retried with growing delays, and a job queued in a transaction is rolled back with it.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workers = new Map<QueueName, string>();
  private listener: Listener | undefined;
  private started = false;

  constructor(
    private readonly connectionUrl: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions = DEFAULT_JOB_QUEUE_OPTIONS,
  ) {
    // Its own small pool: a burst of requests cannot keep jobs from being fetched, nor jobs
    // requests from being served, and pg_stat_activity names it (application_name).
    this.boss = new PgBoss({ connectionString: connectionUrl, max: 3, application_name: 'parlour-jobs' });
    this.boss.on('error', (err) => log.error({ err }, 'job queue error'));
  }

  /** Creates (or migrates) the pgboss schema and the queues, and listens for wake-ups. */
  async start(): Promise<void> {
    await this.boss.start();
    for (const name of QUEUE_NAMES) await createQueueRetryingDeadlocks(this.boss, name, QUEUE_POLICIES[name]);
    // Without wake-ups the workers still poll: jobs are late by a few seconds, never lost.
    const listener = new Listener(this.connectionUrl, WAKE_CHANNEL, {
      notification: (payload) => {
        const worker = this.workers.get(payload as QueueName);
        if (worker) this.boss.notifyWorker(worker);
      },
      lost: (err) => this.log.warn({ err }, 'job wake-up listener lost; workers poll until it is back'),
      restored: () => this.log.info('job wake-up listener back'),
    });
    await listener.start();
    this.listener = listener;
    this.started = true;
  }

  /**
   * Runs `handler` for each job of `queue`. A throw means retry. `batchSize`: how many run side by
   * side at most (JOB_BATCH unless a queue's jobs each need more than one pooled connection).
   *
   * Jobs are fetched up to JOB_BATCH at a time. Fetching is the queue's dearest statement (it
   * sorts what is waiting and skips the rows other workers hold), and a burst of bookings queues
   * one confirmation each: fetched one by one, the fetches alone cost more of PostgreSQL than
   * composing and storing the e-mails. The jobs of a batch run side by side: one by one, each
   * waited its turn for a pooled connection behind the requests of a busy moment, and the worker
   * fell behind the bookings for as long as the rush lasted (a tenth of the confirmations of a
   * six-second burst went out during it). Each job still succeeds or fails on its own: a job that
   * throws is failed there and then (so it is retried on its own schedule) and the others are
   * completed together when the batch is done. Should the process die in the middle, the batch's
   * jobs are retried once their time runs out, so up to JOB_BATCH - 1 e-mails that had gone out
   * may go out twice (at-least-once, as a single job cut short after its send).
   *
   * pg-boss's worker waits a whole polling interval after every fetch, even one that found a job,
   * unless it is woken meanwhile; wake-ups that arrive together count as one. A burst of bookings
   * therefore left a backlog drained one fetch per interval (five seconds each), the last
   * confirmation minutes late. So after each batch the worker wakes itself: it fetches again at
   * once while there is work, and waits for its interval only once a fetch finds none.
   */
  async work<T>(queue: QueueName, handler: JobHandler<T>, { batchSize = JOB_BATCH }: { batchSize?: number } = {}): Promise<void> {
    const options = { includeMetadata: true, batchSize, pollingIntervalSeconds: this.options.pollingIntervalSeconds } as const;
    const id = await this.boss.work<T>(queue, options, async (jobs) => {
      try {
        const outcomes = await Promise.allSettled(
          jobs.map(async (job) => {
            const attempt = { number: job.retryCount + 1, of: job.retryLimit + 1 };
            try {
              await handler(job.data, attempt);
            } catch (err) {
              this.log.warn({ err, queue, job: job.id, attempt }, attempt.number < attempt.of ? 'job failed; it will be tried again' : 'job failed for the last time');
              // Failed alone: pg-boss completes the batch's jobs that are still active, not this one.
              await this.boss.fail(queue, job.id, errorOutput(err));
            }
          }),
        );
        // Only once every job has finished: a batch that throws fails the jobs still active, and
        // one still running would then be tried again beside itself.
        const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
        if (failed) throw failed.reason;
      } finally {
        const self = this.workers.get(queue);
        if (self) this.boss.notifyWorker(self);
      }
    });
    this.workers.set(queue, id);
  }

  /** Queues `queue` once per cluster on the cron schedule (pg-boss elects the instance). */
  async schedule(queue: QueueName, cron: string): Promise<void> {
    await this.boss.schedule(queue, cron, {}, this.sendOptions());
  }

  /**
   * Queues a job. Given a transaction, in it: the job and its wake-up are committed or rolled back
   * with the caller's change. `singletonKey`: on a 'stately' queue, one job per key waits at most.
   */
  async send(queue: QueueName, data: object, tx?: JobTransaction, timing: JobTiming = {}): Promise<void> {
    if (!this.started) throw new Error('the job queue is not started');
    const options = {
      ...this.sendOptions(),
      ...(timing.startAfter && { startAfter: timing.startAfter }),
      ...(timing.singletonKey !== undefined && { singletonKey: timing.singletonKey }),
    };
    if (tx instanceof PipelinedTransaction) {
      const db = inTransaction(tx, queue);
      const sending = this.boss.send(queue, data, { ...options, db });
      // pg-boss issues its insert at once, and the wake-up goes behind it: by the time this call
      // returns, both are sent, so a caller may send its COMMIT behind them without waiting
      // (PipelinedTransaction.commitBehind). Should a pg-boss release wait before inserting, the
      // insert could follow the COMMIT and run outside the transaction: refused loudly instead.
      if (!db.woken()) throw new Error('pg-boss did not send its insert at once: a pipelined transaction cannot hold it');
      await sending;
    } else if (tx) {
      const db = inTransaction(tx, queue);
      await this.boss.send(queue, data, { ...options, db });
      await runIn(tx, 'parlour_job_wake', WAKE_TEXT, [queue]);
    } else {
      await this.boss.send(queue, data, options);
      const worker = this.workers.get(queue);
      if (worker) this.boss.notifyWorker(worker);
    }
  }

  private sendOptions(): PgBoss.SendOptions {
    return { retryLimit: this.options.retryLimit, retryDelay: this.options.retryDelaySeconds, retryBackoff: true };
  }

  /** Stops fetching, waits a little for running jobs (a job cut short is retried), closes. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
    await this.listener?.close();
    this.listener = undefined;
  }
}

/**
 * Instances starting together on one database each create the queues; pg-boss's createQueue can
 * then deadlock against the other instance's (PostgreSQL aborts one of the two). The queue exists
 * or is about to: the aborted one tries again after a short random pause.
 */
async function createQueueRetryingDeadlocks(boss: PgBoss, name: QueueName, policy: PgBoss.Queue['policy']): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, policy === undefined ? undefined : { name, policy });
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 200));
    }
  }
}

import type { Writable } from 'node:stream';
import type pg from 'pg';
import type { Db } from './client.js';

/**
 * One transaction on one pooled connection whose statements are sent without waiting for the
 * answers of those before them (node-postgres's pipeline mode): the statements one step of a
 * booking needs, and its BEGIN, go to PostgreSQL in one write and come back in one read, and only
 * a decision made in Node (a refused time, a changed list) waits for a round trip. Decision 018.
 *
 * PostgreSQL runs pipelined statements one after another in the order sent, each seeing what the
 * ones before it wrote, exactly as if each had waited: a lock taken by one statement is held when
 * the next one counts. A statement that fails aborts the transaction, and every statement sent
 * after it fails too (the caller sees the first error where it awaits); COMMIT then rolls back,
 * which `pipelinedTransaction` reports as an error rather than as success.
 */
export class PipelinedTransaction {
  private corked = false;

  constructor(private readonly client: pg.PoolClient) {}

  /**
   * Sends `text` with `values` now, as the named prepared statement `name` when given (parsed
   * once per connection); resolves to its rows when PostgreSQL answers it.
   */
  run<Row>(text: string, values: readonly unknown[] = [], name?: string): Promise<Row[]> {
    return handled(this.send(text, values, name).then((result) => result.rows as Row[]));
  }

  /**
   * For `work` to return when nothing is left to decide in Node: the COMMIT is sent at once,
   * behind the statements already sent, in the same write, instead of a round trip after their
   * answers. `answer` (made of those statements' answers) is what the transaction then answers;
   * should one of them fail, PostgreSQL rolls the COMMIT back and the transaction throws its error.
   * Only for statements already sent: one issued after `work` returns would run outside.
   */
  commitBehind<T>(answer: Promise<T>): CommitBehind<T> {
    return new CommitBehind(handled(answer));
  }

  /**
   * For an answer made from statements already sent (a `.then` of `run`), which the caller may
   * never await: `work` can stop at an earlier statement's failure. Marked handled as `run`'s own
   * answers are, or its rejection would crash the process (found restarting PostgreSQL under load).
   */
  later<T>(answer: Promise<T>): Promise<T> {
    return handled(answer);
  }

  /** The end of the transaction, sent behind whatever `work` sent last; answers its command tag. */
  end(command: 'commit' | 'rollback'): Promise<string> {
    return handled(this.send(command, []).then((result) => result.command));
  }

  private send(text: string, values: readonly unknown[], name?: string): Promise<pg.QueryResult> {
    this.gather();
    return this.client.query({ text, values: [...values], ...(name !== undefined && { name }) });
  }

  /**
   * Holds the connection's writes until the current turn of the event loop is done, so that what
   * is sent in it (the statements issued together, and whatever the code awaiting nothing but
   * promises issues right after) leaves in one system call.
   */
  private gather() {
    if (this.corked) return;
    const stream = (this.client as unknown as { connection: { stream: Writable } }).connection.stream;
    stream.cork();
    this.corked = true;
    setImmediate(() => {
      this.corked = false;
      stream.uncork();
    });
  }
}

/** What `work` returns to have its COMMIT sent behind its last statements (commitBehind). */
export class CommitBehind<T> {
  constructor(readonly answer: Promise<T>) {}
}

/**
 * A statement behind a failed one fails too, and its caller may never await it (it stopped at the
 * first error): marked handled, so the process does not take it for a forgotten failure, it still
 * rejects for whoever awaits it.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

type PipelineClient = pg.PoolClient & { pipeline: boolean };

/**
 * Runs `work` in a transaction of its own connection, pipelined (see PipelinedTransaction):
 * commits when it returns, rolls back when it throws. A transaction PostgreSQL aborted (a
 * statement `work` sent but did not wait for failed) throws instead of answering.
 */
export async function pipelinedTransaction<T>(db: Db, work: (tx: PipelinedTransaction) => Promise<T | CommitBehind<T>>): Promise<T> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = (await pool.connect()) as PipelineClient;
  client.pipeline = true;
  let broken: Error | undefined;
  // A connection whose socket failed is not handed back to the pool.
  const noteBroken = (err: unknown) => {
    if (isConnectionError(err)) broken = err as Error;
  };
  const connectionLost = (err: unknown): never => {
    noteBroken(err);
    throw err;
  };
  try {
    const tx = new PipelinedTransaction(client);
    // Not awaited: it travels with the first statements. Were the connection to fail, they fail too.
    void tx.run('begin');
    let outcome: T | CommitBehind<T>;
    try {
      outcome = await work(tx);
    } catch (err) {
      // Whatever `work` sent is answered before the ROLLBACK is; a connection that cannot even
      // roll back is not handed back to the pool.
      await tx.end('rollback').catch((rollbackErr: Error) => (broken = rollbackErr));
      throw err;
    }
    let result: T;
    let command: string;
    if (outcome instanceof CommitBehind) {
      const committing = tx.end('commit');
      try {
        result = await outcome.answer;
      } catch (err) {
        // The transaction is aborted: its COMMIT answers ROLLBACK, and the first error is the one told.
        await committing.catch(noteBroken);
        throw err;
      }
      command = await committing.catch(connectionLost);
    } else {
      result = outcome;
      command = await tx.end('commit').catch(connectionLost);
    }
    if (command !== 'COMMIT') throw new Error('the transaction was aborted by a statement whose answer was not awaited, and rolled back');
    return result;
  } finally {
    client.pipeline = false;
    client.release(broken);
  }
}

function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  // PostgreSQL's own errors carry a five-character SQLSTATE; anything else came from the socket.
  return !(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
}

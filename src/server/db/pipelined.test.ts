import net from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DbHandle } from './client.js';
import { pipelinedTransaction } from './pipelined.js';
import { createTestDatabase } from '../test/test-database.js';

let drop: () => Promise<void>;
/** One connection only, so every transaction below runs on the same one, one after another. */
let single: DbHandle;

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  await (test.database.db as unknown as { $client: pg.Pool }).$client.query('create table notes (id int primary key, body text not null)');
  single = await openDatabase({ driver: 'postgres', url: test.database.connectionUrl, poolSize: 1 });
});

afterAll(async () => {
  await single.close();
  await drop();
});

const pool = () => (single.db as unknown as { $client: pg.Pool }).$client;
const notes = async () => (await pool().query<{ id: number }>('select id from notes order by id')).rows.map((r) => r.id);
const backendPid = async () => (await pool().query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

/** `run`'s answer, and how many writes the sockets made meanwhile (each ends in _write or _writev). */
async function writesDuring<T>(run: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const spies = [vi.spyOn(socket, '_writev'), vi.spyOn(socket, '_write')];
  try {
    const result = await run();
    return { result, writes: spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0) };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** The connection was rolled back and kept (the same backend), not thrown away, and is back in its usual mode. */
async function expectConnectionKept(pid: number) {
  expect(await backendPid()).toBe(pid);
  const client = await pool().connect();
  expect((client as unknown as { pipeline: boolean }).pipeline).toBe(false);
  client.release();
}

describe('a pipelined transaction', () => {
  it('sends BEGIN and the statements issued together in one write, answers each its own rows, and commits', async () => {
    await pool().query('delete from notes');
    const { result: answers, writes } = await writesDuring(() =>
      pipelinedTransaction(single.db, async (tx) => {
        const first = tx.run<{ id: number }>('insert into notes values ($1, $2) returning id', [1, 'one']);
        // Sees the row the statement before it wrote, though it was sent before that one's answer came.
        const second = tx.run<{ n: number }>('select count(*)::int as n from notes');
        const third = tx.run<{ id: number }>('insert into notes values ($1, $2) returning id', [2, 'two'], 'pipelined_test_insert');
        return [await first, await second, await third];
      }),
    );
    expect(answers).toEqual([[{ id: 1 }], [{ n: 1 }], [{ id: 2 }]]);
    // BEGIN with the three statements, then the COMMIT: two writes (four without the pipeline).
    expect(writes).toBe(2);
    expect(await notes()).toEqual([1, 2]);
  });

  it('rolls back everything, what was sent before a failing statement too, and hands the error to the caller', async () => {
    await pool().query('delete from notes');
    const pid = await backendPid();
    const failed = pipelinedTransaction(single.db, async (tx) => {
      const inserted = tx.run('insert into notes values (3, $1)', ['three']);
      const duplicate = tx.run('insert into notes values (3, $1)', ['again']);
      const after = tx.run('insert into notes values (4, $1)', ['four']);
      await inserted;
      await duplicate;
      return after;
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect(await notes()).toEqual([]);
    await expectConnectionKept(pid);
  });

  it('never reports a commit PostgreSQL turned into a rollback: a failure nobody awaited still fails the transaction', async () => {
    await pool().query('delete from notes');
    const committed = pipelinedTransaction(single.db, async (tx) => {
      void tx.run('insert into notes values (5, $1)', ['five']);
      void tx.run('select 1 / 0');
      return 'done';
    });
    await expect(committed).rejects.toThrow(/rolled back/);
    expect(await notes()).toEqual([]);
  });

  it('rolls back when the work refuses, keeping the connection', async () => {
    await pool().query('delete from notes');
    const pid = await backendPid();
    const refused = pipelinedTransaction(single.db, async (tx) => {
      const written = tx.run<{ id: number }>('insert into notes values (6, $1) returning id', ['six']);
      if ((await written)[0]!.id === 6) throw new Error('refused in Node, after the write');
    });
    await expect(refused).rejects.toThrow('refused in Node');
    expect(await notes()).toEqual([]);
    expect(await backendPid()).toBe(pid);
  });

  it('sends the COMMIT behind the last statements when nothing is left to decide: one write in all, the answer from their rows', async () => {
    await pool().query('delete from notes');
    const { result: answer, writes } = await writesDuring(() =>
      pipelinedTransaction(single.db, async (tx) => {
        const first = tx.run<{ id: number }>('insert into notes values ($1, $2) returning id', [7, 'seven']);
        const second = tx.run<{ id: number }>('insert into notes values ($1, $2) returning id', [8, 'eight']);
        return tx.commitBehind(Promise.all([first, second]).then(([a, b]) => [a[0]!.id, b[0]!.id]));
      }),
    );
    expect(answer).toEqual([7, 8]);
    // BEGIN, both statements and the COMMIT: one write (two when the COMMIT waits for their answers).
    expect(writes).toBe(1);
    expect(await notes()).toEqual([7, 8]);
  });

  it('with the COMMIT sent behind a statement that fails: rolled back, the statement\'s error told, the connection kept', async () => {
    await pool().query('delete from notes');
    const pid = await backendPid();
    const failed = pipelinedTransaction(single.db, async (tx) => {
      const inserted = tx.run('insert into notes values (9, $1)', ['nine']);
      const duplicate = tx.run('insert into notes values (9, $1)', ['again']);
      return tx.commitBehind(Promise.all([inserted, duplicate]));
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect(await notes()).toEqual([]);
    await expectConnectionKept(pid);
  });
});

/**
 * One engine in a process of its own, so its memory is its own: `tsx bench/database-probe.ts
 * <embedded|pglite> <folder>` starts the engine on the folder (creating it when new), runs a
 * short query load, and prints one JSON line of figures. Used by bench/databases.ts.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.js';
import { clusterMemory } from './lib.js';

const [engine, dir] = process.argv.slice(2) as ['embedded' | 'pglite', string];
const QUERIES = 2_000;

const began = performance.now();
if (engine === 'pglite') {
  const db = await PGlite.create(dir);
  const startMs = performance.now() - began;
  await db.query('create table if not exists t (id serial primary key, v text)');
  const idle = process.memoryUsage().rss;
  const q0 = performance.now();
  // One connection inside this thread: concurrency cannot help it.
  await Promise.all(Array.from({ length: QUERIES }, (_, i) => db.query('insert into t (v) values ($1) returning id', [`row ${i}`])));
  const qps = QUERIES / ((performance.now() - q0) / 1000);
  console.log(JSON.stringify({ startMs, rssIdle: idle, rssLoaded: process.memoryUsage().rss, insertsPerSecond: qps }));
  await db.close();
} else {
  const server = await startEmbeddedPostgres({ dir });
  const startMs = performance.now() - began;
  const pool = new pg.Pool({ connectionString: server.url, max: 10 });
  pool.on('error', () => {}); // the stop below ends idle connections
  await pool.query('create table if not exists t (id serial primary key, v text)');
  const idle = process.memoryUsage().rss + clusterMemory(server.pid);
  const q0 = performance.now();
  await Promise.all(Array.from({ length: QUERIES }, (_, i) => pool.query('insert into t (v) values ($1) returning id', [`row ${i}`])));
  const qps = QUERIES / ((performance.now() - q0) / 1000);
  const loaded = process.memoryUsage().rss + clusterMemory(server.pid);
  await pool.end();
  await server.stop();
  console.log(JSON.stringify({ startMs, rssIdle: idle, rssLoaded: loaded, insertsPerSecond: qps }));
}

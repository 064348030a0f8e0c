import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client.js';
import { prepareDatabase } from '../db/prepare.js';

// Used by the suites' global set-up (outside any test file: no `vitest` import here) and by
// test-database.ts.

/**
 * The run's template (global-setup.ts): a database migrated once, then left with no connection,
 * as CREATE DATABASE … TEMPLATE requires.
 */
export async function createMigratedTemplate(serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `parlour_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (admin) => admin.query(`create database ${name}`));
  const database = await openDatabase({ driver: 'postgres', url: withDatabase(serverUrl, name), poolSize: 2 });
  try {
    await prepareDatabase(database, { seed: false });
  } finally {
    await database.close();
  }
  return { name, drop: () => onServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}

/** One statement or a few on the server's maintenance database, on a connection of their own. */
export async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** The same server URL naming another database (the socket folder of the embedded one stays). */
export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

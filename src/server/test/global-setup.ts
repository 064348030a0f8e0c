import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance URL of the embedded PostgreSQL the server suites share (unset with DATABASE_URL). */
    testDatabaseUrl: string;
  }
}

/**
 * Without DATABASE_URL, the server suites run on one embedded PostgreSQL for the whole run, each
 * test file in a database of its own. It is a throw-away cluster (no fsync) in a temporary folder.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-test-pg-'));
  const server = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), disposable: true });
  project.provide('testDatabaseUrl', server.adminUrl);
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

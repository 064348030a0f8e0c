import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { createMigratedTemplate } from './database-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance URL of the embedded PostgreSQL the server suites share (unset with DATABASE_URL). */
    testDatabaseUrl: string;
    /** A database every migration has been applied to, copied for each suite's app (test-database.ts). */
    migratedTemplate: string;
  }
}

/**
 * Without DATABASE_URL, the server suites run on one embedded PostgreSQL for the whole run, each
 * test file in a database of its own. It is a throw-away cluster (no fsync) in a temporary folder.
 * On either server, the migrations are applied once, to a template each suite's app copies
 * (CREATE DATABASE … TEMPLATE: a quarter of the time of migrating each database anew).
 */
export default async function setup(project: TestProject) {
  let stopServer = async () => {};
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-test-pg-'));
    const server = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), disposable: true });
    serverUrl = server.adminUrl;
    project.provide('testDatabaseUrl', serverUrl);
    stopServer = async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const template = await createMigratedTemplate(serverUrl);
  project.provide('migratedTemplate', template.name);
  return async () => {
    await template.drop();
    await stopServer();
  };
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './client.js';
import { seedDemoCatalogue, seedDemoStaff } from './seed.js';

// src/server/db and dist/server/db sit at the same depth, so one relative path serves both.
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** `migrationsApplied`: how many migrations this start applied (another instance may have done it first). */
export type PrepareResult = { seeded: boolean; migrationsApplied: number };

/** Applies every migration and, when asked, the one-time demo data. */
/** `team`: seed the demo stylists too (with `seed`; the default). */
export async function prepareDatabase(database: DbHandle, options: { seed: boolean; team?: boolean }): Promise<PrepareResult> {
  let seeded = false;
  const { applied } = await database.prepare(migrationsFolder, async (db) => {
    if (!options.seed) return;
    seeded = await seedDemoCatalogue(db);
    if (options.team ?? true) await seedDemoStaff(db);
  });
  return { seeded, migrationsApplied: applied };
}

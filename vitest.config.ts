import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The test files under `dir` that replace a module (vi.mock): these keep a module cache of their
 * own (isolate), since a module one file replaced would otherwise stay replaced, or stay real, for
 * the next file in the same worker. Every other file shares its worker's modules (docs/decisions/058).
 */
function replacingModules(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file))
    .filter((file) => /\bvi\.(mock|doMock|unmock)\(/.test(fs.readFileSync(file, 'utf8')));
}

const clientProject = {
  plugins: [react()],
  // tsconfig.json's `paths` (@/…, @shared/…), as the build resolves them.
  resolve: { tsconfigPaths: true },
};
const clientTest = { environment: 'jsdom' as const, setupFiles: ['src/client/test/setup.ts'], testTimeout: 30_000 };
const clientReplacing = replacingModules('src/client');

const serverFiles = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'];
// The page renderer's test imports src/client (@/…, @shared/…), as the SSR build does.
const serverProject = { resolve: { tsconfigPaths: true } };
const serverTest = {
  environment: 'node' as const,
  // One embedded PostgreSQL for the run (or DATABASE_URL's server); each file its own database,
  // its own app: what a file shares with the next in its worker is only the loaded modules.
  globalSetup: ['src/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const serverReplacing = ['src/server', 'src/shared', 'scripts'].flatMap(replacingModules);

export default defineConfig({
  test: {
    // Measured on the 2-core CI machine (docs/decisions/058): the suites wait on PostgreSQL and on
    // servers they spawn, so one worker (vitest's default on two cores) left a core idle; three
    // keep both busy (291 s), four only contend (364 s).
    maxWorkers: 3,
    projects: [
      {
        ...serverProject,
        test: { ...serverTest, name: 'server', include: serverFiles, exclude: serverReplacing, isolate: false },
      },
      // None today; a server suite that replaces a module gets a module cache of its own here.
      ...(serverReplacing.length ? [{ ...serverProject, test: { ...serverTest, name: 'server-replacing', include: serverReplacing, isolate: true } }] : []),
      {
        ...clientProject,
        test: { ...clientTest, name: 'client', include: ['src/client/**/*.test.{ts,tsx}'], exclude: clientReplacing, isolate: false },
      },
      {
        ...clientProject,
        test: { ...clientTest, name: 'client-replacing', include: clientReplacing, isolate: true },
      },
    ],
  },
});

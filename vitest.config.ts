import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The test files under `dirs` that replace a module (vi.mock): these keep a module cache of their
 * own (isolate), since a module one file replaced would otherwise stay replaced, or stay real, for
 * the next file in the same worker. Every other file shares its worker's modules (docs/decisions/058).
 */
function replacingModules(dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.join(dir, file))
      .filter((file) => /\bvi\.(mock|doMock|unmock)\(/.test(fs.readFileSync(file, 'utf8'))),
  );
}

type Project = Omit<TestProjectInlineConfiguration, 'test'> & { test: NonNullable<TestProjectInlineConfiguration['test']> };

/**
 * A project whose files share their worker's modules, and beside it `<name>-replacing` for those
 * of its files that replace a module (when there are any), isolated.
 */
function sharingModules(name: string, dirs: string[], include: string[], project: Project): Project[] {
  const replacing = replacingModules(dirs);
  return [
    { ...project, test: { ...project.test, name, include, exclude: replacing, isolate: false } },
    ...(replacing.length ? [{ ...project, test: { ...project.test, name: `${name}-replacing`, include: replacing, isolate: true } }] : []),
  ];
}

export default defineConfig({
  test: {
    // Measured on the 2-core CI machine (docs/decisions/058): the suites wait on PostgreSQL and on
    // servers they spawn, so one worker (vitest's default on two cores) left a core idle; three
    // keep both busy (291 s), four only contend (364 s).
    maxWorkers: 3,
    projects: [
      // Each server file builds its own app on its own database (one embedded PostgreSQL for the
      // run, or DATABASE_URL's server): what it shares with the next file in its worker is only
      // the loaded modules. No server suite replaces a module today.
      ...sharingModules('server', ['src/server', 'src/shared', 'scripts'], ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'], {
        // The page renderer's test imports src/client (@/…, @shared/…), as the SSR build does.
        resolve: { tsconfigPaths: true },
        test: { environment: 'node', globalSetup: ['src/server/test/global-setup.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      }),
      ...sharingModules('client', ['src/client'], ['src/client/**/*.test.{ts,tsx}'], {
        plugins: [react()],
        // tsconfig.json's `paths` (@/…, @shared/…), as the build resolves them.
        resolve: { tsconfigPaths: true },
        test: { environment: 'jsdom', setupFiles: ['src/client/test/setup.ts'], testTimeout: 30_000 },
      }),
    ],
  },
});

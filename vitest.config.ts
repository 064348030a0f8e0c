import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        // The page renderer's test imports src/client (@/…, @shared/…), as the SSR build does.
        resolve: { tsconfigPaths: true },
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          // One embedded PostgreSQL for the run (or DATABASE_URL's server); each file its own database.
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        // tsconfig.json's `paths` (@/…, @shared/…), as the build resolves them.
        resolve: { tsconfigPaths: true },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['src/client/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});

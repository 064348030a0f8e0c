import { defineConfig } from 'drizzle-kit';

// Migrations are generated once from the schema and applied by the app itself at start-up, on the
// embedded PostgreSQL and on a PostgreSQL server alike (see src/server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});

/**
 * Only for `npm run auth:generate`: better-auth's schema generator reads this file to write
 * src/server/db/auth-schema.ts, from which drizzle-kit makes the migration. The app itself
 * builds its auth instance in plugins/auth.ts.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { createAuth } from './auth.js';
import { loadConfig } from '../env.js';
import type { Db } from '../db/client.js';

const config = loadConfig({ NODE_ENV: 'test', OIDC_DISCOVERY_URL: 'http://localhost/.well-known/openid-configuration', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'x' });
export const auth = createAuth({
  config,
  db: drizzle.mock() as unknown as Db,
  mailer: { send: async () => {} },
  secret: 'schema-generation-only-secret-0123456789',
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('gives a newcomer working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, nodeEnv: 'development', databaseUrl: undefined, seedDemoData: true });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '4100', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config).toMatchObject({ port: 4100, dataDir: '/tmp/x', databaseUrl: 'postgres://u@h:5432/db' });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('names every wrong variable', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toMatch(/PORT:/);
    expect(message).toMatch(/DATABASE_URL: must be a postgres/);
    expect(message).toMatch(/LOG_LEVEL:/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';
import { apiErrorSchema } from '../shared/errors.js';
import { healthSchema } from '../shared/health.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

describe('the API shell', () => {
  it('reports the database state on /api/health', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const health = healthSchema.parse(res.json());
    expect(health.status).toBe('ok');
    expect(health.database.status).toBe('up');
    expect(health.database.driver).toBe('postgres');
  });

  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/does-not-exist?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(apiErrorSchema.parse(res.json()).message).toBe(`Route ${method} /api/does-not-exist not found`);
    }
  });

  it('serves the OpenAPI document generated from the shared schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/service', '/api/service/{id}', '/api/review', '/api/health']));
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
  });

  it('sends security headers with a CSP that allows only its own scripts', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never leaks internals on a 500', async () => {
    t.app.log.level = 'silent';
    const broken = await createTestApp({ seed: false });
    await broken.database.close();
    const res = await broken.app.inject({ url: '/api/service' });
    expect(res.statusCode).toBe(500);
    const body = apiErrorSchema.parse(res.json());
    expect(body.message).toBe('Something went wrong on our side. Please try again.');
    expect(res.body).not.toMatch(/pglite|postgres|socket|stack|closed/i);
    await broken.app.close();
  });
});

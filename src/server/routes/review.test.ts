import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { reviewListSchema } from '../../shared/review.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('lists the published testimonials with name, role, feedback, rating and photo', async () => {
  const res = await t.app.inject({ url: '/api/review' });
  expect(res.statusCode).toBe(200);
  const list = reviewListSchema.parse(res.json());
  expect(list.length).toBeGreaterThanOrEqual(6);
  expect(list[0]).toMatchObject({ name: 'Nusrat Jahan', role: 'University student', rating: 5, image: '/images/reviews/nusrat.svg' });
  for (const review of list) {
    expect(review.rating).toBeGreaterThanOrEqual(1);
    expect(review.rating).toBeLessThanOrEqual(5);
    expect(review.feedback.length).toBeGreaterThan(20);
  }
});

it('hides reviews an admin hid', async () => {
  await t.database.db.execute(sql`update reviews set hidden = true where name = 'Nusrat Jahan'`);
  const list = reviewListSchema.parse((await t.app.inject({ url: '/api/review' })).json());
  expect(list.map((r) => r.name)).not.toContain('Nusrat Jahan');
});

it('refuses a rating outside 1-5 at the database', async () => {
  await expect(
    t.database.db.execute(sql`insert into reviews (name, feedback, rating, image_url) values ('X', 'Y', 6, '/x.svg')`),
  ).rejects.toThrow();
});

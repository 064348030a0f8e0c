import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { apiErrorSchema } from '../../shared/errors.js';
import { uploadResultSchema } from '../../shared/user.js';
import { imageForm } from '../test/uploads.js';
import { IMAGE_VARIANT_WIDTHS, imageVariantUrl } from '../../shared/images.js';
import { uploads } from '../db/schema.js';
import { imageWork, MAX_INPUT_PIXELS, UPLOADS_PER_HOUR_PER_IP } from './upload.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

async function upload(bytes: Uint8Array, filename: string, type: string, field = 'image') {
  const form = await imageForm(bytes, filename, type, field);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { origin: t.config.publicUrl, 'content-type': form.contentType },
    payload: form.payload,
  });
}

const photo = () => sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#e11d48' } }).jpeg().toBuffer();

it('stores a real photo as WebP, at most 1600 px, and serves it with long-lived caching', async () => {
  const res = await upload(await photo(), 'me.jpg', 'image/jpeg');
  expect(res.statusCode).toBe(201);
  const url = uploadResultSchema.parse(res.json()).data.display_url;
  expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);

  const served = await t.app.inject({ url });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(served.rawPayload).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
});

it('refuses a text file renamed to .png, by its content', async () => {
  const res = await upload(new TextEncoder().encode('<script>alert(1)</script>'), 'photo.png', 'image/png');
  expect(res.statusCode).toBe(415);
  const body = apiErrorSchema.parse(res.json());
  expect(body.issues).toEqual([{ path: 'image', message: 'Only image files are accepted' }]);
});

it('refuses an SVG, which could carry script', async () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
  const res = await upload(new TextEncoder().encode(svg), 'x.svg', 'image/svg+xml');
  expect(res.statusCode).toBe(415);
});

it('refuses a file over 5 MB with 413', async () => {
  const big = new Uint8Array(5 * 1024 * 1024 + 10).fill(7);
  const res = await upload(big, 'huge.jpg', 'image/jpeg');
  expect(res.statusCode).toBe(413);
  expect(apiErrorSchema.parse(res.json()).message).toBe('The image is larger than 5 MB. Choose a smaller one.');
});

it('asks for the image field', async () => {
  const res = await upload(await photo(), 'me.jpg', 'image/jpeg', 'picture');
  expect(res.statusCode).toBe(400);
  expect(apiErrorSchema.parse(res.json()).issues).toEqual([{ path: 'image', message: 'image is required' }]);
  const notMultipart = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { origin: t.config.publicUrl }, payload: { image: 'x' } });
  expect(notMultipart.statusCode).toBe(415);
});

it('answers 404 for an unknown image', async () => {
  const res = await t.app.inject({ url: '/uploads/3f1e1c9a-5b2d-4c1e-9a7b-1d2e3f4a5b6c.webp' });
  expect(res.statusCode).toBe(404);
});

it('stores the sizes the pages ask for in their srcset, never larger than the photo', async () => {
  const res = await upload(await photo(), 'me.jpg', 'image/jpeg');
  const url = uploadResultSchema.parse(res.json()).data.display_url;
  for (const width of IMAGE_VARIANT_WIDTHS) {
    const variant = imageVariantUrl(url, width)!;
    const served = await t.app.inject({ url: variant });
    expect(served.statusCode, variant).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height: width / 2 });
  }
  // A small photo's copies keep its own size, so every srcset entry still exists.
  const small = uploadResultSchema.parse((await upload(await sharp({ create: { width: 300, height: 200, channels: 3, background: '#000' } }).png().toBuffer(), 's.png', 'image/png')).json()).data.display_url;
  const copy = await t.app.inject({ url: imageVariantUrl(small, 800)! });
  expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
});

/** A real PNG whose header claims `width` x `height`: what a decompression bomb looks like to metadata(). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).png().toBuffer());
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows the 13 bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

it(`refuses an image over ${MAX_INPUT_PIXELS / 1_000_000} megapixels with 413, judged from its header before decoding`, async () => {
  const bomb = await pngClaiming(16_000, 16_000);
  expect(await sharp(bomb).metadata()).toMatchObject({ width: 16_000, height: 16_000 });
  const before = await t.database.db.select().from(uploads);
  const res = await upload(bomb, 'bomb.png', 'image/png');
  expect(res.statusCode).toBe(413);
  expect(apiErrorSchema.parse(res.json()).message).toBe('The image is 16000 x 16000 pixels; at most 40 megapixels (e.g. 8000 x 5000) are accepted.');
  expect(await t.database.db.select().from(uploads)).toHaveLength(before.length);
});

it('answers 415, not 500, to an image whose header is fine but whose pixels are broken', async () => {
  const cut = (await photo()).subarray(0, 2000);
  const res = await upload(cut, 'cut.jpg', 'image/jpeg');
  expect(res.statusCode).toBe(415);
});

it('encodes at most two images at once, however many arrive together', async () => {
  imageWork.peak = 0;
  const bytes = await photo();
  const results = await Promise.all(
    Array.from({ length: 5 }, async (_, i) => {
      const form = await imageForm(bytes, 'me.jpg', 'image/jpeg');
      const headers = { origin: t.config.publicUrl, 'content-type': form.contentType };
      return t.app.inject({ method: 'POST', url: '/api/upload', remoteAddress: `10.50.0.${i + 1}`, headers, payload: form.payload });
    }),
  );
  expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
  expect(imageWork.peak).toBe(2);
});

it(`limits uploads to ${UPLOADS_PER_HOUR_PER_IP} an hour per address with a clear 429`, async () => {
  const attempt = (remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/upload', remoteAddress, headers: { origin: t.config.publicUrl }, payload: { image: 'x' } });
  // Refused attempts count too: they cost the server as much reading.
  for (let i = 0; i < UPLOADS_PER_HOUR_PER_IP; i++) expect((await attempt('10.51.0.1')).statusCode).toBe(415);
  const limited = await attempt('10.51.0.1');
  expect(limited.statusCode).toBe(429);
  expect(apiErrorSchema.parse(limited.json()).message).toBe('Too many uploads. Please try again later.');
  expect((await attempt('10.51.0.2')).statusCode).toBe(415);
});

it('counts the uploads of an IPv6 client by its /64, however many of its addresses it uses', async () => {
  const attempt = (remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/upload', remoteAddress, headers: { origin: t.config.publicUrl }, payload: { image: 'x' } });
  for (let i = 0; i < UPLOADS_PER_HOUR_PER_IP; i++) expect((await attempt(`2001:db8:51:1::${(i + 1).toString(16)}`)).statusCode).toBe(415);
  expect((await attempt('2001:db8:51:1:1:2:3:4')).statusCode).toBe(429);
  expect((await attempt('2001:db8:51:2::1')).statusCode).toBe(415);
});

import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import sharp, { type Metadata } from 'sharp';
import type { App } from '../types.js';
import { HttpError } from '../http-error.js';
import { MAX_UPLOAD_BYTES, uploadResultSchema } from '../../shared/user.js';
import { apiErrorSchema, errorResponses } from '../../shared/errors.js';
import { consumeThrottle } from '../repositories/throttles.js';
import { clientAddressKey } from '../client-address.js';
import { findUpload, insertUploads, type StoredImage } from '../repositories/uploads.js';
import { IMAGE_VARIANT_WIDTHS } from '../../shared/images.js';
import { Semaphore } from '../semaphore.js';
import { englishMessage } from '../../shared/i18n/message-templates.js';

/** Raster formats sharp recognises by their bytes. SVG is refused: it can carry script. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
export const UPLOADS_PER_HOUR_PER_IP = 30;
const MAX_EDGE = 1600;
/**
 * 40 megapixels (8000 x 5000) is more than any phone camera takes. Decoding costs about 4 bytes a
 * pixel: a 16000 x 16000 PNG of a few hundred kilobytes would otherwise take ~1 GB and seconds.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Image work is CPU- and memory-heavy: two at once keep the rest of the site responsive. */
export const imageWork = new Semaphore(2);

const keyParams = z.object({ key: z.string().regex(/^[0-9a-f-]{36}(-w\d+)?\.webp$/, 'Unknown image') });

/**
 * The full-size WebP (at most 1600 px on the long edge) and one copy per width the pages ask for
 * in their srcset (`<id>-w400.webp`, ...). Copies never upscale: a small photo's copies are the
 * photo's own size, so every srcset entry exists.
 */
async function encodeSizes(input: Buffer, id: string): Promise<StoredImage[]> {
  const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const full = await upright
    .clone()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const originalKey = `${id}.webp`;
  const images: StoredImage[] = [
    { key: originalKey, contentType: 'image/webp', width: full.info.width, height: full.info.height, bytes: full.data },
  ];
  for (const width of IMAGE_VARIANT_WIDTHS) {
    const copy = await upright.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    images.push({ key: `${id}-w${width}.webp`, contentType: 'image/webp', width: copy.info.width, height: copy.info.height, bytes: copy.data, originalKey });
  }
  return images;
}

/**
 * Runs one step of reading a multipart body. A body that breaks off or is not multipart at all
 * makes the parser throw; that is the client's fault (400), never a 500.
 */
async function readMultipart<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const { code, statusCode } = err as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'The image is larger than 5 MB. Choose a smaller one.', [{ path: 'image', message: 'The image must be at most 5 MB' }]);
    }
    if (statusCode === 413) throw new HttpError(413, 'The upload is too large. Send one image of at most 5 MB.');
    throw new HttpError(400, 'The upload was cut off or malformed. Choose the image and try again.', [
      { path: 'image', message: 'The upload could not be read' },
    ]);
  }
}

export async function uploadRoutes(app: App) {
  app.post(
    '/api/upload',
    {
      schema: {
        tags: ['images'],
        summary: 'Uploads an image (multipart field "image", at most 5 MB); answers its URL',
        consumes: ['multipart/form-data'],
        response: { 201: uploadResultSchema, ...errorResponses, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const verdict = await consumeThrottle(app.db, `upload:${clientAddressKey(request.ip)}`, UPLOADS_PER_HOUR_PER_IP, 3600);
      if (!verdict.allowed) throw new HttpError(429, 'Too many uploads. Please try again later.');
      if (!request.isMultipart()) throw new HttpError(415, 'Send the image as multipart/form-data in the field "image".');

      const part = await readMultipart(() => request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } }));
      if (!part || part.fieldname !== 'image') {
        throw new HttpError(400, 'Choose an image to upload.', [{ path: 'image', message: 'image is required' }]);
      }
      const input = await readMultipart(() => part.toBuffer());

      // Decide by content, never by the file's name or the browser's content type. Reading the
      // header only (metadata) does not decode the pixels.
      let meta: Metadata | undefined;
      try {
        meta = await sharp(input).metadata();
      } catch {
        meta = undefined;
      }
      if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format)) {
        throw new HttpError(415, 'That file is not an image we can use. Upload a JPEG, PNG, WebP, GIF or AVIF photo.', [
          { path: 'image', message: 'Only image files are accepted' },
        ]);
      }
      const pixels = (meta.width ?? 0) * (meta.height ?? 0);
      if (pixels > MAX_INPUT_PIXELS) {
        const values = { width: meta.width ?? 0, height: meta.height ?? 0, max: MAX_INPUT_PIXELS / 1_000_000 };
        const message = englishMessage('The image is {{width, number}} x {{height, number}} pixels; at most {{max, number}} megapixels (e.g. 8000 x 5000) are accepted.', values);
        throw new HttpError(413, message, [{ path: 'image', message: englishMessage('The image must be at most {{max, number}} megapixels', values) }]);
      }

      const id = randomUUID();
      let images: StoredImage[];
      try {
        images = await imageWork.run(() => encodeSizes(input, id));
      } catch {
        // The header looked fine but the pixel data is broken (a cut-off file, a forged header).
        throw new HttpError(415, 'That image could not be read. It may be damaged: try another photo.', [
          { path: 'image', message: 'The image could not be read' },
        ]);
      }
      await insertUploads(app.db, images);
      return reply.status(201).send({ data: { display_url: `/uploads/${images[0]!.key}` } });
    },
  );

  app.get(
    '/uploads/:key',
    { schema: { hide: true, params: keyParams } },
    async (request, reply) => {
      const image = await findUpload(app.db, request.params.key);
      if (!image) throw new HttpError(404, 'Image not found');
      // Keys are never reused, so a browser may keep an image for a year.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type(image.contentType)
        .send(Buffer.from(image.bytes));
    },
  );
}

import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import sharp from 'sharp';
import type { App } from '../types.js';
import { HttpError } from '../http-error.js';
import { MAX_UPLOAD_BYTES, uploadResultSchema } from '../../shared/user.js';
import { apiErrorSchema, errorResponses } from '../../shared/errors.js';
import { consumeThrottle } from '../repositories/throttles.js';
import { findUpload, insertUploads, type StoredImage } from '../repositories/uploads.js';
import { IMAGE_VARIANT_WIDTHS } from '../../shared/images.js';

/** Raster formats sharp recognises by their bytes. SVG is refused: it can carry script. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const UPLOADS_PER_HOUR_PER_IP = 30;
const MAX_EDGE = 1600;


const keyParams = z.object({ key: z.string().regex(/^[0-9a-f-]{36}(-w\d+)?\.webp$/, 'Unknown image') });

/**
 * The full-size WebP (at most 1600 px on the long edge) and one copy per width the pages ask for
 * in their srcset (`<id>-w400.webp`, ...). Copies never upscale: a small photo's copies are the
 * photo's own size, so every srcset entry exists.
 */
async function encodeSizes(input: Buffer, id: string): Promise<StoredImage[]> {
  const upright = sharp(input).rotate();
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
      const verdict = await consumeThrottle(app.db, `upload:${request.ip}`, UPLOADS_PER_HOUR_PER_IP, 3600);
      if (!verdict.allowed) throw new HttpError(429, 'Too many uploads. Please try again later.');
      if (!request.isMultipart()) throw new HttpError(415, 'Send the image as multipart/form-data in the field "image".');

      const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'image') {
        throw new HttpError(400, 'Choose an image to upload.', [{ path: 'image', message: 'image is required' }]);
      }
      let input: Buffer;
      try {
        input = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'The image is larger than 5 MB. Choose a smaller one.', [{ path: 'image', message: 'The image must be at most 5 MB' }]);
        }
        throw err;
      }

      // Decide by content, never by the file's name or the browser's content type.
      let format: string | undefined;
      try {
        format = (await sharp(input).metadata()).format;
      } catch {
        format = undefined;
      }
      if (!format || !ACCEPTED_FORMATS.has(format)) {
        throw new HttpError(415, 'That file is not an image we can use. Upload a JPEG, PNG, WebP, GIF or AVIF photo.', [
          { path: 'image', message: 'Only image files are accepted' },
        ]);
      }

      const id = randomUUID();
      const images = await encodeSizes(input, id);
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

import sharp from 'sharp';
import type { App } from '../types.js';
import { uploadResultSchema } from '../../shared/user.js';

/** A multipart body as a browser's FormData would send it. */
export async function imageForm(bytes: Uint8Array, filename = 'photo.png', type = 'image/png', field = 'image') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const request = new Request('http://local/api/upload', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

export const solidPng = (width = 4, height = 4, background = '#fff') =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** Uploads an image through the real endpoint and answers its URL. */
export async function uploadImage(app: App, bytes?: Uint8Array): Promise<string> {
  const form = await imageForm(bytes ?? (await solidPng()));
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { origin: app.config.publicUrl, 'content-type': form.contentType },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return uploadResultSchema.parse(res.json()).data.display_url;
}

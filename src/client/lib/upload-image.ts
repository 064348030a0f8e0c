import type { UploadResult } from '@shared/user';
import { apiClient } from './api-client';

/**
 * Stores an image on our server (multipart field "image", at most 5 MB) and answers the address
 * to save with the record: `data.display_url`, as the original image host did. A refusal (413 too
 * large, 415 not an image, 429 too many) arrives as an ApiRequestError whose message says why.
 */
export function uploadImage(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('image', file);
  return apiClient.post<UploadResult>('/api/upload', body);
}

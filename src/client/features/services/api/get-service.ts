import { serviceSchema, type Service } from '@shared/service';
import { apiClient } from '@/lib/api-client';

/** One service by id (spec section 7); 404 when there is none, 400 when the id is malformed. */
export function getService(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Service> {
  return apiClient.get(`/api/service/${encodeURIComponent(id)}`, { schema: serviceSchema, signal });
}

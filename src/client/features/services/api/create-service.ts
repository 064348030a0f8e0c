import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insertedSchema } from '@shared/results';
import type { ServiceCreateInput } from '@shared/service';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { uploadImage } from '@/lib/upload-image';

export function createService(input: ServiceCreateInput) {
  return apiClient.post('/api/service', input, { schema: insertedSchema });
}

export type NewService = Omit<ServiceCreateInput, 'image_url'> & { image: File };

/** Uploads the image first, then adds the service with its address (spec section 7). */
export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, ...fields }: NewService) => {
      const { data } = await uploadImage(image);
      return createService({ ...fields, image_url: data.display_url });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.services }),
  });
}

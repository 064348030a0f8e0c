import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedSchema } from '@shared/results';
import type { ServiceUpdateInput } from '@shared/service';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { uploadImage } from '@/lib/upload-image';

/** Fields left out keep their value; answers 1 when the service changed, 0 when it already matched. */
export function updateService(id: string, changes: ServiceUpdateInput) {
  return apiClient.patch(`/api/service/${encodeURIComponent(id)}`, changes, { schema: modifiedSchema });
}

export interface ServiceChanges {
  id: string;
  changes: Omit<ServiceUpdateInput, 'image_url'>;
  /** A new image; without one the service keeps its current image. */
  image?: File | undefined;
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes, image }: ServiceChanges) => {
      const imageUrl = image ? (await uploadImage(image)).data.display_url : undefined;
      return updateService(id, imageUrl === undefined ? changes : { ...changes, image_url: imageUrl });
    },
    // The update page reloads its own service through the route loader; this refreshes the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.services }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { photosQueryOptions } from '../../../lib/shared-queries';

export function usePhotos(performerId: string | undefined) {
  return useQuery({ ...photosQueryOptions(performerId ?? ''), enabled: Boolean(performerId) });
}

interface PurchaseResult {
  photo: PhotoView;
  auracoinBalance: number;
}

/** POST /api/photos/{id}/purchase with an idempotency key per click. */
export function usePurchasePhoto(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) =>
      api.post<PurchaseResult>(`/api/photos/${encodeURIComponent(photoId)}/purchase`, undefined, {
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSuccess: (result) => {
      queryClient.setQueryData<PhotoView[]>(queryKeys.photos.ofPerformer(performerId), (photos) =>
        photos?.map((p) => (p.id === result.photo.id ? result.photo : p)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}

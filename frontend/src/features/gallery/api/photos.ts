import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoView } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { photosQueryOptions } from '../../../lib/shared-queries';

export function usePhotos(performerId: string | undefined) {
  return useQuery({ ...photosQueryOptions(performerId ?? ''), enabled: Boolean(performerId) });
}

/** purchasePhoto with an idempotency key per click. */
export function usePurchasePhoto(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) =>
      call('purchasePhoto', { params: { id: photoId }, idempotencyKey: crypto.randomUUID() }),
    onSuccess: (result) => {
      queryClient.setQueryData<PhotoView[]>(queryKeys.photos.ofPerformer(performerId), (photos) =>
        photos?.map((p) => (p.id === result.photo.id ? result.photo : p)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}

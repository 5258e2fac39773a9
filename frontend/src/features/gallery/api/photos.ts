import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PhotoView } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { photosQueryOptions } from '../../../lib/shared-queries';

export function usePhotos(performerId: string | undefined) {
  return useQuery({ ...photosQueryOptions(performerId ?? ''), enabled: Boolean(performerId) });
}

/** The photo to buy and the price he saw on it (docs/product.md#price-seen). */
export interface PhotoPurchase {
  photoId: string;
  expectedPrice: number;
}

/** purchasePhoto with an idempotency key per click. */
export function usePurchasePhoto(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, expectedPrice }: PhotoPurchase) =>
      call('purchasePhoto', { params: { id: photoId }, body: { expectedPrice }, idempotencyKey: crypto.randomUUID() }),
    onSuccess: (result) => {
      queryClient.setQueryData<PhotoView[]>(queryKeys.photos.ofPerformer(performerId), (photos) =>
        photos?.map((p) => (p.id === result.photo.id ? result.photo : p)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}

/** A refusal told the photo's price now: the shop shows it. */
export function setPhotoPrice(queryClient: QueryClient, performerId: string, photoId: string, price: number): void {
  queryClient.setQueryData<PhotoView[]>(queryKeys.photos.ofPerformer(performerId), (photos) =>
    photos?.map((p) => (p.id === photoId ? { ...p, price } : p)),
  );
}

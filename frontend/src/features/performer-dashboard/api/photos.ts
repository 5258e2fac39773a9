import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoInput } from '@aura/contracts';
import { call, callLink } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { coPerformersQueryOptions, photosQueryOptions } from '../../../lib/shared-queries';

/** Her own photos (with their images and sales counts). */
export function useOwnPhotos(performerId: string) {
  return useQuery(photosQueryOptions(performerId));
}

/** Her approved co-performers: who she may declare in a photo (issue 39 item 7). */
export function useApprovedCoPerformers(performerId: string) {
  return useQuery({
    ...coPerformersQueryOptions(performerId),
    select: (people) => people.filter((person) => person.status === 'approved'),
  });
}

export function useAddPhoto(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PhotoInput) => call('addPhoto', { params: { id: performerId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.photos.ofPerformer(performerId) }),
  });
}

export function useDeletePhoto(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => call('deletePhoto', { params: { id: photoId }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.photos.ofPerformer(performerId) }),
  });
}

/**
 * The image upload (docs/product.md#api): ask for an upload URL, PUT the bytes there, then make it a
 * public photo file of hers; the answer's objectPath is the photo's imageUrl.
 */
export async function uploadPhotoImage(file: File, performerId: string): Promise<string> {
  const { uploadURL } = await call('objectUploadTicket');
  await callLink('uploadPhotoFile', uploadURL, { body: file });
  const { objectPath } = await call('confirmPhotoUpload', { body: { imageURL: uploadURL, performerId } });
  return objectPath;
}

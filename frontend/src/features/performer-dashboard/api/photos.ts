import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoInput, PhotoView } from '@aura/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { photosQueryOptions } from '../../../lib/shared-queries';

/** Her own photos (with their images and sales counts). */
export function useOwnPhotos(performerId: string) {
  return useQuery(photosQueryOptions(performerId));
}

export function useAddPhoto(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PhotoInput) => api.post<PhotoView>(`/api/performers/${encodeURIComponent(performerId)}/photos`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.photos.ofPerformer(performerId) }),
  });
}

export function useDeletePhoto(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => api.delete<{ ok: true }>(`/api/photos/${encodeURIComponent(photoId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.photos.ofPerformer(performerId) }),
  });
}

/**
 * The image upload of the spec (§7): ask for an upload URL, PUT the bytes there, then make it a
 * public photo file of hers; the answer's objectPath is the photo's imageUrl.
 */
export async function uploadPhotoImage(file: File, performerId: string): Promise<string> {
  const { uploadURL } = await api.post<{ uploadURL: string }>('/api/objects/upload');
  const res = await fetch(uploadURL, {
    method: 'PUT',
    body: file,
    credentials: 'include',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  const { objectPath } = await api.put<{ objectPath: string }>('/api/performer-photos/upload', { imageURL: uploadURL, performerId });
  return objectPath;
}

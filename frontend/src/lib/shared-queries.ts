import { queryOptions } from '@tanstack/react-query';
import type { AliasView, PackageView, PhotoView, PublicPerformerView } from '@aura/contracts';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The reads more than one feature shows: one key and one fetcher each, so a change made in one
 * feature (the admin edits a package, a user buys an alias) refreshes what the others show.
 */

/** GET /api/packages: the packages on sale (public). */
export function packagesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.packages.list,
    queryFn: ({ signal }) => api.get<PackageView[]>('/api/packages', { signal }),
  });
}

/** GET /api/users/{userId}/aliases (the chooser uses the active ones). */
export function aliasesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.aliases.ofUser(userId),
    queryFn: ({ signal }) => api.get<AliasView[]>(`/api/users/${encodeURIComponent(userId)}/aliases`, { signal }),
  });
}

/** GET /api/performers/{id}/photos: to others, locked ones come without image. */
export function photosQueryOptions(performerId: string) {
  return queryOptions({
    queryKey: queryKeys.photos.ofPerformer(performerId),
    queryFn: ({ signal }) => api.get<PhotoView[]>(`/api/performers/${encodeURIComponent(performerId)}/photos`, { signal }),
  });
}

/**
 * GET /api/performers/{id} as anyone sees her (her public record; 404 when unknown or not
 * approved). Her own dashboard reads the same document through its own factory, which also
 * caches her record locally.
 */
export function performerProfileQueryOptions(performerId: string) {
  return queryOptions({
    queryKey: queryKeys.performers.detail(performerId),
    queryFn: ({ signal }) => api.get<PublicPerformerView>(`/api/performers/${encodeURIComponent(performerId)}`, { signal }),
  });
}

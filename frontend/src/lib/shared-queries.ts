import { queryOptions } from '@tanstack/react-query';
import type { ChatParty, PublicPerformerView } from '@aura/contracts';
import { call } from './api';
import { queryKeys } from './query-keys';

/**
 * The reads more than one feature shows: one key and one fetcher each, so a change made in one
 * feature (the admin edits a package, a user buys an alias) refreshes what the others show.
 */

/** listShows: the public shows on now (live or paused), with their real viewer counts. */
export function liveShowsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.shows.live,
    queryFn: ({ signal }) => call('listShows', { signal }),
    staleTime: 10_000,
  });
}

/** listPackages: the packages on sale (public). */
export function packagesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.packages.list,
    queryFn: ({ signal }) => call('listPackages', { signal }),
  });
}

/** listAliases: a user's aliases (the chooser uses the active ones). */
export function aliasesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.aliases.ofUser(userId),
    queryFn: ({ signal }) => call('listAliases', { params: { userId }, signal }),
  });
}

/** listCoPerformers: the people on camera with her and their review (herself and admins; issue 39 item 7). */
export function coPerformersQueryOptions(performerId: string) {
  return queryOptions({
    queryKey: queryKeys.performers.coPerformers(performerId),
    queryFn: ({ signal }) => call('listCoPerformers', { params: { id: performerId }, signal }),
  });
}

/** listPhotos: a performer's photos; to others, locked ones come without image. */
export function photosQueryOptions(performerId: string) {
  return queryOptions({
    queryKey: queryKeys.photos.ofPerformer(performerId),
    queryFn: ({ signal }) => call('listPhotos', { params: { id: performerId }, signal }),
  });
}

/**
 * getPerformer as anyone sees her (her public record; 404 when unknown or not approved). Her own
 * dashboard reads the same document through its own factory, which also caches her record
 * locally.
 */
export function performerProfileQueryOptions(performerId: string) {
  return queryOptions({
    queryKey: queryKeys.performers.detail(performerId),
    queryFn: async ({ signal }): Promise<PublicPerformerView> =>
      call('getPerformer', { params: { id: performerId }, signal }),
  });
}

/** listConversations (userType: whose list): the party's conversations, newest activity first (the chat, and the alias chooser's last identity with her). */
export function conversationsQueryOptions(partyId: string, userType: ChatParty) {
  return queryOptions({
    queryKey: queryKeys.conversations.ofParty(partyId),
    queryFn: ({ signal }) => call('listConversations', { params: { userId: partyId }, query: { userType }, signal }),
  });
}

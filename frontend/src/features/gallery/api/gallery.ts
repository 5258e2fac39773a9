import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { GalleryPage, GalleryQueryInput, GalleryTab, PublicPerformerView } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { setFromPush } from '../../../lib/push-cache';
import { AGE_RANGES, PRICE_RANGES, SORTS, type GalleryFilters } from '../components/filter-options';

export type GalleryPerformer = PublicPerformerView;

export interface GalleryParams extends GalleryFilters {
  tab: GalleryTab;
  q?: string | undefined;
  /** how many cards to load (the server's page size when absent) */
  limit?: number | undefined;
  /** the 'Ordina per' choice's label ('' or absent: online first) */
  sort?: string | undefined;
}

/** The gallery's page: only the filters that are set are sent (the client leaves out the empty ones). */
export function getGallery(params: GalleryParams, signal?: AbortSignal): Promise<GalleryPage> {
  const {
    tab,
    q,
    category,
    hairColor,
    eyeColor,
    bodyType,
    ethnicity,
    specialFeatures,
    limit,
    sort,
    language,
    age,
    price,
  } = params;
  const ages = AGE_RANGES[age ?? ''];
  const prices = PRICE_RANGES[price ?? ''];
  const query = {
    tab,
    q,
    category,
    hairColor,
    eyeColor,
    bodyType,
    ethnicity,
    specialFeatures,
    limit: limit || undefined,
    sort: SORTS[sort ?? ''],
    language: language as GalleryQueryInput['language'],
    ...ages,
    ...prices,
  };
  return call('gallery', { query, signal });
}

/** gallery: filtered on the server, with per-tab counts. */
export function galleryQueryOptions(params: GalleryParams) {
  return queryOptions({
    queryKey: queryKeys.gallery.list(params),
    queryFn: ({ signal }) => getGallery(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGallery(params: GalleryParams) {
  return useQuery(galleryQueryOptions(params));
}

export interface PresenceChange {
  performerId: string;
  isOnline: boolean;
  viewers: number;
}

/**
 * Apply a 'performer:presence' push to every cached gallery page without refetching: the card
 * flips, the counts move, and a tab that no longer matches drops her. A page of the Online tab
 * that did not hold her (she just came online) is refetched, since only the server knows
 * whether she matches its filters.
 */
export function applyPresence(queryClient: QueryClient, change: PresenceChange): void {
  const stale: (readonly unknown[])[] = [];
  for (const [key, page] of queryClient.getQueriesData<GalleryPage>({ queryKey: queryKeys.gallery.all })) {
    if (!page) continue;
    const next = applyPresenceToPage(page, tabOf(key), change);
    if (next === 'refetch') stale.push(key);
    else if (next !== page) setFromPush(queryClient, key, next);
  }
  for (const key of stale) void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

function tabOf(key: readonly unknown[]): GalleryTab {
  const params = key[2] as Partial<GalleryParams> | undefined;
  return params?.tab ?? 'all';
}

/** Pure: the page after a presence change ('refetch' when only the server can tell). */
export function applyPresenceToPage(
  page: GalleryPage,
  tab: GalleryTab,
  change: PresenceChange,
): GalleryPage | 'refetch' {
  const current = page.performers.find((p) => p.id === change.performerId);
  if (!current) {
    return change.isOnline && tab !== 'offline' ? 'refetch' : page;
  }
  const flipped = current.isOnline !== change.isOnline;
  if (!flipped && current.viewers === change.viewers) return page;
  const updated = { ...current, isOnline: change.isOnline, online: change.isOnline, viewers: change.viewers };
  const keep = tab === 'all' || tab === 'new' || (tab === 'online') === change.isOnline;
  const performers = keep
    ? page.performers.map((p) => (p.id === change.performerId ? updated : p))
    : page.performers.filter((p) => p.id !== change.performerId);
  const counts = flipped
    ? {
        all: page.counts.all,
        online: Math.max(0, page.counts.online + (change.isOnline ? 1 : -1)),
        offline: Math.max(0, page.counts.offline + (change.isOnline ? -1 : 1)),
        new: page.counts.new,
      }
    : page.counts;
  return { ...page, performers, counts };
}

/**
 * Apply a 'performer:private' push: her card and dialog say 'In privato' while she is in a
 * private session (requests to her are refused as busy meanwhile), in every cached page.
 */
export function applyPrivate(queryClient: QueryClient, change: { performerId: string; inPrivate: boolean }): void {
  for (const [key, page] of queryClient.getQueriesData<GalleryPage>({ queryKey: queryKeys.gallery.all })) {
    const next = page && applyPrivateToPage(page, change);
    if (next && next !== page) setFromPush(queryClient, key, next);
  }
}

/** Pure: the page with her private flag set (the same page when she is not on it or nothing changes). */
export function applyPrivateToPage(
  page: GalleryPage,
  change: { performerId: string; inPrivate: boolean },
): GalleryPage {
  const current = page.performers.find((p) => p.id === change.performerId);
  if (!current || current.inPrivate === change.inPrivate) return page;
  return {
    ...page,
    performers: page.performers.map((p) => (p.id === change.performerId ? { ...p, inPrivate: change.inPrivate } : p)),
  };
}

/** Her new prices (a 'performer:prices' push): cards and the open dialog show them at once, in every cached page. */
export function applyPrices(
  queryClient: QueryClient,
  change: { performerId: string; creditsPerMinute: number; messagePrice: number },
): void {
  for (const [key, page] of queryClient.getQueriesData<GalleryPage>({ queryKey: queryKeys.gallery.all })) {
    const next = page && applyPricesToPage(page, change);
    if (next && next !== page) setFromPush(queryClient, key, next);
  }
}

/** Pure: the page with her prices (the same page when she is not on it or nothing changes). */
export function applyPricesToPage(
  page: GalleryPage,
  change: { performerId: string; creditsPerMinute: number; messagePrice: number },
): GalleryPage {
  const current = page.performers.find((p) => p.id === change.performerId);
  if (
    !current ||
    (current.creditsPerMinute === change.creditsPerMinute && current.messagePrice === change.messagePrice)
  )
    return page;
  const { creditsPerMinute, messagePrice } = change;
  return {
    ...page,
    performers: page.performers.map((p) =>
      p.id === change.performerId ? { ...p, creditsPerMinute, messagePrice } : p,
    ),
  };
}

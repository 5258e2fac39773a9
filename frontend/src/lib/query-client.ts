import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';

/**
 * "Read it again" means a read that starts now. TanStack restarts a read already on its way only when
 * its query has data (`cancelRefetch`); a first read is joined instead, and answers what the server held
 * when it was asked, before the news (a push, a join, a change) that asked to read again. Such a read is
 * read again once it lands (docs/architecture.md#push-over-read).
 */
export class ReadAgainQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const firstReads = this.getQueryCache()
      .findAll(filters)
      .filter((query) => query.state.data === undefined && query.state.fetchStatus === 'fetching');
    for (const query of firstReads) {
      const again = () =>
        void super.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: filters?.refetchType });
      void query.promise?.then(again, again);
    }
    return super.invalidateQueries(filters, options);
  }
}

/**
 * React Query is the only store of server state. docs/product.md#api, #constants: data never goes stale,
 * no automatic retry, no refetch on window focus; after a successful change the relevant
 * queries are invalidated (or set from socket events).
 */
export function createQueryClient(): QueryClient {
  return new ReadAgainQueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();

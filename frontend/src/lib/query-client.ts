import { QueryClient } from '@tanstack/react-query';

/**
 * React Query is the only store of server state. docs/product.md#api, #constants: data never goes stale,
 * no automatic retry, no refetch on window focus; after a successful change the relevant
 * queries are invalidated (or set from socket events).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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

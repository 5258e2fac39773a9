import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** The development outbox: mail written as .eml under DATA_DIR/outbox (404 in production). */
export function outboxQueryOptions() {
  return queryOptions({
    queryKey: ['dev-outbox'] as const,
    queryFn: ({ signal }) => call('devOutbox', { signal }),
    refetchInterval: 2_000,
  });
}

export const useOutbox = () => useQuery(outboxQueryOptions());

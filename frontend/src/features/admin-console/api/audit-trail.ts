import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const PAGE = 25;

/** adminAuditTrail, a page at a time: newest first, the next page before the last one shown */
export function useAuditTrail() {
  return useInfiniteQuery({
    queryKey: queryKeys.admins.auditTrail,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => call('adminAuditTrail', { query: { limit: PAGE, before: pageParam }, signal }),
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
}

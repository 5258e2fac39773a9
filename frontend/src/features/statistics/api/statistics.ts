import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * getStatistics (admin). The server pushes `readmodel:changed {model: 'statistics'}` to
 * admins and the app's realtime sync refetches it.
 */
export function statisticsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.statistics.all,
    queryFn: ({ signal }) => call('getStatistics', { signal }),
  });
}

export function useStatistics() {
  return useQuery(statisticsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatisticsView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/statistics (admin). The server pushes `readmodel:changed {model: 'statistics'}` to
 * admins and the app's realtime sync refetches it.
 */
export function statisticsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.statistics.all,
    queryFn: ({ signal }) => api.get<StatisticsView>('/api/statistics', { signal }),
  });
}

export function useStatistics() {
  return useQuery(statisticsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatisticsView } from '@aura/contracts';
import { api } from '../../../lib/api-client';

/**
 * GET /api/statistics (admin). The key is the read model's name: the server pushes
 * `readmodel:changed {model: 'statistics'}` to admins and the app's realtime sync refetches it.
 */
export const statisticsKey = ['statistics'] as const;

export function statisticsQueryOptions() {
  return queryOptions({
    queryKey: statisticsKey,
    queryFn: ({ signal }) => api.get<StatisticsView>('/api/statistics', { signal }),
  });
}

export function useStatistics() {
  return useQuery(statisticsQueryOptions());
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutRunDetail, PayoutRunList, PayoutView, RunAccepted, RunPayoutsBody } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/payouts/runs: every run, newest first, and whether the provider is the TEST MODE sandbox. */
export const payoutRunsQuery = () => queryOptions({ queryKey: queryKeys.payoutRuns.list, queryFn: ({ signal }) => api.get<PayoutRunList>('/api/admin/payouts/runs', { signal }) });

/** GET /api/admin/payouts/runs/{id}: one run's payouts and carry-overs. */
export const payoutRunQuery = (runId: string) =>
  queryOptions({ queryKey: queryKeys.payoutRuns.detail(runId), queryFn: ({ signal }) => api.get<PayoutRunDetail>(`/api/admin/payouts/runs/${encodeURIComponent(runId)}`, { signal }) });

export const usePayoutRuns = () => useQuery(payoutRunsQuery());
export const usePayoutRun = (runId: string) => useQuery(payoutRunQuery(runId));

/** POST /api/admin/payouts/run: pays now, for the period ending at periodEnd (default the last closed week). */
export function useRunPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunPayoutsBody) => api.post<RunAccepted>('/api/admin/payouts/run', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.payoutRuns.all }),
  });
}

/** POST /api/admin/payouts/{id}/retry. */
export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payoutId: string) => api.post<PayoutView>(`/api/admin/payouts/${encodeURIComponent(payoutId)}/retry`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.payoutRuns.all }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RunPayoutsBody } from '@aura/contracts';
import { call, routePath } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** payoutRuns: every run, newest first, and whether the provider is the TEST MODE sandbox. */
export const payoutRunsQuery = () =>
  queryOptions({ queryKey: queryKeys.payoutRuns.list, queryFn: ({ signal }) => call('payoutRuns', { signal }) });

/** payoutRun: one run's payouts and carry-overs. */
export const payoutRunQuery = (runId: string) =>
  queryOptions({
    queryKey: queryKeys.payoutRuns.detail(runId),
    queryFn: ({ signal }) => call('payoutRun', { params: { id: runId }, signal }),
  });

export const usePayoutRuns = () => useQuery(payoutRunsQuery());
export const usePayoutRun = (runId: string) => useQuery(payoutRunQuery(runId));

/** runPayouts: pays now, for the period ending at periodEnd (default the last closed week). */
export function useRunPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunPayoutsBody) => call('runPayouts', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.payoutRuns.all }),
  });
}

/** retryPayout. */
export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payoutId: string) => call('retryPayout', { params: { id: payoutId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.payoutRuns.all }),
  });
}

/** payoutRunSepaFile: the run's pain.001 file, as a download link. */
export const sepaFileUrl = (runId: string) => routePath('payoutRunSepaFile', { params: { id: runId } });

/** markSepaFileSent: the file went to the bank; its payouts are paid. */
export function useMarkSepaSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => call('markSepaFileSent', { params: { id: runId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.payoutRuns.all }),
  });
}

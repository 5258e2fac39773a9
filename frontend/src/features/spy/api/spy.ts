import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpyView } from '@aura/contracts';
import { call } from '../../../lib/api';

const spyKeys = {
  spyable: (performerId: string) => ['spy', 'spyable', performerId] as const,
  watch: (sessionId: string) => ['spy', 'watch', sessionId] as const,
};

/** performerSpyable: her running private that spies may watch (404 when none). */
export function spyableQueryOptions(performerId: string) {
  return queryOptions({
    queryKey: spyKeys.spyable(performerId),
    queryFn: ({ signal }) => call('performerSpyable', { params: { id: performerId }, signal }),
    retry: false,
  });
}

/** getSpy: his watch, asked again every 2 s while it runs (its cost, and its end with the private). */
export function spyWatchQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: spyKeys.watch(sessionId),
    queryFn: ({ signal }) => call('getSpy', { params: { id: sessionId }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'ended' ? false : 2_000),
  });
}

/** startSpy: one key per confirmation, so a retried click gives back the same watch. */
export function useStartSpy(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { expectedPrice: number; idempotencyKey: string }) =>
      call('startSpy', {
        params: { id: sessionId },
        body: { expectedPrice: input.expectedPrice },
        idempotencyKey: input.idempotencyKey,
      }),
    onSuccess: (watch: SpyView) => queryClient.setQueryData(spyKeys.watch(sessionId), watch),
  });
}

/** endSpy: 'Esci'. */
export function useEndSpy(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('endSpy', { params: { id: sessionId } }),
    onSuccess: (watch: SpyView) => queryClient.setQueryData(spyKeys.watch(sessionId), watch),
  });
}

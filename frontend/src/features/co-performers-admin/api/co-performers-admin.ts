import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallAnswer, CallInput } from '../../../lib/api';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** How often the waiting list is read again while open (performers add people at any time). */
const REFRESH_MS = 30_000;

/** adminCoPerformers: the people on camera waiting for a decision, across performers, oldest first. */
export function usePendingCoPerformers() {
  return useQuery({
    queryKey: queryKeys.performers.coPerformersByStatus('pending'),
    queryFn: ({ signal }) => call('adminCoPerformers', { query: { status: 'pending' }, signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** appearanceRecords: who appeared in which show or photo, with the ID document behind it. */
export function useAppearanceRecords() {
  return useQuery({
    queryKey: queryKeys.performers.appearanceRecords,
    queryFn: ({ signal }) => call('appearanceRecords', { signal }),
  });
}

/**
 * decideCoPerformer: approve, or reject with the reason she receives (the console asks for the
 * second factor when the server wants it); the waiting list and her own list are read again.
 */
export function useDecideCoPerformer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; performerId: string; body: CallInput<'decideCoPerformer'>['body'] }) =>
      call('decideCoPerformer', { params: { id }, body }),
    onSuccess: async (decided, { performerId }) => {
      const pending = queryKeys.performers.coPerformersByStatus('pending');
      // out of the list at once: a read right now may still find her pending (the read model follows the log)
      queryClient.setQueryData<CallAnswer<'adminCoPerformers'>>(pending, (listed) =>
        listed?.filter((person) => person.id !== decided.id),
      );
      await queryClient.invalidateQueries({ queryKey: pending, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.performers.coPerformers(performerId) });
    },
  });
}

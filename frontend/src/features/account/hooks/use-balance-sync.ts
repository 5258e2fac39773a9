import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerToClientEvents, UserView } from '@aura/contracts';
import { setFromPush } from '../../../lib/push-cache';
import { withSocket } from '../../../lib/socket';
import { userQueryOptions } from '../api/get-user';

/**
 * Keeps the user's auracoin balance live: the server pushes `balance:changed` to the user's room
 * whenever the wallet changes, and the user query data is updated in place (no refetch, no reload).
 * Mount once, high in the tree.
 */
export function useBalanceSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      withSocket((socket) => {
        const onBalance: ServerToClientEvents['balance:changed'] = ({ userId, auracoinBalance }) => {
          const { queryKey } = userQueryOptions(userId);
          const current = queryClient.getQueryData<UserView>(queryKey);
          if (current) setFromPush(queryClient, queryKey, { ...current, auracoinBalance });
          else void queryClient.invalidateQueries({ queryKey });
        };
        socket.on('balance:changed', onBalance);
        return () => socket.off('balance:changed', onBalance);
      }),
    [queryClient],
  );
}

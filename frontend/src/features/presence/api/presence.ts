import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PresenceSummary, ServerToClientEvents } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { setFromPush } from '../../../lib/push-cache';
import { withSocket } from '../../../lib/socket';

export function presenceQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.presence.summary,
    queryFn: ({ signal }) => call('presence', { signal }),
  });
}

/** People connected right now: read once, then kept live by the 'presence:count' push. */
export function usePresence() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      withSocket((socket) => {
        const onCount: ServerToClientEvents['presence:count'] = (summary) => {
          // the push carries who is online; the approved count stays as last read
          setFromPush<PresenceSummary>(queryClient, queryKeys.presence.summary, (previous) => ({
            performersApproved: previous?.performersApproved ?? 0,
            ...summary,
          }));
        };
        // this page's own connection counts: read again once it is established
        const onConnect = () => void queryClient.invalidateQueries({ queryKey: queryKeys.presence.summary });
        socket.on('presence:count', onCount);
        socket.on('connect', onConnect);
        if (socket.connected) onConnect();
        return () => {
          socket.off('presence:count', onCount);
          socket.off('connect', onConnect);
        };
      }),
    [queryClient],
  );
  return useQuery(presenceQueryOptions());
}

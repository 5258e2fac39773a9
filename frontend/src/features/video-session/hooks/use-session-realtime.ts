import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerToClientEvents, SessionView } from '@aura/contracts';
import { queryKeys } from '../../../lib/query-keys';
import { withSocket } from '../../../lib/socket';
import { applySessionView } from '../api/sessions';

/**
 * A party's sessions live: each 'session:changed' push (requested, accepted, a minute billed, a
 * party away, ended…) is the session as this party sees it, set into the cached detail and the
 * open list; after a reconnect the session reads are fetched again (what changed meanwhile).
 * `onChange` hears each push (her dashboard announces an ended session).
 */
export function useSessionRealtime(partyId: string, onChange?: (view: SessionView) => void): void {
  const queryClient = useQueryClient();
  const listener = useRef(onChange);
  useEffect(() => {
    listener.current = onChange;
  }, [onChange]);
  useEffect(
    () =>
      withSocket((socket) => {
        let connectedOnce = socket.connected;
        const onChanged: ServerToClientEvents['session:changed'] = (view) => {
          applySessionView(queryClient, partyId, view);
          listener.current?.(view);
        };
        const onConnect = () => {
          if (connectedOnce)
            void queryClient.invalidateQueries({
              queryKey: queryKeys.sessions.all,
              predicate: (query) => query.queryKey[2] !== 'ice',
            });
          connectedOnce = true;
        };
        socket.on('session:changed', onChanged);
        socket.on('connect', onConnect);
        return () => {
          socket.off('session:changed', onChanged);
          socket.off('connect', onConnect);
        };
      }),
    [queryClient, partyId],
  );
}

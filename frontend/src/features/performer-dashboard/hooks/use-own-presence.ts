import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PerformerView, ServerToClientEvents } from '@aura/contracts';
import { queryKeys } from '../../../lib/query-keys';
import { setStoredPerformer } from '../../../lib/session-storage';
import { setFromPush } from '../../../lib/push-cache';
import { withSocket } from '../../../lib/socket';

/** Her own Online/Offline follows the server live (an admin switch, or the disconnect grace period). */
export function useOwnPresence(performerId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      withSocket((socket) => {
        const onPresence: ServerToClientEvents['performer:presence'] = ({ performerId: id, isOnline }) => {
          if (id !== performerId) return;
          const current = queryClient.getQueryData<PerformerView>(queryKeys.performers.detail(performerId));
          if (!current || current.isOnline === isOnline) return;
          const next = { ...current, isOnline, online: isOnline };
          setFromPush(queryClient, queryKeys.performers.detail(performerId), next);
          setStoredPerformer(next);
        };
        socket.on('performer:presence', onPresence);
        return () => socket.off('performer:presence', onPresence);
      }),
    [performerId, queryClient],
  );
}

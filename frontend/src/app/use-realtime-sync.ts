import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@aura/contracts';
import { keysToRefetch } from '../lib/query-keys';
import { withSocket } from '../lib/socket';

/**
 * `readmodel:changed { model, id? }` refetches the matching reads: every query of the model, or
 * the document's queries and the model's lists (the key convention of `lib/query-keys.ts`). A
 * connection the server could not recover (the first one of a page, or back after a longer break)
 * missed the pushes sent without it: what is on screen is read again (docs/architecture.md#realtime-recovery).
 */
export function useReadModelSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      withSocket((socket) => {
        const onChanged: ServerToClientEvents['readmodel:changed'] = ({ model, id }) => {
          for (const queryKey of keysToRefetch(model, id)) void queryClient.invalidateQueries({ queryKey });
        };
        const onConnect = () => {
          if (!socket.recovered) void queryClient.invalidateQueries({ type: 'active' });
        };
        socket.on('readmodel:changed', onChanged);
        socket.on('connect', onConnect);
        return () => {
          socket.off('readmodel:changed', onChanged);
          socket.off('connect', onConnect);
        };
      }),
    [queryClient],
  );
}

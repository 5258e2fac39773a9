import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@aura/contracts';
import { keysToRefetch } from '../lib/query-keys';
import { withSocket } from '../lib/socket';

/**
 * `readmodel:changed { model, id? }` refetches the matching reads: every query of the model, or
 * the document's queries and the model's lists (the key convention of `lib/query-keys.ts`).
 */
export function useReadModelSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      withSocket((socket) => {
        const onChanged: ServerToClientEvents['readmodel:changed'] = ({ model, id }) => {
          for (const queryKey of keysToRefetch(model, id)) void queryClient.invalidateQueries({ queryKey });
        };
        socket.on('readmodel:changed', onChanged);
        return () => socket.off('readmodel:changed', onChanged);
      }),
    [queryClient],
  );
}

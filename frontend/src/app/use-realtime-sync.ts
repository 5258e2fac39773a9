import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@aura/contracts';
import { getSocket } from '../lib/socket';

/**
 * `readmodel:changed { model, id? }` invalidates the matching reads. Convention for every
 * query-options factory: the key starts with the read model's name, then the document id
 * (e.g. ['users', id]); so `{ model: 'users', id }` refetches that user's queries and
 * `{ model: 'packages' }` every packages query.
 */
export function useReadModelSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onChanged: ServerToClientEvents['readmodel:changed'] = ({ model, id }) => {
      void queryClient.invalidateQueries({ queryKey: id === undefined ? [model] : [model, id] });
    };
    socket.on('readmodel:changed', onChanged);
    return () => {
      socket.off('readmodel:changed', onChanged);
    };
  }, [queryClient]);
}

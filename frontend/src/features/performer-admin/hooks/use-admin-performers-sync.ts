import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@aura/contracts';
import { getSocket } from '../../../lib/socket';
import { adminPerformerKeys } from '../api/admin-performers';

/**
 * The admin lists follow the server: a new registration ('performers-pending') or any change of
 * a performer ('performers') refetches them, so an open tab never shows stale rows.
 */
export function useAdminPerformersSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onChanged: ServerToClientEvents['readmodel:changed'] = ({ model }) => {
      if (model === 'performers-pending') void queryClient.invalidateQueries({ queryKey: adminPerformerKeys.pending });
      else if (model === 'performers') void queryClient.invalidateQueries({ queryKey: adminPerformerKeys.all });
    };
    socket.on('readmodel:changed', onChanged);
    return () => {
      socket.off('readmodel:changed', onChanged);
    };
  }, [queryClient]);
}

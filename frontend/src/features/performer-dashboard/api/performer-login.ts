import { useMutation } from '@tanstack/react-query';
import type { PerformerView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { reconnectSocket } from '../../../lib/socket';
import { clearStoredPerformer, setStoredPerformer } from '../../../lib/session-storage';

/**
 * POST /api/performer/login. An approved performer is stored locally (spec §3) and the socket
 * re-opened with her session (her presence depends on it); a pending or rejected one is not.
 */
export function usePerformerLogin() {
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => api.post<PerformerView>('/api/performer/login', body),
    onSuccess: (performer) => {
      if (performer.verificationStatus === 'approved') setStoredPerformer(performer);
      else clearStoredPerformer();
      reconnectSocket();
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { call, type CallInput } from '../../../lib/api';
import { reconnectSocket } from '../../../lib/socket';
import { clearStoredPerformer, setStoredPerformer } from '../../../lib/session-storage';

/**
 * performerLogin. An approved performer is stored locally (docs/product.md#entities) and the socket
 * re-opened with her session (her presence depends on it); a pending or rejected one is not.
 */
export function usePerformerLogin() {
  return useMutation({
    mutationFn: (body: CallInput<'performerLogin'>['body']) => call('performerLogin', { body }),
    onSuccess: (performer) => {
      if (performer.verificationStatus === 'approved') setStoredPerformer(performer);
      else clearStoredPerformer();
      reconnectSocket();
    },
  });
}

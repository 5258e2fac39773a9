import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { call } from '../../../lib/api';
import { clearStoredUser } from '../../../lib/session-storage';

/** logout: the server ends the session. */
export function logoutUser(): Promise<{ ok: true }> {
  return call('logout');
}

/**
 * Sign out: end the server session, forget the local entries and every cached server read,
 * and go home (docs/product.md#states). Local entries are cleared even if the call fails, since the person
 * asked to leave.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logoutUser,
    onSettled: async () => {
      // leave the signed-in page first, so its "not signed in → /login" guard never fires
      await navigate('/', { replace: true, flushSync: true });
      clearStoredUser();
      queryClient.removeQueries();
    },
  });
}

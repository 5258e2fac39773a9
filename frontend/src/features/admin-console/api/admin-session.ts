import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSession, AdminVerifyBody } from '@aura/contracts';
import { call } from '../../../lib/api';
import { errorStatus } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { reconnectSocket } from '../../../lib/socket';

/**
 * adminMe: the signed-in admin, or null when the session is not an (active) admin's.
 * The admin session is an httpOnly cookie, so a reload of /admin finds it again.
 */
export function adminSessionQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admins.session,
    queryFn: async ({ signal }): Promise<AdminSession | null> => {
      try {
        return await call('adminMe', { signal });
      } catch (error) {
        const status = errorStatus(error);
        if (status === 401 || status === 403) return null;
        throw error;
      }
    },
  });
}

export function useAdminSession() {
  return useQuery(adminSessionQueryOptions());
}

/** adminVerify {username, password} → {admin}; opens the admin session. */
export function useAdminVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminVerifyBody) => call('adminVerify', { body }),
    onSuccess: (session) => {
      queryClient.setQueryData(queryKeys.admins.session, session);
      // the socket handshake must carry the admin cookie to join the admins' room
      reconnectSocket();
    },
  });
}

/** logout; forgets the admin record and every admin read. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('logout'),
    onSettled: () => {
      queryClient.setQueryData(queryKeys.admins.session, null);
      queryClient.removeQueries({ queryKey: queryKeys.admins.list });
      queryClient.removeQueries({ queryKey: queryKeys.statistics.all });
      queryClient.removeQueries({ queryKey: queryKeys.users.list });
      reconnectSocket();
    },
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSession, AdminVerifyBody } from '@aura/contracts';
import { api, errorStatus } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { reconnectSocket } from '../../../lib/socket';

/**
 * GET /api/admin/me: the signed-in admin, or null when the session is not an (active) admin's.
 * The admin session is an httpOnly cookie, so a reload of /admin finds it again.
 */
export function adminSessionQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admins.session,
    queryFn: async ({ signal }): Promise<AdminSession | null> => {
      try {
        return await api.get<AdminSession>('/api/admin/me', { signal });
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

/** POST /api/admin/verify {username, password} → {admin}; opens the admin session. */
export function useAdminVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminVerifyBody) => api.post<AdminSession>('/api/admin/verify', body),
    onSuccess: (session) => {
      queryClient.setQueryData(queryKeys.admins.session, session);
      // the socket handshake must carry the admin cookie to join the admins' room
      reconnectSocket();
    },
  });
}

/** POST /api/logout; forgets the admin record and every admin read. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/logout'),
    onSettled: () => {
      queryClient.setQueryData(queryKeys.admins.session, null);
      queryClient.removeQueries({ queryKey: queryKeys.admins.list });
      queryClient.removeQueries({ queryKey: queryKeys.statistics.all });
      queryClient.removeQueries({ queryKey: queryKeys.users.list });
      reconnectSocket();
    },
  });
}

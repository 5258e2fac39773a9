import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/users (admin) */
export function adminUsersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.users.list,
    queryFn: ({ signal }) => api.get<UserView[]>('/api/users', { signal }),
  });
}

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}

function useUsersMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.list });
      await queryClient.invalidateQueries({ queryKey: queryKeys.statistics.all });
    },
  });
}

/** PATCH /api/users/{id} {auracoinBalance}: an AuracoinAdjusted event carrying the admin's id. */
export function useUpdateUserBalance() {
  return useUsersMutation(({ id, auracoinBalance }: { id: string; auracoinBalance: number }) =>
    api.patch<UserView>(`/api/users/${encodeURIComponent(id)}`, { auracoinBalance }),
  );
}

/** DELETE /api/users/{id}: personal data anonymised, ledger kept. */
export function useDeleteUser() {
  return useUsersMutation((id: string) => api.delete<{ ok: true }>(`/api/users/${encodeURIComponent(id)}`));
}

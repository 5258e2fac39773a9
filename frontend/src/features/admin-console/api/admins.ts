import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminView, CreateAdminInput } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admins */
export function adminsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admins.list,
    queryFn: ({ signal }) => api.get<AdminView[]>('/api/admins', { signal }),
  });
}

export function useAdmins() {
  return useQuery(adminsQueryOptions());
}

function useAdminMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admins.list }),
  });
}

/** POST /api/admins {fullName, username, email, password, role} */
export function useCreateAdmin() {
  return useAdminMutation((body: CreateAdminInput) => api.post<AdminView>('/api/admins', body));
}

/** PATCH /api/admins/{id} {isActive} */
export function useSetAdminActive() {
  return useAdminMutation(({ id, isActive }: { id: string; isActive: boolean }) =>
    api.patch<AdminView>(`/api/admins/${encodeURIComponent(id)}`, { isActive }),
  );
}

/** DELETE /api/admins/{id} */
export function useDeleteAdmin() {
  return useAdminMutation((id: string) => api.delete<{ ok: true }>(`/api/admins/${encodeURIComponent(id)}`));
}

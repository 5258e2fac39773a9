import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateAdminInput } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** listAdmins */
export function adminsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admins.list,
    queryFn: ({ signal }) => call('listAdmins', { signal }),
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

/** createAdmin {fullName, username, email, password, role} */
export function useCreateAdmin() {
  return useAdminMutation((body: CreateAdminInput) => call('createAdmin', { body }));
}

/** updateAdmin {isActive} */
export function useSetAdminActive() {
  return useAdminMutation(({ id, isActive }: { id: string; isActive: boolean }) =>
    call('updateAdmin', { params: { id }, body: { isActive } }),
  );
}

/** deleteAdmin */
export function useDeleteAdmin() {
  return useAdminMutation((id: string) => call('deleteAdmin', { params: { id } }));
}

/** resetAdminMfa: another admin's lost second factor; she is signed out and enrols again. */
export function useResetAdminMfa() {
  return useAdminMutation((id: string) => call('resetAdminMfa', { params: { id } }));
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** listUsers (admin) */
export function adminUsersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.users.list,
    queryFn: ({ signal }) => call('listUsers', { signal }),
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

/** updateUser {auracoinBalance}: an AuracoinAdjusted event carrying the admin's id. */
export function useUpdateUserBalance() {
  return useUsersMutation(({ id, auracoinBalance }: { id: string; auracoinBalance: number }) =>
    call('updateUser', { params: { id }, body: { auracoinBalance } }),
  );
}

/** deleteUser: personal data anonymised, ledger kept. */
export function useDeleteUser() {
  return useUsersMutation((id: string) => call('deleteUser', { params: { id } }));
}

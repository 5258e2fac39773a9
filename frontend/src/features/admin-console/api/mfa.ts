import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** adminMfaStatus: her second factor (enrolled, pending, mandatory). */
export const adminMfaQuery = () =>
  queryOptions({ queryKey: queryKeys.admins.mfa, queryFn: ({ signal }) => call('adminMfaStatus', { signal }) });
export const useAdminMfa = (enabled = true) => useQuery({ ...adminMfaQuery(), enabled });

/** adminMfaEnroll: a new secret, its otpauth URL and the recovery codes (shown once). */
export function useEnrollMfa() {
  return useMutation({ mutationFn: () => call('adminMfaEnroll') });
}

/** adminMfaConfirm {code}: enrolled from now on. */
export function useConfirmMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call('adminMfaConfirm', { body: { code } }),
    onSuccess: (status) => {
      queryClient.setQueryData(queryKeys.admins.mfa, status);
      // what the console was refused before enrolling may be read now
      void queryClient.invalidateQueries();
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALIAS_PRICE_AURACOIN } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { aliasesQueryOptions } from '../../../lib/shared-queries';

export function useAliases(userId: string | undefined) {
  return useQuery({ ...aliasesQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** createAlias {aliasName, price: 50}, with an idempotency key per attempt. */
export function useCreateAlias(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ aliasName, idempotencyKey }: { aliasName: string; idempotencyKey: string }) =>
      call('createAlias', { params: { userId }, body: { aliasName, price: ALIAS_PRICE_AURACOIN }, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.aliases.ofUser(userId) }),
  });
}

/** deleteAlias */
export function useDeleteAlias(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (aliasId: string) => call('deleteAlias', { params: { id: aliasId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.aliases.ofUser(userId) }),
  });
}

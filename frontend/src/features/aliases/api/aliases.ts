import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALIAS_PRICE_AURACOIN, type AliasView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { aliasesQueryOptions } from '../../../lib/shared-queries';

export function useAliases(userId: string | undefined) {
  return useQuery({ ...aliasesQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** POST /api/users/{userId}/aliases {aliasName, price: 50}, with an idempotency key per attempt. */
export function useCreateAlias(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ aliasName, idempotencyKey }: { aliasName: string; idempotencyKey: string }) =>
      api.post<AliasView>(
        `/api/users/${encodeURIComponent(userId)}/aliases`,
        { aliasName, price: ALIAS_PRICE_AURACOIN },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.aliases.ofUser(userId) }),
  });
}

/** DELETE /api/aliases/{id} */
export function useDeleteAlias(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (aliasId: string) => api.delete<{ ok: true }>(`/api/aliases/${encodeURIComponent(aliasId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.aliases.ofUser(userId) }),
  });
}

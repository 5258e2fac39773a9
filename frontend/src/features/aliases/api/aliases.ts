import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALIAS_PRICE_AURACOIN, type AliasView } from '@aura/contracts';
import { api } from '../../../lib/api-client';

export const aliasKeys = {
  ofUser: (userId: string) => ['aliases', userId] as const,
};

/** GET /api/users/{userId}/aliases */
export function aliasesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: aliasKeys.ofUser(userId),
    queryFn: ({ signal }) => api.get<AliasView[]>(`/api/users/${encodeURIComponent(userId)}/aliases`, { signal }),
  });
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aliasKeys.ofUser(userId) }),
  });
}

/** DELETE /api/aliases/{id} */
export function useDeleteAlias(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (aliasId: string) => api.delete<{ ok: true }>(`/api/aliases/${encodeURIComponent(aliasId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aliasKeys.ofUser(userId) }),
  });
}

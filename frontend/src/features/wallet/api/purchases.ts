import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PurchaseView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function purchaseQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.purchases.detail(id),
    queryFn: ({ signal }) => api.get<PurchaseView>(`/api/purchases/${encodeURIComponent(id)}`, { signal }),
  });
}

export function usePurchase(id: string | null) {
  return useQuery({ ...purchaseQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** POST /api/purchases with an Idempotency-Key: opens a checkout; the caller sends the buyer to it. */
export function useStartPurchase() {
  return useMutation({
    mutationFn: ({ packageId, idempotencyKey }: { packageId: string; idempotencyKey: string }) =>
      api.post<PurchaseView>('/api/purchases', { packageId }, { headers: { 'Idempotency-Key': idempotencyKey } }),
  });
}

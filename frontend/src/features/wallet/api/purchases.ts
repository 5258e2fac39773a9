import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function purchaseQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.purchases.detail(id),
    queryFn: ({ signal }) => call('getPurchase', { params: { id }, signal }),
  });
}

export function usePurchase(id: string | null) {
  return useQuery({ ...purchaseQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** createPurchase with an Idempotency-Key: opens a checkout; the caller sends the buyer to it. */
export function useStartPurchase() {
  return useMutation({
    mutationFn: ({ packageId, idempotencyKey }: { packageId: string; idempotencyKey: string }) =>
      call('createPurchase', { body: { packageId }, idempotencyKey }),
  });
}

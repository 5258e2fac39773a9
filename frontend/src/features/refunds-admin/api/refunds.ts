import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CloseDisputeBody, RefundInput, SaleSearchInput } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** listRefunds: every refund, newest first. */
export const refundsQuery = () =>
  queryOptions({ queryKey: queryKeys.refunds.list, queryFn: ({ signal }) => call('listRefunds', { signal }) });
/** listDisputes: every card dispute with its trace and outcome. */
export const disputesQuery = () =>
  queryOptions({ queryKey: queryKeys.disputes.list, queryFn: ({ signal }) => call('listDisputes', { signal }) });

export const useRefunds = () => useQuery(refundsQuery());

/** searchRefundableSales: the sales found by buyer, performer and days (null: not searched yet). */
export const useSaleSearch = (query: SaleSearchInput | null) =>
  useQuery({
    queryKey: queryKeys.refunds.sales(query ?? {}),
    queryFn: ({ signal }) => call('searchRefundableSales', { query: query ?? {}, signal }),
    enabled: query !== null,
  });
export const useDisputes = () => useQuery(disputesQuery());

/** issueRefund. */
export function useIssueRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundInput) => call('issueRefund', { body }),
    // the list and the searched sales (what is left of the sale) read again
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.refunds.list }),
  });
}

/** sandboxOpenDispute (TEST MODE): the cardholder disputes a paid purchase. */
export function useOpenTestDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchaseId: string) => call('sandboxOpenDispute', { params: { purchaseId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.disputes.list }),
  });
}

/** sandboxCloseDispute (TEST MODE): the card network decides. */
export function useCloseTestDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string } & CloseDisputeBody) =>
      call('sandboxCloseDispute', { params: { id }, body: { outcome } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.disputes.list }),
  });
}

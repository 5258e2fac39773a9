import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutDetailsInput, PayoutDetailsView, PayoutSummary, PayoutView, StatementDetail, StatementView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const base = (performerId: string) => `/api/performers/${encodeURIComponent(performerId)}`;

/** GET /api/performers/{id}/payouts/summary: unpaid balance, reserve, next payout date and amount. */
export const payoutSummaryQuery = (performerId: string) =>
  queryOptions({ queryKey: queryKeys.payouts.summary(performerId), queryFn: ({ signal }) => api.get<PayoutSummary>(`${base(performerId)}/payouts/summary`, { signal }) });

/** GET /api/performers/{id}/payouts: her payout history. */
export const payoutHistoryQuery = (performerId: string) =>
  queryOptions({ queryKey: queryKeys.payouts.history(performerId), queryFn: ({ signal }) => api.get<PayoutView[]>(`${base(performerId)}/payouts`, { signal }) });

/** GET /api/performers/{id}/statements: her weekly statements, newest first. */
export const statementsQuery = (performerId: string) =>
  queryOptions({ queryKey: queryKeys.payouts.statements(performerId), queryFn: ({ signal }) => api.get<StatementView[]>(`${base(performerId)}/statements`, { signal }) });

/** GET /api/performers/{id}/statements/{weekStart}: one week with every earning. */
export const statementQuery = (performerId: string, weekStart: string) =>
  queryOptions({
    queryKey: queryKeys.payouts.statement(performerId, weekStart),
    queryFn: ({ signal }) => api.get<StatementDetail>(`${base(performerId)}/statements/${encodeURIComponent(weekStart)}`, { signal }),
  });

/** GET /api/performers/{id}/payout-details: where she is paid, masked, and her trail. */
export const payoutDetailsQuery = (performerId: string) =>
  queryOptions({ queryKey: queryKeys.payouts.details(performerId), queryFn: ({ signal }) => api.get<PayoutDetailsView>(`${base(performerId)}/payout-details`, { signal }) });

export const usePayoutSummary = (performerId: string) => useQuery(payoutSummaryQuery(performerId));
export const usePayoutHistory = (performerId: string) => useQuery(payoutHistoryQuery(performerId));
export const useStatements = (performerId: string) => useQuery(statementsQuery(performerId));
export const useStatement = (performerId: string, weekStart: string) => useQuery({ ...statementQuery(performerId, weekStart), enabled: Boolean(performerId && weekStart) });
export const usePayoutDetails = (performerId: string) => useQuery(payoutDetailsQuery(performerId));

/** PUT /api/performers/{id}/payout-details: effective from the next payout week. */
export function useSavePayoutDetails(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDetailsInput) => api.put<PayoutDetailsView>(`${base(performerId)}/payout-details`, body),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeys.payouts.details(performerId), view);
      void queryClient.invalidateQueries({ queryKey: queryKeys.payouts.summary(performerId) });
    },
  });
}

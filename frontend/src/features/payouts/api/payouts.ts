import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutDetailsInput } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** performerPayoutSummary: unpaid balance, reserve, next payout date and amount. */
export const payoutSummaryQuery = (performerId: string) =>
  queryOptions({
    queryKey: queryKeys.payouts.summary(performerId),
    queryFn: ({ signal }) => call('performerPayoutSummary', { params: { id: performerId }, signal }),
  });

/** performerPayouts: her payout history. */
export const payoutHistoryQuery = (performerId: string) =>
  queryOptions({
    queryKey: queryKeys.payouts.history(performerId),
    queryFn: ({ signal }) => call('performerPayouts', { params: { id: performerId }, signal }),
  });

/** performerStatements: her weekly statements, newest first. */
export const statementsQuery = (performerId: string) =>
  queryOptions({
    queryKey: queryKeys.payouts.statements(performerId),
    queryFn: ({ signal }) => call('performerStatements', { params: { id: performerId }, signal }),
  });

/** performerStatement: one week with every earning. */
export const statementQuery = (performerId: string, weekStart: string) =>
  queryOptions({
    queryKey: queryKeys.payouts.statement(performerId, weekStart),
    queryFn: ({ signal }) => call('performerStatement', { params: { id: performerId, weekStart }, signal }),
  });

/** payoutDetails: where she is paid, masked, and her trail. */
export const payoutDetailsQuery = (performerId: string) =>
  queryOptions({
    queryKey: queryKeys.payouts.details(performerId),
    queryFn: ({ signal }) => call('payoutDetails', { params: { id: performerId }, signal }),
  });

export const usePayoutSummary = (performerId: string) => useQuery(payoutSummaryQuery(performerId));
export const usePayoutHistory = (performerId: string) => useQuery(payoutHistoryQuery(performerId));
export const useStatements = (performerId: string) => useQuery(statementsQuery(performerId));
export const useStatement = (performerId: string, weekStart: string) =>
  useQuery({ ...statementQuery(performerId, weekStart), enabled: Boolean(performerId && weekStart) });
export const usePayoutDetails = (performerId: string) => useQuery(payoutDetailsQuery(performerId));

/** setPayoutDetails: effective from the next payout week. */
export function useSavePayoutDetails(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDetailsInput) => call('setPayoutDetails', { params: { id: performerId }, body }),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeys.payouts.details(performerId), view);
      void queryClient.invalidateQueries({ queryKey: queryKeys.payouts.summary(performerId) });
    },
  });
}

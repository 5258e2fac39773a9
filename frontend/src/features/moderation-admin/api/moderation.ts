import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DecisionInput, EndShowInput } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { withSocket } from '../../../lib/socket';

/** How often the live monitoring reads again between pushes (viewers, tips and frames move on their own). */
const MONITORING_REFRESH_MS = 5_000;

/** listReports: the reports of a status, oldest first. */
export const useReports = (status: 'open' | 'decided') =>
  useQuery({
    queryKey: queryKeys.moderation.reports(status),
    queryFn: ({ signal }) => call('listReports', { query: { status }, signal }),
  });

/** listAppeals: the appeals of a status, oldest first. */
export const useAppeals = (status: 'open' | 'decided') =>
  useQuery({
    queryKey: queryKeys.moderation.appeals(status),
    queryFn: ({ signal }) => call('listAppeals', { query: { status }, signal }),
  });

function useModerationMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['moderation'] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.shows.monitoring });
    },
  });
}

/** decideReport: the action applied and the statement of reasons issued (second factor). */
export const useDecideReport = () =>
  useModerationMutation(({ id, body }: { id: string; body: DecisionInput }) =>
    call('decideReport', { params: { id }, body }),
  );

/** decideAppeal: by an admin other than the one who decided (second factor). */
export const useDecideAppeal = () =>
  useModerationMutation(({ id, body }: { id: string; body: { outcome: 'upheld' | 'reversed'; statement: string } }) =>
    call('decideAppeal', { params: { id }, body }),
  );

/** adminEndShow: her show ended, with a statement of reasons to her (second factor). */
export const useEndShow = () =>
  useModerationMutation(({ id, body }: { id: string; body: EndShowInput }) =>
    call('adminEndShow', { params: { id }, body }),
  );

/**
 * adminLive: the running shows and private sessions, read again as soon as a show starts, pauses
 * or ends ('show:status' reaches every socket) and every few seconds for viewers, tips and frames.
 */
export function useAdminLive() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      withSocket((socket) => {
        const refetch = () => void queryClient.invalidateQueries({ queryKey: queryKeys.shows.monitoring });
        socket.on('show:status', refetch);
        return () => {
          socket.off('show:status', refetch);
        };
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: queryKeys.shows.monitoring,
    queryFn: ({ signal }) => call('adminLive', { signal }),
    refetchInterval: MONITORING_REFRESH_MS,
  });
}

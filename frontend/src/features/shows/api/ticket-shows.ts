import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnounceTicketShowInput, TicketShowView } from '@aura/contracts';
import { call } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withSocket } from '../../../lib/socket';

/** The show's ticketed part, or null when none was announced (404 ticket_show_none). */
export function useTicketShow(showId: string | null) {
  return useQuery({
    queryKey: queryKeys.shows.ticketShow(showId ?? ''),
    enabled: showId !== null,
    queryFn: async ({ signal }): Promise<TicketShowView | null> => {
      try {
        return await call('getTicketShow', { params: { id: showId! }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.problem?.code === 'ticket_show_none') return null;
        throw error;
      }
    },
  });
}

/** The room's 'show:ticket-show' pushes (announced, a ticket sold, started, closed): the page reads it again. */
export function useTicketShowPushes(showId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!showId) return undefined;
    return withSocket((socket) => {
      const changed = (payload: { showId: string }) => {
        if (payload.showId !== showId) return;
        void queryClient.invalidateQueries({ queryKey: queryKeys.shows.ticketShow(showId) });
      };
      socket.on('show:ticket-show', changed);
      return () => void socket.off('show:ticket-show', changed);
    });
  }, [queryClient, showId]);
}

export function useAnnounceTicketShow(showId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnounceTicketShowInput) => call('announceTicketShow', { params: { id: showId }, body }),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.shows.ticketShow(showId), view),
  });
}

export function useCancelTicketShow(showId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('cancelTicketShow', { params: { id: showId } }),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.shows.ticketShow(showId), view),
  });
}

/** He buys a ticket: one key per click, so a retried request is the same purchase. */
export function useBuyTicket(showId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('buyShowTicket', { params: { id: showId }, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.shows.ticketShow(showId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}

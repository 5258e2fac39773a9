import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RequestSessionBody, SessionView } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { isNewer, withSession } from './cache';

/** getSession: the session as the caller (one of its two parties) sees it. */
export function sessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: queryKeys.sessions.detail(sessionId),
    queryFn: ({ signal }) => call('getSession', { params: { id: sessionId }, signal }),
  });
}

/** listOpenSessions: the caller's requested and active sessions (a user's own, or requests to her and her running one). */
export function openSessionsQueryOptions(partyId: string) {
  return queryOptions({
    queryKey: queryKeys.sessions.open(partyId),
    queryFn: async ({ signal }) => (await call('listOpenSessions', { signal })).sessions,
  });
}

/** sessionIceConfig: fetched afresh for each peer connection (TURN credentials expire). */
export function iceConfigQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: queryKeys.sessions.ice(sessionId),
    queryFn: ({ signal }) => call('sessionIceConfig', { params: { id: sessionId }, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** A session as a party now sees it (an answer or a 'session:changed' push): its detail and the open list. */
export function applySessionView(queryClient: QueryClient, partyId: string, view: SessionView): void {
  queryClient.setQueryData<SessionView>(queryKeys.sessions.detail(view.id), (current) =>
    current && !isNewer(view, current) ? current : view,
  );
  queryClient.setQueryData<SessionView[]>(queryKeys.sessions.open(partyId), (list) => withSession(list, view));
}

function useSessionMutation<Input>(partyId: string, call: (input: Input) => Promise<SessionView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => applySessionView(queryClient, partyId, view),
  });
}

/** requestSession {performerId, aliasId?}: the user asks her; the minimum is held. */
export function useRequestSession(userId: string) {
  return useSessionMutation(userId, (body: RequestSessionBody) => call('requestSession', { body }));
}

/** acceptSession (her): minute 1 is billed. */
export function useAcceptSession(performerId: string) {
  return useSessionMutation(performerId, (sessionId: string) => call('acceptSession', { params: { id: sessionId } }));
}

/** declineSession (her): the user's hold is released. */
export function useDeclineSession(performerId: string) {
  return useSessionMutation(performerId, (sessionId: string) => call('declineSession', { params: { id: sessionId } }));
}

/** endSession (either party; the user may withdraw a request). */
export function useEndSession(partyId: string) {
  return useSessionMutation(partyId, (sessionId: string) => call('endSession', { params: { id: sessionId } }));
}

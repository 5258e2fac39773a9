import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { IceConfig, RequestSessionBody, SessionView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isNewer, withSession } from './cache';

const sessionUrl = (id: string, action = '') => `/api/sessions/${encodeURIComponent(id)}${action}`;

/** GET /api/sessions/{id}: the session as the caller (one of its two parties) sees it. */
export function sessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: queryKeys.sessions.detail(sessionId),
    queryFn: ({ signal }) => api.get<SessionView>(sessionUrl(sessionId), { signal }),
  });
}

/** GET /api/sessions: the caller's requested and active sessions (a user's own, or requests to her and her running one). */
export function openSessionsQueryOptions(partyId: string) {
  return queryOptions({
    queryKey: queryKeys.sessions.open(partyId),
    queryFn: async ({ signal }) => (await api.get<{ sessions: SessionView[] }>('/api/sessions', { signal })).sessions,
  });
}

/** GET /api/sessions/{id}/ice: fetched afresh for each peer connection (TURN credentials expire). */
export function iceConfigQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: queryKeys.sessions.ice(sessionId),
    queryFn: ({ signal }) => api.get<IceConfig>(sessionUrl(sessionId, '/ice'), { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** A session as a party now sees it (an answer or a 'session:changed' push): its detail and the open list. */
export function applySessionView(queryClient: QueryClient, partyId: string, view: SessionView): void {
  queryClient.setQueryData<SessionView>(queryKeys.sessions.detail(view.id), (current) => (current && !isNewer(view, current) ? current : view));
  queryClient.setQueryData<SessionView[]>(queryKeys.sessions.open(partyId), (list) => withSession(list, view));
}

function useSessionMutation<Input>(partyId: string, call: (input: Input) => Promise<SessionView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => applySessionView(queryClient, partyId, view),
  });
}

/** POST /api/sessions {performerId, aliasId?}: the user asks her; the minimum is held. */
export function useRequestSession(userId: string) {
  return useSessionMutation(userId, (body: RequestSessionBody) => api.post<SessionView>('/api/sessions', body));
}

/** POST /api/sessions/{id}/accept (her): minute 1 is billed. */
export function useAcceptSession(performerId: string) {
  return useSessionMutation(performerId, (sessionId: string) => api.post<SessionView>(sessionUrl(sessionId, '/accept')));
}

/** POST /api/sessions/{id}/decline (her): the user's hold is released. */
export function useDeclineSession(performerId: string) {
  return useSessionMutation(performerId, (sessionId: string) => api.post<SessionView>(sessionUrl(sessionId, '/decline')));
}

/** POST /api/sessions/{id}/end (either party; the user may withdraw a request). */
export function useEndSession(partyId: string) {
  return useSessionMutation(partyId, (sessionId: string) => api.post<SessionView>(sessionUrl(sessionId, '/end')));
}

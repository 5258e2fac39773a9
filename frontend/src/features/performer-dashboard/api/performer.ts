import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarningsSeries, PerformerPatchInput, PerformerView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { reconnectSocket } from '../../../lib/socket';
import { clearStoredPerformer, setStoredPerformer } from '../../../lib/session-storage';

/** GET /api/performers/{id}: her full record (she is signed in). */
export function performerQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.performers.detail(id),
    queryFn: async ({ signal }) => {
      const performer = await api.get<PerformerView>(`/api/performers/${encodeURIComponent(id)}`, { signal });
      setStoredPerformer(performer);
      return performer;
    },
  });
}

export function usePerformer(id: string | undefined) {
  return useQuery({ ...performerQueryOptions(id ?? ''), enabled: Boolean(id) });
}

export function useEarnings(id: string) {
  return useQuery({
    queryKey: queryKeys.earnings.ofPerformer(id),
    queryFn: ({ signal }) => api.get<EarningsSeries>(`/api/performers/${encodeURIComponent(id)}/earnings`, { signal }),
  });
}

/** PATCH /api/performers/{id}: bio, online switch, own profile. Caches the answer locally. */
export function useUpdatePerformer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PerformerPatchInput) => api.patch<PerformerView>(`/api/performers/${encodeURIComponent(id)}`, body),
    onSuccess: (performer) => {
      queryClient.setQueryData(queryKeys.performers.detail(id), performer);
      setStoredPerformer(performer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.gallery.all });
    },
  });
}

/** POST /api/logout, then forget her here and re-open the socket as a visitor. */
export function usePerformerLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/logout').catch(() => undefined),
    onSettled: () => {
      clearStoredPerformer();
      queryClient.removeQueries({ queryKey: queryKeys.performers.all });
      queryClient.removeQueries({ queryKey: queryKeys.earnings.all });
      reconnectSocket();
    },
  });
}

/** PUT /api/performers/{id}/geoblock: the countries she is hidden from (decided on the server). */
export function useSetGeoblock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (countries: string[]) => api.put<PerformerView>(`/api/performers/${encodeURIComponent(id)}/geoblock`, { countries }),
    onSuccess: (performer) => {
      queryClient.setQueryData(queryKeys.performers.detail(id), performer);
      setStoredPerformer(performer);
    },
  });
}

/** DELETE /api/performers/{id}/blocked-users/{userId}. */
export function useUnblockUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.delete<PerformerView>(`/api/performers/${encodeURIComponent(id)}/blocked-users/${encodeURIComponent(userId)}`),
    onSuccess: (performer) => {
      queryClient.setQueryData(queryKeys.performers.detail(id), performer);
      setStoredPerformer(performer);
    },
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PerformerPatchInput, PerformerView, ScheduleSlot } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { reconnectSocket } from '../../../lib/socket';
import { clearStoredPerformer, setStoredPerformer } from '../../../lib/session-storage';

/** getPerformer: her full record (she is signed in; others get the public view). */
export function performerQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.performers.detail(id),
    queryFn: async ({ signal }) => {
      const performer = (await call('getPerformer', { params: { id }, signal })) as PerformerView;
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
    queryFn: ({ signal }) => call('performerEarnings', { params: { id }, signal }),
  });
}

/** updatePerformer: bio, online switch, own profile. Caches the answer locally. */
export function useUpdatePerformer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PerformerPatchInput) => call('updatePerformer', { params: { id }, body }),
    onSuccess: (performer) => {
      queryClient.setQueryData(queryKeys.performers.detail(id), performer);
      setStoredPerformer(performer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.gallery.all });
    },
  });
}

/** logout, then forget her here and re-open the socket as a visitor. */
export function usePerformerLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('logout').catch(() => undefined),
    onSettled: () => {
      clearStoredPerformer();
      queryClient.removeQueries({ queryKey: queryKeys.performers.all });
      queryClient.removeQueries({ queryKey: queryKeys.earnings.all });
      reconnectSocket();
    },
  });
}

/** setGeoblock: the countries she is hidden from (decided on the server). */
export function useSetGeoblock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (countries: string[]) => call('setGeoblock', { params: { id }, body: { countries } }),
    onSuccess: (performer) => {
      queryClient.setQueryData(queryKeys.performers.detail(id), performer);
      setStoredPerformer(performer);
    },
  });
}

/** setSchedule: her weekly schedule ('Quando sono online'). */
export function useSetSchedule(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slots: ScheduleSlot[]) => call('setSchedule', { params: { id }, body: { slots } }),
    onSuccess: (performer) => {
      queryClient.setQueryData(queryKeys.performers.detail(id), performer);
      setStoredPerformer(performer);
    },
  });
}

/** unblockUser. */
export function useUnblockUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call('unblockUser', { params: { id, userId } }),
    onSuccess: (performer) => {
      queryClient.setQueryData(queryKeys.performers.detail(id), performer);
      setStoredPerformer(performer);
    },
  });
}

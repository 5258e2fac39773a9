import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ShowGoalView, ShowMessageView, ShowTipView, ShowView } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveShowsFollowed } from '../../../lib/live-shows';
import { setFromPush } from '../../../lib/push-cache';

export const showQueryOptions = (showId: string) =>
  queryOptions({
    queryKey: queryKeys.shows.detail(showId),
    queryFn: ({ signal }) => call('getShow', { params: { id: showId }, signal }),
  });
export const showMessagesQueryOptions = (showId: string) =>
  queryOptions({
    queryKey: queryKeys.shows.messages(showId),
    queryFn: ({ signal }) => call('listShowMessages', { params: { id: showId }, signal }),
  });
export const showTipsQueryOptions = (showId: string) =>
  queryOptions({
    queryKey: queryKeys.shows.tips(showId),
    queryFn: ({ signal }) => call('listShowTips', { params: { id: showId }, signal }),
  });
export const showLeaderboardQueryOptions = (showId: string) =>
  queryOptions({
    queryKey: queryKeys.shows.leaderboard(showId),
    queryFn: ({ signal }) => call('showLeaderboard', { params: { id: showId }, signal }),
  });
export const performerShowsQueryOptions = (performerId: string) =>
  queryOptions({
    queryKey: queryKeys.shows.ofPerformer(performerId),
    queryFn: ({ signal }) => call('performerShows', { params: { id: performerId }, signal }),
  });
export const tipMenuQueryOptions = (performerId: string) =>
  queryOptions({
    queryKey: queryKeys.shows.menu(performerId),
    queryFn: ({ signal }) => call('getTipMenu', { params: { id: performerId }, signal }),
  });

export const useLiveShows = () => useLiveShowsFollowed();
export const useShow = (showId: string | null) =>
  useQuery({ ...showQueryOptions(showId ?? ''), enabled: showId !== null });
export const useShowMessages = (showId: string | null) =>
  useQuery({ ...showMessagesQueryOptions(showId ?? ''), enabled: showId !== null });
export const useShowTips = (showId: string | null) =>
  useQuery({ ...showTipsQueryOptions(showId ?? ''), enabled: showId !== null });
export const useShowLeaderboard = (showId: string | null) =>
  useQuery({ ...showLeaderboardQueryOptions(showId ?? ''), enabled: showId !== null });
export const usePerformerShows = (performerId: string) => useQuery(performerShowsQueryOptions(performerId));
export const useTipMenu = (performerId: string) => useQuery(tipMenuQueryOptions(performerId));

/** Fields of the show's detail from a push, over a read already on its way (docs/architecture.md#push-over-read). */
const patchShow = (queryClient: QueryClient, showId: string, patch: Partial<ShowView>) =>
  setFromPush<ShowView>(queryClient, queryKeys.shows.detail(showId), (show) => (show ? { ...show, ...patch } : show));

/** A push's news about a show, set into what the page holds (a read already on its way is started again after it). */
export const showCache = {
  /** 'show:status': its status and title (she may change the title while live) */
  status(queryClient: QueryClient, showId: string, status: ShowView['status'], title?: string) {
    patchShow(queryClient, showId, title === undefined ? { status } : { status, title });
    void queryClient.invalidateQueries({ queryKey: queryKeys.shows.live });
  },
  viewers(queryClient: QueryClient, showId: string, viewerCount: number) {
    // her live summary's 'Picco spettatori' is at least the count the room just heard (it said 0 beside '1 spettatore')
    setFromPush<ShowView>(queryClient, queryKeys.shows.detail(showId), (show) =>
      show
        ? {
            ...show,
            viewerCount,
            ...(show.summary
              ? { summary: { ...show.summary, peakViewers: Math.max(show.summary.peakViewers, viewerCount) } }
              : {}),
          }
        : show,
    );
  },
  goal(queryClient: QueryClient, showId: string, goal: ShowGoalView | null) {
    patchShow(queryClient, showId, { goal });
  },
  tip(queryClient: QueryClient, showId: string, tip: ShowTipView) {
    setFromPush<ShowTipView[]>(queryClient, queryKeys.shows.tips(showId), (tips) =>
      tips?.some((t) => t.id === tip.id) ? tips : [...(tips ?? []), tip],
    );
    // the totals behind the ranks are the server's: read again
    void queryClient.invalidateQueries({ queryKey: queryKeys.shows.leaderboard(showId) });
  },
  /** a line pushed to the room (no writer) and, to her and admins, again with its writer: one line, merged */
  message(queryClient: QueryClient, showId: string, message: ShowMessageView) {
    setFromPush<ShowMessageView[]>(queryClient, queryKeys.shows.messages(showId), (lines) =>
      lines?.some((l) => l.id === message.id)
        ? lines.map((l) => (l.id === message.id ? { ...l, ...message } : l))
        : [...(lines ?? []), message],
    );
  },
  deleted(queryClient: QueryClient, showId: string, messageId: string) {
    setFromPush<ShowMessageView[]>(queryClient, queryKeys.shows.messages(showId), (lines) =>
      lines?.filter((l) => l.id !== messageId),
    );
  },
};

export function useStartShow(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => call('startShow', { body: { title } }),
    onSuccess: (show) => {
      queryClient.setQueryData(queryKeys.shows.detail(show.id), show);
      void queryClient.invalidateQueries({ queryKey: queryKeys.shows.ofPerformer(performerId) });
    },
  });
}

export function useEndShow(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (showId: string) => call('endShow', { params: { id: showId }, body: {} }),
    onSuccess: (show) => {
      queryClient.setQueryData(queryKeys.shows.detail(show.id), show);
      void queryClient.invalidateQueries({ queryKey: queryKeys.shows.ofPerformer(performerId) });
    },
  });
}

/** She changes her live show's title: her panel, the room and the gallery's cards follow. */
export function useRetitleShow(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ showId, title }: { showId: string; title: string }) =>
      call('retitleShow', { params: { id: showId }, body: { title } }),
    onSuccess: (show) => {
      queryClient.setQueryData(queryKeys.shows.detail(show.id), show);
      void queryClient.invalidateQueries({ queryKey: queryKeys.shows.ofPerformer(performerId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.shows.live });
    },
  });
}

export function useTip(showId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tip: {
      amount: number;
      message?: string | null;
      menuItemId?: string | null;
      aliasId?: string | null;
      expectedPrice?: number;
    }) => call('tipShow', { params: { id: showId }, body: tip, idempotencyKey: crypto.randomUUID() }),
    onSuccess: (result) => {
      showCache.tip(queryClient, showId, result.tip);
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}

export function usePostShowMessage(showId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (line: { content: string; aliasId?: string | null }) =>
      call('postShowMessage', { params: { id: showId }, body: line }),
    onSuccess: (message) => showCache.message(queryClient, showId, message),
  });
}

export function useModeration(showId: string) {
  return {
    remove: useMutation({
      mutationFn: (messageId: string) => call('deleteShowMessage', { params: { id: showId, messageId } }),
    }),
    mute: useMutation({
      mutationFn: (identityId: string) => call('muteShowIdentity', { params: { id: showId }, body: { identityId } }),
    }),
    ban: useMutation({
      mutationFn: (identityId: string) => call('banShowIdentity', { params: { id: showId }, body: { identityId } }),
    }),
  };
}

export function useSetGoal(showId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goal: { description: string; target: number; deadline?: string | null }) =>
      call('setShowGoal', { params: { id: showId }, body: goal }),
    onSuccess: (show) => queryClient.setQueryData(queryKeys.shows.detail(show.id), show),
  });
}

export function useSetTipMenu(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: { label: string; price: number }[]) =>
      call('setTipMenu', { params: { id: performerId }, body: { items } }),
    onSuccess: (menu) => {
      queryClient.setQueryData(queryKeys.shows.menu(performerId), menu);
      void queryClient.invalidateQueries({ queryKey: queryKeys.shows.all });
    },
  });
}

import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { liveShowsQueryOptions } from '../../../lib/shared-queries';
import { withSocket } from '../../../lib/socket';

/** A performer's show on now, as her card and dialog show it. */
export interface LiveShowBadge {
  showId: string;
  status: 'live' | 'paused' | 'ended';
  viewerCount: number;
}

/** The shows on now, by performer: 'In onda' on cards and dialogs, the gallery's 'In onda' filter; fetched again when one starts or ends. */
export function useLiveShowBadges(): Map<string, LiveShowBadge> {
  const queryClient = useQueryClient();
  const live = useQuery(liveShowsQueryOptions());
  useEffect(
    () =>
      withSocket((socket) => {
        const refetch = () => void queryClient.invalidateQueries({ queryKey: queryKeys.shows.live });
        socket.on('show:status', refetch);
        return () => {
          socket.off('show:status', refetch);
        };
      }),
    [queryClient],
  );
  return new Map(
    (live.data ?? []).map((show) => [
      show.performerId,
      { showId: show.id, status: show.status, viewerCount: show.viewerCount },
    ]),
  );
}

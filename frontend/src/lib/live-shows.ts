import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { liveShowsQueryOptions } from './shared-queries';
import { withSocket } from './socket';

/**
 * The public shows on air now (listShows), read again as soon as one starts, pauses or ends
 * ('show:status' reaches every socket): a room page, a card or the landing's row open before she
 * goes live shows her show when she does, without a reload. `refetchEveryMs`: also on a timer
 * (the landing's thumbnails change every 15 s).
 */
export function useLiveShowsFollowed(refetchEveryMs?: number) {
  const queryClient = useQueryClient();
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
  return useQuery({ ...liveShowsQueryOptions(), ...(refetchEveryMs ? { refetchInterval: refetchEveryMs } : {}) });
}

import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerToClientEvents, ShowJoinAnswer, ShowTipView } from '@aura/contracts';
import { startAgeCheck } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { withSocket } from '../../../lib/socket';
import { showCache } from '../api/shows';

export interface RoomNews {
  /** what the server said to `show:join` (null while asking) */
  access: ShowJoinAnswer | null;
  /** the newest tip, for a short celebration */
  lastTip: ShowTipView | null;
  /** a goal just reached: the room celebrates */
  reached: string | null;
  /** this page's identity was banned from her room */
  banned: boolean;
}

/**
 * A show's room live: joins it over the socket (the server says who may watch and write), and
 * sets every push into the page's queries: status, viewers, tips, the goal bar, chat lines.
 */
export function useShowRoom(showId: string | null): RoomNews {
  const queryClient = useQueryClient();
  const [news, setNews] = useState<RoomNews>({ access: null, lastTip: null, reached: null, banned: false });
  useEffect(() => {
    if (!showId) return undefined;
    return withSocket((socket) => {
      const enter = () =>
        socket.emit('show:join', showId, (access) => {
          setNews((current) => ({ ...current, access, banned: !access.ok && current.banned }));
          // the room is adult content: without a proof of age the page goes to the check (the API's calls do the same)
          if (!access.ok && access.error === 'age_verification_required') void startAgeCheck();
          // in the room, pushes keep the count; what changed before (a first viewer who came while this
          // page's socket was still opening) only a read made now says: her panel would stay at '0 spettatori'
          if (access.ok) void queryClient.invalidateQueries({ queryKey: queryKeys.shows.detail(showId), exact: true });
        });
      const mine =
        <T extends { showId: string }>(handle: (payload: T) => void) =>
        (payload: T) => {
          if (payload.showId === showId) handle(payload);
        };
      const handlers: { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] } = {
        'show:status': mine(({ status, title }) => showCache.status(queryClient, showId, status, title)),
        'show:viewers': mine(({ viewerCount }) => showCache.viewers(queryClient, showId, viewerCount)),
        'show:tip': mine(({ tip }) => {
          showCache.tip(queryClient, showId, tip);
          setNews((current) => ({ ...current, lastTip: tip }));
        }),
        'show:goal': mine(({ goal, reached }) => {
          showCache.goal(queryClient, showId, goal);
          if (reached) setNews((current) => ({ ...current, reached: reached.description }));
        }),
        'show:message': mine(({ message }) => showCache.message(queryClient, showId, message)),
        'show:message-deleted': mine(({ messageId }) => showCache.deleted(queryClient, showId, messageId)),
        'show:banned': mine(() => enter()),
      };
      for (const [event, handler] of Object.entries(handlers))
        socket.on(event as 'show:status', handler as ServerToClientEvents['show:status']);
      socket.on('connect', enter);
      if (socket.connected) enter();
      return () => {
        for (const [event, handler] of Object.entries(handlers))
          socket.off(event as 'show:status', handler as ServerToClientEvents['show:status']);
        socket.off('connect', enter);
        socket.emit('show:exit', showId);
      };
    });
  }, [queryClient, showId]);
  return news;
}

import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@aura/contracts';
import { withSocket } from '../../../lib/socket';
import { applyLine, applyTip, sessionTalkQueryOptions } from '../api/talk';

/**
 * A session's lines and tips, live: fetched once (a reload finds them), then each
 * 'session:message' and 'session:tip' push of this session is added (a reconnect refetches every
 * session read: useSessionRealtime).
 */
export function useSessionTalk(sessionId: string | null) {
  const queryClient = useQueryClient();
  const talk = useQuery({ ...sessionTalkQueryOptions(sessionId ?? ''), enabled: sessionId !== null });
  useEffect(() => {
    if (!sessionId) return undefined;
    return withSocket((socket) => {
      const onMessage: ServerToClientEvents['session:message'] = (payload) => {
        if (payload.sessionId === sessionId) applyLine(queryClient, payload.message);
      };
      const onTip: ServerToClientEvents['session:tip'] = (payload) => {
        if (payload.sessionId === sessionId) applyTip(queryClient, payload.tip, payload.tipsTotal);
      };
      socket.on('session:message', onMessage);
      socket.on('session:tip', onTip);
      return () => {
        socket.off('session:message', onMessage);
        socket.off('session:tip', onTip);
      };
    });
  }, [queryClient, sessionId]);
  return talk.data;
}

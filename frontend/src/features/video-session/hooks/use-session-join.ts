import { useEffect, useState } from 'react';
import type { ServerToClientEvents } from '@aura/contracts';
import { withSocket } from '../../../lib/socket';

export interface CounterpartPresence {
  /** the other party has the session open right now */
  present: boolean;
  /** bumped each time the other party (re)joins: her page came back, a new connection is due */
  arrivals: number;
}

/**
 * While `joined`, this connection takes part in the session (`session:join`, again after each
 * reconnect): the server counts it as this party's media presence for billing, and a reconnect
 * within the grace period continues the session. Answers whether the other party is there.
 */
export function useSessionJoin(sessionId: string | null, joined: boolean): CounterpartPresence {
  const [presence, setPresence] = useState<CounterpartPresence & { sessionId: string | null }>({
    present: false,
    arrivals: 0,
    sessionId,
  });
  useEffect(() => {
    if (!sessionId || !joined) return;
    return withSocket((socket) => {
      const arrive = (present: boolean) =>
        setPresence((current) => ({
          sessionId,
          present,
          arrivals:
            present && !(current.present && current.sessionId === sessionId) ? current.arrivals + 1 : current.arrivals,
        }));
      const join = () =>
        socket.emit('session:join', sessionId, (answer) => {
          if (answer.ok) arrive(answer.counterpartPresent);
        });
      const onPeer: ServerToClientEvents['session:peer'] = (change) => {
        if (change.sessionId !== sessionId) return;
        // a (re)join of hers while we thought her present is a new page: count it as an arrival
        if (change.present) setPresence((current) => ({ sessionId, present: true, arrivals: current.arrivals + 1 }));
        else arrive(false);
      };
      if (socket.connected) join();
      socket.on('connect', join);
      socket.on('session:peer', onPeer);
      return () => {
        socket.off('connect', join);
        socket.off('session:peer', onPeer);
        socket.emit('session:leave', sessionId);
      };
    });
  }, [sessionId, joined]);
  return presence.sessionId === sessionId
    ? { present: presence.present, arrivals: presence.arrivals }
    : { present: false, arrivals: 0 };
}

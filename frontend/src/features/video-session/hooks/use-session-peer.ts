import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@aura/contracts';
import { withSocket } from '../../../lib/socket';
import { iceConfigQueryOptions } from '../api/sessions';
import { PeerLink, type LocalTracks, type MediaState } from './peer-link';

/** How long before TURN credentials expire fresh ones are fetched. */
const ICE_RENEW_BEFORE_MS = 30_000;

export interface SessionPeerOptions {
  sessionId: string | null;
  role: 'user' | 'performer';
  /** the session runs (accepted, not ended) */
  live: boolean;
  /** how many times the other party's page (re)joined: the user offers again each time */
  arrivals: number;
  tracks: LocalTracks;
  /** what this side tells the other of its own media (the user's camera: cam2cam) */
  mediaState?: MediaState;
}

export interface SessionPeer {
  remoteStream: MediaStream | null;
  connectionState: RTCPeerConnectionState | 'idle';
  remoteMedia: MediaState | null;
  /** the running connection's senders (none between connections) */
  senders(): RTCRtpSender[];
}

/**
 * The WebRTC side of a session page, signalled through the socket only ('session:signal', which
 * the server forwards to the other party of this session alone). The user offers once the session
 * runs and she is there, again whenever her page (re)joins or the connection fails; she answers
 * every offer with a fresh connection. ICE servers (and short-lived TURN credentials) are fetched
 * for every connection. TURN credentials expire with the session's paid time (at most 10 minutes):
 * shortly before, fresh ones are fetched and set on the connection, and the user's side connects
 * again with them (the allocations of the running connection keep the old ones).
 */
export function useSessionPeer({
  sessionId,
  role,
  live,
  arrivals,
  tracks,
  mediaState,
}: SessionPeerOptions): SessionPeer {
  const queryClient = useQueryClient();
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [connectionState, setConnectionState] = useState<SessionPeer['connectionState']>('idle');
  const [remoteMedia, setRemoteMedia] = useState<MediaState | null>(null);
  const [failures, setFailures] = useState(0);
  const [renewals, setRenewals] = useState(0);
  const link = useRef<PeerLink | null>(null);
  const tracksRef = useRef(tracks);
  const mediaRef = useRef(mediaState);

  useEffect(() => {
    tracksRef.current = tracks;
    void link.current?.setTracks(tracks).catch(() => undefined);
  }, [tracks]);

  useEffect(() => {
    mediaRef.current = mediaState;
    if (mediaState) link.current?.sendMediaState(mediaState);
  }, [mediaState]);

  // the user's side connects once she is there and again each time her page (re)joins or the
  // connection fails (her socket dropping alone leaves the media as it is); her side answers each offer
  const offerRound = role === 'user' ? (arrivals > 0 ? `${arrivals}:${failures}:${renewals}` : null) : 'answers';

  useEffect(() => {
    if (!sessionId || !live || offerRound === null) return;
    let stopped = false;
    let chain: Promise<void> = Promise.resolve();
    let renewal: ReturnType<typeof setTimeout> | undefined;
    /** before the credentials of `created` expire: fresh ones on it, and the user connects again with them */
    const renewBefore = (created: PeerLink, expiresAt: string | null) => {
      clearTimeout(renewal);
      if (!expiresAt) return;
      const delay = Math.max(5_000, Date.parse(expiresAt) - Date.now() - ICE_RENEW_BEFORE_MS);
      renewal = setTimeout(() => {
        void queryClient
          .fetchQuery(iceConfigQueryOptions(sessionId))
          .then((fresh) => {
            if (stopped || link.current !== created) return;
            created.connection.setConfiguration({
              iceServers: fresh.iceServers,
              iceTransportPolicy: fresh.iceTransportPolicy,
            });
            if (role === 'user') setRenewals((count) => count + 1);
            else renewBefore(created, fresh.expiresAt);
          })
          .catch(() => undefined); // the session is over: nothing to renew
      }, delay);
    };
    const replace = (next: PeerLink | null) => {
      link.current?.close();
      link.current = next;
    };
    const undo = withSocket((socket) => {
      const open = async () => {
        const ice = await queryClient.fetchQuery(iceConfigQueryOptions(sessionId));
        if (stopped) return null;
        const created: PeerLink = new PeerLink(
          ice,
          {
            send: (message) => socket.emit('session:signal', { sessionId, ...message }),
            onRemoteStream: (stream) => {
              if (link.current === created) setRemoteStream(new MediaStream(stream.getTracks()));
            },
            onConnectionState: (state) => {
              if (link.current !== created) return;
              setConnectionState(state);
              if (state === 'failed' && role === 'user') setFailures((count) => count + 1);
            },
            onRemoteMedia: (state) => {
              if (link.current === created) setRemoteMedia(state);
            },
          },
          tracksRef.current,
        );
        if (mediaRef.current) created.sendMediaState(mediaRef.current);
        replace(created);
        renewBefore(created, ice.expiresAt);
        return created;
      };
      const run = (step: () => Promise<void>) => {
        chain = chain.then(step).catch((error: unknown) => console.warn('session: WebRTC step failed', error));
      };
      const onSignal: ServerToClientEvents['session:signal'] = (message) => {
        if (message.sessionId !== sessionId || stopped) return;
        run(async () => {
          if (role === 'performer' && message.description?.type === 'offer') {
            setRemoteMedia(null);
            await open();
          }
          await link.current?.receive(message);
        });
      };
      socket.on('session:signal', onSignal);
      if (role === 'user') run(async () => void (await (await open())?.offer()));
      return () => socket.off('session:signal', onSignal);
    });
    return () => {
      stopped = true;
      clearTimeout(renewal);
      undo();
      replace(null);
      setRemoteStream(null);
      setConnectionState('idle');
    };
  }, [queryClient, sessionId, role, live, offerRound]);

  const senders = useCallback(() => link.current?.connection.getSenders() ?? [], []);

  return { remoteStream, connectionState, remoteMedia, senders };
}

import { useEffect, useState } from 'react';
import type { MediaChannel, ServerToClientEvents } from '@aura/contracts';
import { followSfuRoom, sfuIceConfig, sfuPeer } from './sfu-peer';

export type ShowViewerStatus = 'connecting' | 'playing' | 'full' | 'ended' | 'error';

/** how long a viewer waits before asking again while she is live but her stream is not up yet */
const RETRY_MS = 1_000;
/** a failed connection is made again (with new TURN credentials: docs/architecture.md#media-path) this many times in a row */
const REJOINS = 3;

/**
 * Watches a room's stream at the SFU (a show's, or a private's spy room): asks the API for the
 * SFU's offer (`show:watch` / `spy:watch`), answers it and plays what arrives. 'full' past the
 * room's cap ('Stanza piena'), 'ended' when the show ended or paused, or the private or the watch
 * ended (the domain's status says which). Again after every reconnect of the socket.
 */
export function useSfuViewer(
  channel: MediaChannel,
  showId: string | null,
): { status: ShowViewerStatus; stream: MediaStream | null } {
  const [state, setState] = useState<{ status: ShowViewerStatus; stream: MediaStream | null }>({
    status: 'connecting',
    stream: null,
  });

  useEffect(() => {
    if (!showId) return;
    let cancelled = false;
    let pc: RTCPeerConnection | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let rejoins = 0;
    const set = (status: ShowViewerStatus, stream: MediaStream | null = null) =>
      !cancelled && setState({ status, stream });
    const closePeer = () => {
      pc?.close();
      pc = undefined;
    };

    async function watch() {
      const socket = room.socket();
      if (!socket || cancelled) return;
      closePeer();
      set('connecting');
      const ice = await sfuIceConfig(socket, channel, showId!);
      if (cancelled) return;
      if (!ice.ok) return set(ice.error === 'not_live' ? 'ended' : ice.error === 'full' ? 'full' : 'error');
      const joined = await socket.emitWithAck(`${channel}:watch`, { showId: showId! });
      if (cancelled) return;
      if (!joined.ok) {
        if (joined.error === 'not_publishing') retry = setTimeout(() => void watch(), RETRY_MS);
        else set(joined.error === 'full' ? 'full' : joined.error === 'not_live' ? 'ended' : 'error');
        return;
      }
      const peer = sfuPeer(socket, channel, showId!, ice.ice);
      pc = peer;
      const stream = new MediaStream();
      peer.ontrack = (event) => {
        // a spy room carries her camera only: whatever else the SFU's offer lists is never played
        if (channel === 'spy' && event.track.kind !== 'video') return;
        stream.addTrack(event.track);
        set('playing', stream);
      };
      peer.onconnectionstatechange = () => {
        if (peer !== pc) return;
        if (peer.connectionState === 'connected') rejoins = 0;
        if (peer.connectionState !== 'failed') return;
        if (rejoins >= REJOINS) return set('error');
        rejoins += 1;
        void watch().catch(() => set('error'));
      };
      await peer.setRemoteDescription(joined.offer);
      const answer = await peer.createAnswer();
      await peer.setLocalDescription(answer);
      const applied = await socket.emitWithAck(`${channel}:answer`, {
        showId: showId!,
        answer: { type: 'answer', sdp: answer.sdp ?? '' },
      });
      if (!applied.ok) set('error');
    }

    const onMedia: ServerToClientEvents['show:media'] = (closed) => {
      if (closed.showId !== showId) return;
      closePeer();
      if (closed.reason === 'ended') set('ended');
      else if (closed.reason === 'dropped') void watch().catch(() => set('error'));
      else set('error');
    };
    const onConnect = () => void watch().catch(() => set('error'));

    const room = followSfuRoom(channel, showId, { onMedia, onConnect });
    return () => {
      cancelled = true;
      if (retry) clearTimeout(retry);
      closePeer();
      room.leave();
    };
  }, [channel, showId]);

  return state;
}

import { useEffect, useRef, useState } from 'react';
import type { ServerToClientEvents } from '@aura/contracts';
import { followSfuRoom, sfuIceConfig, sfuPeer } from '../../../lib/sfu-peer';

export type SpyRoomStatus = 'off' | 'connecting' | 'live' | 'ended' | 'error';

/** a failed publish is tried again after this long, this many times in a row */
const RETRY_MS = 2_000;
const RETRIES = 5;

/**
 * Her camera for the spies of a private that allows them (docs/architecture.md#spies): besides the
 * peer-to-peer call with the user, her video track alone (never her microphone, never anything of
 * the user's) is published to the private's spy room at the SFU (`spy:publish`). A camera switched
 * off or changed is replaced on the same connection. Nothing happens when `sessionId` is null (a
 * private without spies stays peer-to-peer).
 */
export function useSpyRoom(sessionId: string | null, video: MediaStreamTrack | null): SpyRoomStatus {
  const [status, setStatus] = useState<SpyRoomStatus>('off');
  const sender = useRef<RTCRtpSender | null>(null);
  const track = useRef(video);

  useEffect(() => {
    track.current = video;
    void sender.current?.replaceTrack(video).catch(() => undefined);
  }, [video]);

  useEffect(() => {
    if (!sessionId) return;
    let cancelled = false;
    let pc: RTCPeerConnection | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const set = (next: SpyRoomStatus) => !cancelled && setStatus(next);
    const closePeer = () => {
      pc?.close();
      pc = undefined;
      sender.current = null;
    };
    const again = () => {
      closePeer();
      failures += 1;
      if (failures > RETRIES) return set('error');
      retry = setTimeout(() => void publish().catch(again), RETRY_MS);
    };

    async function publish() {
      const socket = room.socket();
      if (!socket || cancelled) return;
      closePeer();
      set('connecting');
      const ice = await sfuIceConfig(socket, 'spy', sessionId!);
      if (cancelled) return;
      if (!ice.ok) return ice.error === 'not_live' || ice.error === 'forbidden' ? set('ended') : again();
      const peer = sfuPeer(socket, 'spy', sessionId!, ice.ice);
      pc = peer;
      const transceiver = peer.addTransceiver('video', { direction: 'sendonly' });
      sender.current = transceiver.sender;
      if (track.current) await transceiver.sender.replaceTrack(track.current);
      peer.onconnectionstatechange = () => {
        if (peer !== pc) return;
        if (peer.connectionState === 'connected') {
          failures = 0;
          set('live');
        }
        if (peer.connectionState === 'failed') again();
      };
      const offer = await peer.createOffer();
      await peer.setLocalDescription(offer);
      const answer = await socket.emitWithAck('spy:publish', {
        showId: sessionId!,
        offer: { type: 'offer', sdp: offer.sdp ?? '' },
      });
      if (cancelled || peer !== pc) return;
      if (!answer.ok) return answer.error === 'not_live' ? set('ended') : again();
      await peer.setRemoteDescription(answer.answer);
    }

    const onMedia: ServerToClientEvents['spy:media'] = (closed) => {
      if (closed.showId !== sessionId) return;
      if (closed.reason === 'ended') {
        closePeer();
        set('ended');
      } else again();
    };
    const onConnect = () => void publish().catch(again);

    const room = followSfuRoom('spy', sessionId, { onMedia, onConnect });
    return () => {
      cancelled = true;
      if (retry) clearTimeout(retry);
      closePeer();
      room.leave();
    };
  }, [sessionId]);

  return status;
}

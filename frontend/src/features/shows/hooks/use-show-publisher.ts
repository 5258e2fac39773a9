import { useCallback, useEffect, useRef, useState } from 'react';
import type { ShowMediaError } from '@aura/contracts';
import { loadSocket } from '../../../lib/socket';
import { sfuIceConfig, sfuPeer } from '../../../lib/sfu-peer';

export type ShowPublisherStatus = 'idle' | 'previewing' | 'publishing' | 'live' | 'error';

export interface ShowPublisher {
  status: ShowPublisherStatus;
  /** her camera and microphone, for the preview (muted) */
  preview: MediaStream | null;
  /** why it failed: the API's refusal, or 'camera' when the browser gave no camera or microphone */
  error: ShowMediaError | 'camera' | null;
  /** failures since she was last live (the retry waits longer after each) */
  failures: number;
  /** opens the camera and microphone (the preview before 'Vai in onda') */
  startPreview(): Promise<void>;
  /** publishes the preview to the show's room at the SFU (her show must be live) */
  publish(): Promise<void>;
  /** stops publishing and closes the camera */
  stop(): void;
}

/** Her side of a show's media: preview, publish (`show:publish` through the API), stop. */
export function useShowPublisher(showId: string | null): ShowPublisher {
  const [status, setStatus] = useState<ShowPublisherStatus>('idle');
  const [preview, setPreview] = useState<MediaStream | null>(null);
  const [error, setError] = useState<ShowPublisher['error']>(null);
  const [failures, setFailures] = useState(0);
  const pc = useRef<RTCPeerConnection | null>(null);
  const stream = useRef<MediaStream | null>(null);

  const fail = (why: NonNullable<ShowPublisher['error']>) => {
    setError(why);
    setStatus('error');
    setFailures((n) => n + 1);
  };

  const startPreview = useCallback(async () => {
    if (stream.current) return;
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: true,
      });
      setPreview(stream.current);
      setStatus('previewing');
      setError(null);
    } catch {
      fail('camera');
    }
  }, []);

  const publish = useCallback(async () => {
    if (!showId) return;
    await startPreview();
    const media = stream.current;
    if (!media) return;
    setStatus('publishing');
    setError(null);
    try {
      const socket = await loadSocket();
      const ice = await sfuIceConfig(socket, 'show', showId);
      if (!ice.ok) return fail(ice.error);
      pc.current?.close();
      const peer = sfuPeer(socket, 'show', showId, ice.ice);
      pc.current = peer;
      for (const track of media.getTracks()) peer.addTransceiver(track, { direction: 'sendonly', streams: [media] });
      peer.onconnectionstatechange = () => {
        if (peer !== pc.current) return;
        if (peer.connectionState === 'connected') {
          setStatus('live');
          setFailures(0);
        }
        if (peer.connectionState === 'failed') fail('unavailable');
      };
      const offer = await peer.createOffer();
      await peer.setLocalDescription(offer);
      const answer = await socket.emitWithAck('show:publish', {
        showId,
        offer: { type: 'offer', sdp: offer.sdp ?? '' },
      });
      if (!answer.ok) return fail(answer.error);
      await peer.setRemoteDescription(answer.answer);
    } catch {
      // the socket dropped or the browser refused the SFU's answer: tried again like a refusal
      fail('unavailable');
    }
  }, [showId, startPreview]);

  const stop = useCallback(() => {
    pc.current?.close();
    pc.current = null;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setPreview(null);
    setStatus('idle');
    if (showId) void loadSocket().then((socket) => socket.emit('show:leave', { showId }));
  }, [showId]);

  useEffect(() => {
    if (!showId) return;
    const onMedia = (closed: { showId: string; reason: string }) => {
      if (closed.showId !== showId) return;
      pc.current?.close();
      pc.current = null;
      if (closed.reason === 'ended') setStatus(stream.current ? 'previewing' : 'idle');
      else fail('unavailable');
    };
    let socketRef: Awaited<ReturnType<typeof loadSocket>> | undefined;
    let cancelled = false;
    void loadSocket().then((socket) => {
      if (cancelled) return;
      socketRef = socket;
      socket.on('show:media', onMedia);
    });
    return () => {
      cancelled = true;
      socketRef?.off('show:media', onMedia);
    };
  }, [showId]);

  // the camera closes with the page
  useEffect(
    () => () => {
      pc.current?.close();
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  return { status, preview, error, failures, startPreview, publish, stop };
}

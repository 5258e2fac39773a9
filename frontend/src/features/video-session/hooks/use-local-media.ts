import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MediaKind } from './media-devices';
import type { LocalTracks } from './peer-link';

export interface LocalMedia {
  tracks: LocalTracks;
  /** the microphone's track is live and enabled */
  mic: boolean;
  /** the camera runs (its track exists) */
  camera: boolean;
  /** what this side shows of itself (its camera), or null */
  preview: MediaStream | null;
  toggleMic(): void;
  toggleCamera(): void;
  /** why a device could not be opened, in Italian */
  error: string | null;
  /** the devices chosen in the settings (null: the browser's default), opened from then on */
  devices: Record<MediaKind, string | null>;
  chooseDevice(kind: MediaKind, deviceId: string): void;
  /** puts `next` in place of `current` and keeps it; false (nothing changed) when `current` is no longer this side's track */
  replaceTrack(kind: MediaKind, current: MediaStreamTrack, next: MediaStreamTrack): boolean;
  /** stops every track (the camera's light goes out, the microphone closes): the session is over; a toggle opens them again */
  stop(): void;
}

const DEVICE_ERROR = 'Impossibile accedere a fotocamera o microfono: controlla i permessi del browser.';

/** A track of this device (`deviceId`, exactly), or of the browser's default. */
export async function openTrack(kind: MediaKind, deviceId: string | null = null): Promise<MediaStreamTrack> {
  const device = deviceId ? { deviceId: { exact: deviceId } } : {};
  const stream = await navigator.mediaDevices.getUserMedia(
    kind === 'audio'
      ? { audio: deviceId ? device : true }
      : { video: { ...device, width: { ideal: 1280 }, height: { ideal: 720 } } },
  );
  const [track] = kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks();
  if (!track) throw new Error(`no ${kind} track`);
  return track;
}

/**
 * This side's own camera and microphone, really: the microphone opens on first use, then its
 * track is enabled or muted; the camera opens when switched on and its track is stopped when
 * switched off (the device's light goes out). Everything stops when the page goes.
 * `start` opens devices at once (her dashboard streams from the start).
 */
export function useLocalMedia(
  { mic: startMic, camera: startCamera }: { mic: boolean; camera: boolean } = { mic: false, camera: false },
): LocalMedia {
  const [tracks, setTracks] = useState<LocalTracks>({ audio: null, video: null });
  const [micOn, setMicOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [devices, setDevices] = useState<LocalMedia['devices']>({ audio: null, video: null });
  const chosen = useRef(devices);
  const live = useRef<LocalTracks>({ audio: null, video: null });
  const unmounted = useRef(false);
  // bumped by `stop`: a device still opening when everything stopped is closed as it arrives
  const generation = useRef(0);

  const open = useCallback(async (kind: MediaKind) => {
    const asked = generation.current;
    try {
      const deviceId = chosen.current[kind];
      // a chosen device that went away: the default one
      const track = await openTrack(kind, deviceId).catch((error: unknown) =>
        deviceId ? openTrack(kind) : Promise.reject(error),
      );
      if (unmounted.current || asked !== generation.current) {
        track.stop();
        return;
      }
      live.current = { ...live.current, [kind]: track };
      setTracks((current) => ({ ...current, [kind]: track }));
      setError(null);
      if (kind === 'audio') setMicOn(true);
    } catch {
      setError(DEVICE_ERROR);
    }
  }, []);

  useEffect(() => {
    unmounted.current = false;
    const kinds = [...(startMic ? ['audio' as const] : []), ...(startCamera ? ['video' as const] : [])];
    // opened once the page is shown (the permission prompt, if any, comes after the first paint)
    const opening = setTimeout(() => kinds.forEach((kind) => void open(kind)), 0);
    return () => {
      clearTimeout(opening);
      unmounted.current = true;
      live.current.audio?.stop();
      live.current.video?.stop();
      live.current = { audio: null, video: null };
    };
  }, [open, startMic, startCamera]);

  const toggleMic = useCallback(() => {
    const track = live.current.audio;
    if (!track) {
      void open('audio');
      return;
    }
    track.enabled = !track.enabled;
    setMicOn(track.enabled);
  }, [open]);

  const toggleCamera = useCallback(() => {
    const track = live.current.video;
    if (!track) {
      void open('video');
      return;
    }
    track.stop();
    live.current = { ...live.current, video: null };
    setTracks((current) => ({ ...current, video: null }));
  }, [open]);

  const chooseDevice = useCallback((kind: MediaKind, deviceId: string) => {
    chosen.current = { ...chosen.current, [kind]: deviceId || null };
    setDevices(chosen.current);
  }, []);

  const replaceTrack = useCallback((kind: MediaKind, current: MediaStreamTrack, next: MediaStreamTrack) => {
    if (unmounted.current || live.current[kind] !== current) return false;
    live.current = { ...live.current, [kind]: next };
    setTracks((tracks) => ({ ...tracks, [kind]: next }));
    return true;
  }, []);

  const stop = useCallback(() => {
    generation.current += 1;
    live.current.audio?.stop();
    live.current.video?.stop();
    live.current = { audio: null, video: null };
    setTracks({ audio: null, video: null });
    setMicOn(false);
  }, []);

  const preview = useMemo(() => (tracks.video ? new MediaStream([tracks.video]) : null), [tracks.video]);

  return {
    tracks,
    mic: micOn && tracks.audio !== null,
    camera: tracks.video !== null,
    preview,
    toggleMic,
    toggleCamera,
    error,
    devices,
    chooseDevice,
    replaceTrack,
    stop,
  };
}

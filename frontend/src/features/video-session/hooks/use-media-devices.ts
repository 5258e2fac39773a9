import { useEffect, useState } from 'react';
import { deviceOptions, selectedDevice, swapTrack, type DeviceOption, type MediaKind } from './media-devices';
import { openTrack, type LocalMedia } from './use-local-media';

export const DEVICE_SWITCH_ERROR = 'Impossibile usare questo dispositivo';

export interface MediaDeviceChoice {
  cameras: DeviceOption[];
  microphones: DeviceOption[];
  /** the browser answered with its devices (until then the lists are empty) */
  listed: boolean;
  /** the chosen device of each kind (an option's id) */
  selected: Record<MediaKind, string>;
  /** the kind whose device is being opened */
  switching: MediaKind | null;
  /** the last choice could not be used (the old device goes on), in Italian */
  error: string | null;
  choose(kind: MediaKind, deviceId: string): Promise<void>;
}

/**
 * The cameras and microphones to choose from while the settings are `shown` (listed again when a
 * device comes or goes), and the switch itself: a running track is replaced at once by one of the
 * chosen device, in the preview and on the connection's senders; a device not running is only
 * remembered, for when it is switched on.
 */
export function useMediaDevices(media: LocalMedia, senders: () => RTCRtpSender[], shown: boolean): MediaDeviceChoice {
  const [devices, setDevices] = useState<MediaDeviceInfo[] | null>(null);
  const [switching, setSwitching] = useState<{ kind: MediaKind; deviceId: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [wasShown, setWasShown] = useState(shown);
  if (wasShown !== shown) {
    setWasShown(shown);
    setError(null);
  }

  useEffect(() => {
    const mediaDevices = shown ? (navigator.mediaDevices as MediaDevices | undefined) : undefined;
    if (!mediaDevices) return;
    let current = true;
    const list = () =>
      void mediaDevices.enumerateDevices().then(
        (found) => current && setDevices(found),
        () => undefined,
      );
    list();
    mediaDevices.addEventListener('devicechange', list);
    return () => {
      current = false;
      mediaDevices.removeEventListener('devicechange', list);
    };
  }, [shown]);

  const choose = async (kind: MediaKind, deviceId: string) => {
    setError(null);
    const current = media.tracks[kind];
    if (!current || current.getSettings().deviceId === deviceId) {
      media.chooseDevice(kind, deviceId);
      return;
    }
    setSwitching({ kind, deviceId });
    try {
      const next = await openTrack(kind, deviceId);
      if (!media.replaceTrack(kind, current, next)) {
        next.stop();
        return;
      }
      media.chooseDevice(kind, deviceId);
      // should a sender refuse, the connection's own update (its tracks changed) tries again
      await swapTrack(current, next, senders()).catch(() => undefined);
    } catch {
      setError(DEVICE_SWITCH_ERROR);
    } finally {
      setSwitching(null);
    }
  };

  const cameras = deviceOptions(devices ?? [], 'video');
  const microphones = deviceOptions(devices ?? [], 'audio');
  const selected = (kind: MediaKind, options: DeviceOption[]) =>
    switching?.kind === kind ? switching.deviceId : selectedDevice(options, media.tracks[kind], media.devices[kind]);
  return {
    cameras,
    microphones,
    listed: devices !== null,
    selected: { video: selected('video', cameras), audio: selected('audio', microphones) },
    switching: switching?.kind ?? null,
    error,
    choose,
  };
}

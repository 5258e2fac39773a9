export type MediaKind = 'audio' | 'video';

/** One camera or microphone as the settings list it. */
export interface DeviceOption {
  id: string;
  label: string;
}

/**
 * This browser's cameras or microphones, in its order. Before a permission the browser may hide
 * the names (and even the ids): they are numbered instead, 'Fotocamera 1', 'Microfono 2'…
 */
export function deviceOptions(
  devices: readonly Pick<MediaDeviceInfo, 'kind' | 'deviceId' | 'label'>[],
  kind: MediaKind,
): DeviceOption[] {
  const noun = kind === 'video' ? 'Fotocamera' : 'Microfono';
  const options: DeviceOption[] = [];
  for (const device of devices) {
    if (device.kind !== `${kind}input` || options.some((option) => option.id === device.deviceId)) continue;
    options.push({ id: device.deviceId, label: device.label.trim() || `${noun} ${options.length + 1}` });
  }
  return options;
}

/** The option shown as chosen: the running track's device, else the one asked for, else the first. */
export function selectedDevice(
  options: readonly DeviceOption[],
  track: Pick<MediaStreamTrack, 'getSettings'> | null,
  preferred: string | null,
): string {
  const running = track?.getSettings().deviceId;
  for (const id of [running, preferred])
    if (id !== undefined && id !== null && options.some((option) => option.id === id)) return id;
  return options[0]?.id ?? '';
}

type Track = Pick<MediaStreamTrack, 'enabled' | 'stop'>;
type Sender<T extends Track> = { readonly track: T | null; replaceTrack(track: T | null): Promise<void> };

/**
 * Puts a newly opened device's track in place of the old one on the running connection's senders
 * (no renegotiation), with the old one's on/off state (a muted microphone stays muted), then stops
 * the old one (its device is released).
 */
export async function swapTrack<T extends Track>(old: T, next: T, senders: readonly Sender<T>[]): Promise<void> {
  next.enabled = old.enabled;
  try {
    await Promise.all(senders.filter((sender) => sender.track === old).map((sender) => sender.replaceTrack(next)));
  } finally {
    old.stop();
  }
}

import { describe, expect, it } from '@jest/globals';
import { deviceOptions, selectedDevice, swapTrack } from './media-devices';

const device = (kind: MediaDeviceKind, deviceId: string, label = '') => ({ kind, deviceId, label });

describe('the cameras and microphones to choose from', () => {
  const devices = [
    device('audioinput', 'default', 'Predefinito - Microfono USB'),
    device('audioinput', 'usb', 'Microfono USB'),
    device('videoinput', 'front', 'Fotocamera anteriore'),
    device('audiooutput', 'speakers', 'Altoparlanti'),
    device('videoinput', 'back', ''),
    device('videoinput', 'back', ''),
  ];

  it('lists one kind, in order, once each, numbering those without a name', () => {
    expect(deviceOptions(devices, 'video')).toEqual([
      { id: 'front', label: 'Fotocamera anteriore' },
      { id: 'back', label: 'Fotocamera 2' },
    ]);
    expect(deviceOptions(devices, 'audio')).toEqual([
      { id: 'default', label: 'Predefinito - Microfono USB' },
      { id: 'usb', label: 'Microfono USB' },
    ]);
  });

  it('numbers every device before the permission (no names, no ids)', () => {
    expect(deviceOptions([device('audioinput', ''), device('videoinput', '')], 'audio')).toEqual([
      { id: '', label: 'Microfono 1' },
    ]);
    expect(deviceOptions([device('videoinput', ''), device('videoinput', 'b', '  ')], 'video')).toEqual([
      { id: '', label: 'Fotocamera 1' },
      { id: 'b', label: 'Fotocamera 2' },
    ]);
  });

  it("shows the running track's device, else the one chosen, else the first", () => {
    const options = deviceOptions(devices, 'video');
    const track = (deviceId?: string) => ({ getSettings: () => (deviceId === undefined ? {} : { deviceId }) });
    expect(selectedDevice(options, track('back'), 'front')).toBe('back');
    expect(selectedDevice(options, null, 'back')).toBe('back');
    expect(selectedDevice(options, track(), null)).toBe('front');
    expect(selectedDevice(options, track('gone'), 'gone too')).toBe('front');
    expect(selectedDevice([], null, null)).toBe('');
  });
});

describe('switching a running track to another device', () => {
  const fakeTrack = (enabled: boolean) => {
    const track = { enabled, stopped: false, stop: () => void (track.stopped = true) };
    return track;
  };
  type FakeTrack = ReturnType<typeof fakeTrack>;
  const fakeSender = (track: FakeTrack | null, fails = false) => {
    const sender = {
      track,
      calls: [] as (FakeTrack | null)[],
      replaceTrack: (next: FakeTrack | null) => {
        sender.calls.push(next);
        if (fails) return Promise.reject(new Error('closed'));
        sender.track = next;
        return Promise.resolve();
      },
    };
    return sender;
  };

  it('replaces it on its sender only, keeps a muted microphone muted and stops the old one', async () => {
    const old = fakeTrack(false);
    const next = fakeTrack(true);
    const audio = fakeSender(old);
    const video = fakeSender(fakeTrack(true));
    await swapTrack(old, next, [audio, video]);
    expect(audio.calls).toEqual([next]);
    expect(audio.track).toBe(next);
    expect(video.calls).toEqual([]);
    expect(next.enabled).toBe(false);
    expect(next.stopped).toBe(false);
    expect(old.stopped).toBe(true);
  });

  it('keeps an enabled track enabled, with no connection at all', async () => {
    const old = fakeTrack(true);
    const next = fakeTrack(false);
    await swapTrack(old, next, []);
    expect(next.enabled).toBe(true);
    expect(old.stopped).toBe(true);
  });

  it('still releases the old device when the sender refuses', async () => {
    const old = fakeTrack(true);
    const next = fakeTrack(true);
    await expect(swapTrack(old, next, [fakeSender(old, true)])).rejects.toThrow('closed');
    expect(old.stopped).toBe(true);
    expect(next.stopped).toBe(false);
  });
});

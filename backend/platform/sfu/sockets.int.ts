import { Socket } from 'node:dgram';
import { randomUUID } from 'node:crypto';
import { createEmbeddedSfu } from './embedded';
import { until } from './show-media.contract';
import { fakePublisher, fakeViewer, LOOPBACK_PEER_CONFIG } from './werift-peers';

/** UDP sockets open in this process */
const udpSockets = () =>
  (process as unknown as { _getActiveHandles(): unknown[] })
    ._getActiveHandles()
    .filter((handle) => handle instanceof Socket);
/**
 * those opened since `before` (the SFU's and the headless peers'): an earlier test file's socket
 * that closes meanwhile in the same jest worker does not count
 */
const openedSince = (before: Set<unknown>) => udpSockets().filter((socket) => !before.has(socket)).length;

describe('embedded SFU: no UDP socket left per closed peer connection (werift BUNDLE transports)', () => {
  it('after 8 viewers joined and left and the show ended, no UDP socket it opened is left', async () => {
    const before = new Set(udpSockets());
    const media = createEmbeddedSfu({ maxViewers: 10, peerConfig: LOOPBACK_PEER_CONFIG });
    const showId = randomUUID();
    await media.openRoom(showId);
    const publisher = await fakePublisher(media, showId);
    const withPublisher = openedSince(before);
    for (let i = 0; i < 8; i += 1) {
      const viewer = await fakeViewer(media, showId, `viewer-${i}`);
      if (typeof viewer === 'string') throw new Error(viewer);
      await viewer.firstFrame;
      await media.dropViewer(showId, `viewer-${i}`);
      await viewer.close();
    }
    // a viewer's and the SFU's side of its connection: one socket each while it lasts, none after
    await until(() => openedSince(before) <= withPublisher, 5_000).catch(() => undefined);
    expect(openedSince(before)).toBe(withPublisher);
    await publisher.stop();
    await media.close();
    await until(() => openedSince(before) === 0, 5_000).catch(() => undefined);
    expect(openedSince(before)).toBe(0);
  });
});

import { Socket } from 'node:dgram';
import { randomUUID } from 'node:crypto';
import { createEmbeddedSfu } from './embedded';
import { until } from './show-media.contract';
import { fakePublisher, fakeViewer, LOOPBACK_PEER_CONFIG } from './werift-peers';

/** UDP sockets open in this process (the SFU's and the headless peers') */
const openUdpSockets = () => (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles().filter((handle) => handle instanceof Socket).length;

describe('embedded SFU: no UDP socket left per closed peer connection (werift BUNDLE transports)', () => {
  it('after 8 viewers joined and left and the show ended, the UDP sockets are back to what they were', async () => {
    const baseline = openUdpSockets();
    const media = createEmbeddedSfu({ maxViewers: 10, peerConfig: LOOPBACK_PEER_CONFIG });
    const showId = randomUUID();
    await media.openRoom(showId);
    const publisher = await fakePublisher(media, showId);
    const withPublisher = openUdpSockets();
    for (let i = 0; i < 8; i += 1) {
      const viewer = await fakeViewer(media, showId, `viewer-${i}`);
      if (typeof viewer === 'string') throw new Error(viewer);
      await viewer.firstFrame;
      await media.dropViewer(showId, `viewer-${i}`);
      await viewer.close();
    }
    // a viewer's and the SFU's side of its connection: one socket each while it lasts, none after
    await until(() => openUdpSockets() <= withPublisher, 5_000).catch(() => undefined);
    expect(openUdpSockets()).toBe(withPublisher);
    await publisher.stop();
    await media.close();
    await until(() => openUdpSockets() <= baseline, 5_000).catch(() => undefined);
    expect(openUdpSockets()).toBe(baseline);
  });
});

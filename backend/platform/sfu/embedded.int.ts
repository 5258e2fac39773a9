import { createEmbeddedSfu } from './embedded';
import type { ShowMediaEvent } from './port';
import { showMediaContract, until } from './show-media.contract';
import { closeLeftoverLoopbackSockets, fakePublisher, LOOPBACK_PEER_CONFIG } from './werift-peers';

describe('embedded SFU (werift) on loopback', () => {
  showMediaContract(async () => createEmbeddedSfu({ maxViewers: 2, peerConfig: LOOPBACK_PEER_CONFIG }));
  afterAll(() => closeLeftoverLoopbackSockets());

  it('a publisher that falls silent (her encoder vanished, no DELETE) has left the room', async () => {
    const media = createEmbeddedSfu({ maxViewers: 2, peerConfig: LOOPBACK_PEER_CONFIG, publisherSilenceMs: 800 });
    const events: ShowMediaEvent[] = [];
    media.onEvent((event) => events.push(event));
    try {
      await media.openRoom('silent-show');
      const publisher = await fakePublisher(media, 'silent-show', { fps: 20 });
      await until(() => publisher.framesSent > 30, 5_000);
      expect(events).toEqual([]);
      await publisher.stop();
      await until(() => events.length > 0, 5_000);
      expect(events).toEqual([{ type: 'publisher-left', showId: 'silent-show' }]);
      expect(await media.watch('silent-show', 'late-viewer')).toEqual({ ok: false, reason: 'not_publishing' });
    } finally {
      await media.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { createJanusSfu } from './janus';
import { janusInstalled, janusPeerConfig, JANUS_BINARY, startJanus, type JanusServer } from './janus-server';
import { openShowMedia } from './index';
import type { ShowMedia } from './port';
import { showMediaContract, until } from './show-media.contract';
import { closeLeftoverLoopbackSockets } from './werift-peers';

const describeWithJanus = janusInstalled() ? describe : describe.skip;
if (!janusInstalled())
  console.warn(
    `janus.int: ${JANUS_BINARY} is not installed; the Janus adapter's tests are skipped (apt-get install janus)`,
  );

describeWithJanus("Janus VideoRoom adapter against Debian's janus on loopback", () => {
  let janus: JanusServer;
  beforeAll(async () => {
    janus = await startJanus();
  });
  afterAll(async () => {
    await janus?.stop();
    closeLeftoverLoopbackSockets();
  });

  describe('the show media contract', () => {
    showMediaContract(
      async () => createJanusSfu({ url: janus.url, apiSecret: janus.apiSecret, maxViewers: 2 }),
      janusPeerConfig(),
    );
  });

  it('refuses a wrong api secret', async () => {
    await expect(createJanusSfu({ url: janus.url, apiSecret: 'not-the-secret-at-all', maxViewers: 2 })).rejects.toThrow(
      /Unauthorized/i,
    );
  });

  describe('Janus dies', () => {
    let own: JanusServer;
    let media: ShowMedia;
    beforeAll(async () => {
      own = await startJanus({ rtpPortRange: '42000-42199' });
      media = await createJanusSfu({ url: own.url, apiSecret: own.apiSecret, maxViewers: 2 });
    });
    afterAll(async () => {
      await media.close();
      await own.stop();
    });

    it("closes every room with 'sfu-down', then says 'down'; later calls answer unavailable", async () => {
      const events: unknown[] = [];
      media.onEvent((event) => events.push(event));
      const showId = randomUUID();
      await media.openRoom(showId);
      await own.stop('SIGKILL');
      await until(() => events.length >= 2);
      expect(events).toEqual([
        { type: 'room-closed', showId, reason: 'sfu-down' },
        { type: 'down', reason: expect.any(String) },
      ]);
      expect(media.hasRoom(showId)).toBe(false);
      await expect(media.openRoom(randomUUID())).rejects.toMatchObject({ code: 'unavailable' });
    });
  });

  it('openShowMedia(SFU=janus) connects on first use, and again once Janus is back after it died', async () => {
    let own = await startJanus({ rtpPortRange: '42200-42399' });
    const media = openShowMedia({
      SFU: 'janus',
      JANUS_URL: own.url,
      JANUS_API_SECRET: own.apiSecret,
      SHOW_MAX_VIEWERS: 2,
    });
    try {
      const kinds: string[] = [];
      media.onEvent((event) => kinds.push(event.type));
      const showId = randomUUID();
      await media.openRoom(showId);
      expect(media.hasRoom(showId)).toBe(true);
      await own.stop('SIGKILL');
      await until(() => kinds.includes('down'));
      expect(media.hasRoom(showId)).toBe(false);
      own = await startJanus({
        rtpPortRange: '42200-42399',
        port: Number(new URL(own.url).port),
        apiSecret: own.apiSecret,
      });
      await media.openRoom(showId);
      expect(media.hasRoom(showId)).toBe(true);
    } finally {
      await media.close();
      await own.stop();
    }
  });
});

/**
 * The scenarios every `ShowMedia` adapter passes (docs/architecture.md#media-path), run by
 * `embedded.int.ts` and `janus.int.ts` with headless werift peers on loopback.
 */
import { randomUUID } from 'node:crypto';
import type { PeerConfig } from 'werift';
import type { ShowMedia, ShowMediaEvent } from './port';
import { fakePublisher, fakeViewer, type FakePublisher, type FakeViewer } from './werift-peers';

export const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

function asViewer(joined: Awaited<ReturnType<typeof fakeViewer>>): FakeViewer {
  if (typeof joined === 'string') throw new Error(`viewer refused: ${joined}`);
  return joined;
}

/** Registers the contract's tests in the calling `describe`; `open` gives a fresh adapter with a cap of 2. */
export function showMediaContract(open: () => Promise<ShowMedia>, peerConfig?: Partial<PeerConfig>) {
  let media: ShowMedia;
  let events: ShowMediaEvent[];
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    media = await open();
    events = [];
    media.onEvent((event) => events.push(event));
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close().catch(() => undefined);
    await media.close();
  });

  const publish = async (showId: string): Promise<FakePublisher> => {
    const publisher = await fakePublisher(media, showId, { fps: 30, keyframeEvery: 1_000, peerConfig });
    closers.push(() => publisher.stop());
    return publisher;
  };
  const watch = async (showId: string, viewerId: string) => {
    const viewer = asViewer(await fakeViewer(media, showId, viewerId, { peerConfig }));
    closers.push(() => viewer.close());
    return viewer;
  };

  it("forwards her video and audio to every viewer, each viewer's first frame a keyframe it asked for", async () => {
    const showId = randomUUID();
    await media.openRoom(showId);
    const publisher = await publish(showId);
    const one = await watch(showId, 'one');
    const two = await watch(showId, 'two');
    await Promise.all([one.firstFrame, two.firstFrame]);
    await until(() => one.frames > 30 && two.frames > 30 && one.audioPackets > 30 && two.audioPackets > 30);
    // keyframes come every 1000 frames unless asked: each viewer's join asked for one
    expect(publisher.keyframeRequests).toBeGreaterThanOrEqual(2);
    expect(one.keyframes).toBeGreaterThanOrEqual(1);
    expect(media.viewerCount(showId)).toBe(2);
  });

  it("answers 'full' past the room's cap, and a dropped viewer frees a place and receives nothing more", async () => {
    const showId = randomUUID();
    await media.openRoom(showId);
    await publish(showId);
    const one = await watch(showId, 'one');
    await watch(showId, 'two');
    expect(await fakeViewer(media, showId, 'three', { peerConfig })).toBe('full');

    await one.firstFrame;
    await media.dropViewer(showId, 'one');
    expect(media.viewerCount(showId)).toBe(1);
    // what was on the wire when it was dropped may still arrive
    await new Promise((resolve) => setTimeout(resolve, 200));
    const framesAtDrop = one.frames;
    const three = await watch(showId, 'three');
    await three.firstFrame;
    await until(() => three.frames > 10);
    expect(one.frames - framesAtDrop).toBeLessThanOrEqual(2);
    expect(events.filter((event) => event.type === 'viewer-left')).toEqual([]);
  });

  it('refuses a viewer before she publishes and without a room; a room of its own cap', async () => {
    const showId = randomUUID();
    expect(await media.watch(showId, 'early')).toEqual({ ok: false, reason: 'no_room' });
    await media.openRoom(showId, { maxViewers: 1 });
    expect(await media.watch(showId, 'early')).toEqual({ ok: false, reason: 'not_publishing' });
    await publish(showId);
    await watch(showId, 'one');
    expect(await media.watch(showId, 'two')).toEqual({ ok: false, reason: 'full' });
  });

  it('closing the room stops every stream and says so once', async () => {
    const showId = randomUUID();
    await media.openRoom(showId);
    await publish(showId);
    const one = await watch(showId, 'one');
    await one.firstFrame;
    await media.closeRoom(showId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const framesAtClose = one.frames;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(one.frames - framesAtClose).toBeLessThanOrEqual(2);
    expect(media.hasRoom(showId)).toBe(false);
    expect(media.viewerCount(showId)).toBe(0);
    expect(events).toEqual([{ type: 'room-closed', showId, reason: 'closed' }]);
    expect(await media.watch(showId, 'late')).toEqual({ ok: false, reason: 'no_room' });
  });

  it('she publishes again (a reload): viewers who join then get her new stream', async () => {
    const showId = randomUUID();
    await media.openRoom(showId);
    const first = await publish(showId);
    await first.stop();
    await publish(showId);
    const one = await watch(showId, 'one');
    await one.firstFrame;
    await until(() => one.frames > 10);
  });

  return { media: () => media, events: () => events, publish, watch };
}

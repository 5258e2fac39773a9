/**
 * Streaming from OBS end to end: a werift WHIP encoder sends a real VP8 clip to the API with her
 * token, she is live like a show from her browser, a viewer through the SFU receives its frames,
 * and DELETE on the stream's `Location` ends the stream and the show; an encoder that vanishes
 * without DELETE ends it too. On the embedded SFU always,
 * and on Debian's Janus when it is installed.
 */
import type { ShowView } from '@aura/contracts';
import type { PeerConfig } from 'werift';
import {
  janusInstalled,
  janusPeerConfig,
  JANUS_BINARY,
  startJanus,
  type JanusServer,
} from '../../../platform/sfu/janus-server';
import { until } from '../../../platform/sfu/show-media.contract';
import { whipEncoder, WhipRefused, type WhipEncoder } from '../../../platform/sfu/whip-client';
import { closeLeftoverLoopbackSockets, fakeViewer, type FakeViewer } from '../../../platform/sfu/werift-peers';
import { superadminClient } from '../../../test/admin-session';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { onlinePerformer, type Http } from '../../../test/session-helpers';

jest.setTimeout(60_000);

function whipJourney(
  start: () => Promise<{ app: TestApp; peerConfig?: Partial<PeerConfig>; stop?: () => Promise<void> }>,
) {
  let app: TestApp;
  let admin: Http;
  let peerConfig: Partial<PeerConfig> | undefined;
  let stop: (() => Promise<void>) | undefined;
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    ({ app, peerConfig, stop } = await start());
    admin = await superadminClient(app);
  }, 120_000);
  afterAll(async () => {
    for (const close of closers.splice(0)) await close().catch(() => undefined);
    await app?.close();
    await stop?.();
    closeLeftoverLoopbackSockets();
  });

  async function herEncoder() {
    const performer = await onlinePerformer(app.url, admin);
    const settings = await performer.http.get(`/api/performers/${performer.id}/whip`);
    expect(settings.status).toBe(200);
    const { url, token } = settings.json as { url: string; token: string };
    return { performer, url, token };
  }
  const publish = async (url: string, token: string) => {
    const encoder = await whipEncoder(url, token, { peerConfig });
    closers.push(() => encoder.close());
    return encoder;
  };
  const showIdOf = (encoder: WhipEncoder) => new URL(encoder.location).pathname.split('/').at(-1)!;
  const watch = async (showId: string, viewerId: string) => {
    const viewer = await fakeViewer(app.infra.showMedia, showId, viewerId, { peerConfig });
    if (typeof viewer === 'string') throw new Error(`viewer refused: ${viewer}`);
    closers.push(() => viewer.close());
    return viewer as FakeViewer;
  };

  it('goes live from the encoder, a viewer receives its VP8 frames, DELETE ends the stream and the show', async () => {
    const { performer, url, token } = await herEncoder();
    const encoder = await publish(url, token);
    const showId = showIdOf(encoder);

    await app.settled();
    const show = (await performer.http.get(`/api/shows/${showId}`)).json as unknown as ShowView;
    expect(show).toMatchObject({ id: showId, performerId: performer.id, status: 'live' });

    const viewer = await watch(showId, 'viewer-1');
    await viewer.firstFrame;
    await until(() => viewer.frames > 15 && viewer.audioPackets > 15, 15_000);
    expect(viewer.keyframes).toBeGreaterThanOrEqual(1);
    expect(encoder.keyframeRequests).toBeGreaterThanOrEqual(1);

    // a second stream while this one is live
    await expect(publish(url, token)).rejects.toMatchObject({ status: 409 });

    expect(await encoder.end()).toBe(200);
    await app.settled();
    const ended = (await performer.http.get(`/api/shows/${showId}`)).json as unknown as ShowView;
    expect(ended.status).toBe('ended');
    expect(app.infra.showMedia.hasRoom(showId)).toBe(false);
    // real RTP from a real encoder: frames already on the wire land within this, then a frame forwarded after
    // the end would come within the next half second, and no condition tells that none comes
    await new Promise((resolve) => setTimeout(resolve, 300));
    const framesAtEnd = viewer.frames;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(viewer.frames - framesAtEnd).toBeLessThanOrEqual(2);
  });

  it('takes an H.264-only offer, as OBS 30+ sends: the answer is H.264 and a viewer receives H.264', async () => {
    const { url, token } = await herEncoder();
    const offered: string[] = [];
    const answers: string[] = [];
    const encoder = await whipEncoder(url, token, {
      peerConfig,
      codec: 'h264',
      onExchange: (offer, answer) => offered.push(offer) && answers.push(answer),
    });
    closers.push(() => encoder.close());
    expect(offered[0]).toMatch(/a=rtpmap:\d+ H264\/90000/i);
    expect(offered[0]).not.toMatch(/VP8/i);
    expect(answers[0]).toMatch(/a=rtpmap:\d+ H264\/90000/i);

    const viewer = await watch(showIdOf(encoder), 'viewer-h264');
    await viewer.firstFrame;
    await until(() => viewer.frames > 10, 15_000);
    expect(viewer.videoCodec).toBe('video/h264');
    expect(await encoder.end()).toBe(200);
  });

  it('a renewed token voids the old one', async () => {
    const { performer, url, token } = await herEncoder();
    const renewed = await performer.http.post(`/api/performers/${performer.id}/whip/token`, {});
    expect(renewed.status).toBe(201);
    const error = await publish(url, token).catch((refusal: unknown) => refusal);
    expect(error).toBeInstanceOf(WhipRefused);
    expect((error as WhipRefused).status).toBe(401);
    expect(JSON.parse((error as WhipRefused).body)).toMatchObject({ code: 'whip_token_invalid' });
    const encoder = await publish(url, (renewed.json as { token: string }).token);
    expect(await encoder.end()).toBe(200);
  });

  it('an encoder that does not connect in time says how far it got, and deletes the stream it opened', async () => {
    const { performer, url, token } = await herEncoder();
    // (no ICE and DTLS exchange completes within a millisecond)
    const failed = await whipEncoder(url, token, { peerConfig, connectTimeoutMs: 1 }).catch((error: unknown) => error);
    expect(String(failed)).toMatch(/WHIP peer did not connect \(connection [a-z]+, ICE [a-z]+\)/);
    // its stream is gone, so she goes live again at once (not 409 show_already_live)
    await app.settled();
    const encoder = await publish(url, token);
    await app.settled();
    const show = (await performer.http.get(`/api/shows/${showIdOf(encoder)}`)).json as unknown as ShowView;
    expect(show).toMatchObject({ status: 'live' });
    expect(await encoder.end()).toBe(200);
  });

  // Janus notices the lost ICE consent, the embedded SFU that no RTP came for SFU_PUBLISHER_SILENCE_MS
  it('an encoder that goes away without DELETE ends its show', async () => {
    const { performer, url, token } = await herEncoder();
    const encoder = await publish(url, token);
    const showId = showIdOf(encoder);
    await encoder.close();
    await until(() => !app.infra.showMedia.hasRoom(showId), 40_000);
    await app.settled();
    const ended = (await performer.http.get(`/api/shows/${showId}`)).json as unknown as ShowView;
    expect(ended).toMatchObject({ status: 'ended' });
  });
}

describe('WHIP on the embedded SFU', () => {
  // her silence noticed after 3 s rather than 15 (an encoder gone without DELETE, the last test)
  whipJourney(async () => ({ app: await startTestApp({ SFU_PUBLISHER_SILENCE_MS: '3000' }) }));
});

if (!janusInstalled())
  process.stdout.write(`\n[skip] WHIP on Janus: ${JANUS_BINARY} is not installed (apt-get install janus)\n`);
(janusInstalled() ? describe : describe.skip)('WHIP on Janus', () => {
  whipJourney(async () => {
    const janus: JanusServer = await startJanus({ rtpPortRange: '42400-42599' });
    const app = await startTestApp({ SFU: 'janus', JANUS_URL: janus.url, JANUS_API_SECRET: janus.apiSecret });
    return { app, peerConfig: janusPeerConfig(), stop: () => janus.stop() };
  });
});

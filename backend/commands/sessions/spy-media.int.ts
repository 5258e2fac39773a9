/**
 * A private's media for its spies, end to end on the embedded SFU: she accepts a private that
 * allows spies and publishes her camera over `spy:publish`; a spy with a running watch gets ICE
 * servers and her frames over `spy:watch`; the private's own user, a user without a watch and a
 * spy whose watch ended are refused; ending the private closes the room for everyone in it.
 */
import type { Socket } from 'socket.io-client';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, useOPUS, useVP8 } from 'werift';
import type { ShowMediaClosed } from '@aura/contracts';
import { newId } from '../../platform/ids';
import { until } from '../../platform/sfu/show-media.contract';
import { closeLeftoverLoopbackSockets, LOOPBACK_PEER_CONFIG } from '../../platform/sfu/werift-peers';
import { superadminClient } from '../../test/admin-session';
import { startTestApp, type TestApp } from '../../test/app-harness';
import { fundedUser, onlinePerformer, socketFor, type Http } from '../../test/session-helpers';

jest.setTimeout(60_000);

const codecs = () => ({ video: [useVP8()], audio: [useOPUS()] });
let app: TestApp;
let admin: Http;
const sockets: Socket[] = [];
const peers: RTCPeerConnection[] = [];

beforeAll(async () => {
  app = await startTestApp();
  admin = await superadminClient(app);
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const pc of peers) await pc.close().catch(() => undefined);
  await app?.close();
  closeLeftoverLoopbackSockets();
});

async function open(http: Http) {
  const socket = await socketFor(app.url, http);
  sockets.push(socket);
  return socket;
}

async function gathered(pc: RTCPeerConnection) {
  if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((state) => state === 'complete');
  return pc.localDescription!.sdp;
}

/** her page: a fake camera (VP8 frames, a keyframe whenever asked) published to the private's spy room */
async function publishAs(socket: Socket, sessionId: string) {
  const pc = new RTCPeerConnection({ ...LOOPBACK_PEER_CONFIG, codecs: codecs() });
  peers.push(pc);
  const video = new MediaStreamTrack({ kind: 'video' });
  const transceiver = pc.addTransceiver(video, { direction: 'sendonly' });
  let keyframe = true;
  transceiver.sender.onPictureLossIndication.subscribe(() => (keyframe = true));
  await pc.setLocalDescription(await pc.createOffer());
  const answer = await socket.emitWithAck('spy:publish', {
    showId: sessionId,
    offer: { type: 'offer', sdp: await gathered(pc) },
  });
  if (!answer.ok) return answer;
  await pc.setRemoteDescription(answer.answer);
  let seq = 1;
  const timer = setInterval(() => {
    video.writeRtp(
      new RtpPacket(
        new RtpHeader({ payloadType: 96, sequenceNumber: seq, timestamp: seq * 3000, ssrc: 42, marker: true }),
        Buffer.from([0x10, keyframe ? 0x00 : 0x01, 1, 2, 3, 4]),
      ),
    );
    keyframe = false;
    seq += 1;
  }, 33);
  pc.connectionStateChange.subscribe((state) => (state === 'closed' ? clearInterval(timer) : undefined));
  return answer;
}

/** a spy's page: watch, answer with trickled candidates, count her frames */
async function watchAs(socket: Socket, sessionId: string) {
  const joined = await socket.emitWithAck('spy:watch', { showId: sessionId });
  if (!joined.ok) return { joined, frames: () => 0 };
  const pc = new RTCPeerConnection({ ...LOOPBACK_PEER_CONFIG, codecs: codecs() });
  peers.push(pc);
  let frames = 0;
  pc.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe((rtp) => (track.kind === 'video' && rtp.header.marker ? (frames += 1) : undefined)),
  );
  pc.onIceCandidate.subscribe(
    (candidate) =>
      void socket.emitWithAck('spy:ice', { showId: sessionId, candidate: candidate ? candidate.toJSON() : null }),
  );
  await pc.setRemoteDescription(joined.offer);
  await pc.setLocalDescription(await pc.createAnswer());
  const answered = await socket.emitWithAck('spy:answer', {
    showId: sessionId,
    answer: { type: 'answer', sdp: pc.localDescription!.sdp },
  });
  expect(answered).toEqual({ ok: true });
  return { joined, frames: () => frames };
}

const startSpy = (http: Http, sessionId: string) =>
  http.post(`/api/sessions/${sessionId}/spy`, {}, { 'idempotency-key': newId() });

/** her private with Bob, on terms that allow spies (`spyPrice`), accepted */
async function runningPrivate(spyPrice: number | null) {
  const performer = await onlinePerformer(app.url, admin, { rate: 4 });
  if (spyPrice !== null)
    expect((await performer.http.send('PATCH', `/api/performers/${performer.id}`, { spyPrice })).status).toBe(200);
  const bob = await fundedUser(app, admin, 100);
  const requested = await bob.http.post('/api/sessions', { performerId: performer.id });
  expect(requested.status).toBe(201);
  const sessionId = requested.json.id as string;
  expect((await performer.http.post(`/api/sessions/${sessionId}/accept`, {})).status).toBe(200);
  return { performer, bob, sessionId };
}

describe("a private's spy room at the SFU", () => {
  it('a spy with a watch gets ICE and her frames; her user, a user without a watch, an ended watch are refused; the end closes it', async () => {
    const { performer, bob, sessionId } = await runningPrivate(1);
    const her = await open(performer.http);
    expect(await publishAs(her, sessionId)).toMatchObject({ ok: true });

    const alice = await fundedUser(app, admin, 50);
    expect((await startSpy(alice.http, sessionId)).status).toBe(201);
    const aliceSocket = await open(alice.http);
    expect(await aliceSocket.emitWithAck('spy:ice-config', { showId: sessionId })).toMatchObject({
      ok: true,
      role: 'viewer',
      ice: { iceServers: expect.any(Array) },
    });
    const aliceSees = await watchAs(aliceSocket, sessionId);
    expect(aliceSees.joined.ok).toBe(true);
    await until(() => aliceSees.frames() > 10, 15_000);

    // the private's own user: his call stays peer-to-peer, the room is not his, even with a watch asked for
    const bobSocket = await open(bob.http);
    expect(await bobSocket.emitWithAck('spy:ice-config', { showId: sessionId })).toEqual({
      ok: false,
      error: 'forbidden',
    });
    expect(await bobSocket.emitWithAck('spy:watch', { showId: sessionId })).toEqual({ ok: false, error: 'forbidden' });
    expect((await startSpy(bob.http, sessionId)).status).toBe(403);
    const offer = { type: 'offer', sdp: 'v=0\r\n' };
    expect(await bobSocket.emitWithAck('spy:publish', { showId: sessionId, offer })).toEqual({
      ok: false,
      error: 'forbidden',
    });

    // a user who has not paid for a watch
    const carlo = await fundedUser(app, admin, 50);
    const carloSocket = await open(carlo.http);
    expect(await carloSocket.emitWithAck('spy:ice-config', { showId: sessionId })).toEqual({
      ok: false,
      error: 'forbidden',
    });
    expect(await carloSocket.emitWithAck('spy:watch', { showId: sessionId })).toEqual({
      ok: false,
      error: 'forbidden',
    });
    expect(await carloSocket.emitWithAck('spy:publish', { showId: sessionId, offer })).toEqual({
      ok: false,
      error: 'forbidden',
    });

    // a second spy leaves: his page is dropped at once and may not watch again
    const dora = await fundedUser(app, admin, 50);
    expect((await startSpy(dora.http, sessionId)).status).toBe(201);
    const doraSocket = await open(dora.http);
    const doraSees = await watchAs(doraSocket, sessionId);
    await until(() => doraSees.frames() > 5, 15_000);
    const doraClosed = new Promise<ShowMediaClosed>((resolve) => doraSocket.once('spy:media', resolve));
    expect((await dora.http.post(`/api/sessions/${sessionId}/spy/end`, {})).status).toBe(200);
    expect(await doraClosed).toEqual({ showId: sessionId, reason: 'ended' });
    expect(app.infra.showMedia.viewerCount(sessionId)).toBe(1);
    expect(await doraSocket.emitWithAck('spy:watch', { showId: sessionId })).toEqual({ ok: false, error: 'forbidden' });

    // the private ends: her page and Alice's hear it, the room is gone, nobody joins again
    const closed: ShowMediaClosed[] = [];
    for (const socket of [her, aliceSocket]) socket.on('spy:media', (payload) => closed.push(payload));
    expect((await performer.http.post(`/api/sessions/${sessionId}/end`, {})).status).toBe(200);
    await until(() => closed.length === 2, 10_000);
    expect(closed).toEqual([
      { showId: sessionId, reason: 'ended' },
      { showId: sessionId, reason: 'ended' },
    ]);
    expect(app.infra.showMedia.hasRoom(sessionId)).toBe(false);
    expect(await aliceSocket.emitWithAck('spy:watch', { showId: sessionId })).toEqual({
      ok: false,
      error: 'not_live',
    });
  });

  it('a private without spies has no spy room: her media stays peer-to-peer', async () => {
    const { performer, sessionId } = await runningPrivate(null);
    const her = await open(performer.http);
    expect(await her.emitWithAck('spy:ice-config', { showId: sessionId })).toEqual({ ok: false, error: 'forbidden' });
    expect(await publishAs(her, sessionId)).toEqual({ ok: false, error: 'forbidden' });
    expect(app.infra.showMedia.hasRoom(sessionId)).toBe(false);
  });
});

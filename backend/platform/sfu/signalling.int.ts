import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { RTCPeerConnection, MediaStreamTrack, RtpHeader, RtpPacket, useOPUS, useVP8 } from 'werift';
import type { ClientToServerEvents, ServerToClientEvents, ShowMediaClosed } from '@aura/contracts';
import { createLogger } from '../logging/logger';
import type { AuraSocket } from '../realtime/realtime';
import { createEmbeddedSfu } from './embedded';
import type { ShowMedia } from './port';
import { closeLeftoverLoopbackSockets, LOOPBACK_PEER_CONFIG } from './werift-peers';
import { showIceConfig } from './media-ice';
import { createShowMediaSignalling, type ShowMediaAuthorization, type ShowMediaCaller } from './signalling';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const codecs = () => ({ video: [useVP8()], audio: [useOPUS()] });

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

async function gathered(pc: RTCPeerConnection) {
  if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((state) => state === 'complete');
  return pc.localDescription!.sdp;
}

describe('show media signalling over Socket.IO (embedded SFU)', () => {
  let http: HttpServer;
  let media: ShowMedia;
  let url: string;
  let signalling: ReturnType<typeof createShowMediaSignalling>;
  const showId = randomUUID();
  const performerId = randomUUID();
  const banned = new Set<string>();
  let live = true;
  const clients: Client[] = [];
  const peers: RTCPeerConnection[] = [];

  // the domain's rule, as the shows module will give it: her show, she publishes; anyone not banned watches
  const authorize = async (caller: ShowMediaCaller, id: string): Promise<ShowMediaAuthorization> => {
    if (id !== showId || !live) return { refused: 'not_live' };
    if (caller.principal?.kind === 'performer' && caller.principal.sub === performerId) return 'publisher';
    if (caller.principal && banned.has(caller.principal.sub)) return { refused: 'forbidden' };
    return 'viewer';
  };

  beforeAll(async () => {
    media = createEmbeddedSfu({ maxViewers: 2, peerConfig: LOOPBACK_PEER_CONFIG });
    signalling = createShowMediaSignalling({
      media,
      authorize,
      iceConfig: showIceConfig(
        {
          ICE_SERVERS: [{ urls: 'turn:127.0.0.1:3478' }],
          TURN_SECRET: 'a-turn-secret-of-16',
          TURN_CREDENTIAL_TTL_SECONDS: 600,
        },
        () => new Date(),
      ),
      logger: createLogger('silent'),
    });
    http = createServer();
    const server = new Server<
      ClientToServerEvents,
      ServerToClientEvents,
      Record<string, never>,
      { principal?: { sid: string; sub: string; kind: 'user' | 'performer' | 'admin'; exp: number } }
    >(http);
    // stands in for the session cookie's check: the test names the principal
    server.use((socket, next) => {
      const auth = socket.handshake.auth as { kind?: 'user' | 'performer'; sub?: string };
      if (auth.kind && auth.sub)
        socket.data.principal = { sid: randomUUID(), sub: auth.sub, kind: auth.kind, exp: Date.now() + 3_600_000 };
      next();
    });
    server.on('connection', (socket) => signalling.onConnection(socket as AuraSocket));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    for (const pc of peers) await pc.close().catch(() => undefined);
    signalling.stop();
    await media.close();
    await new Promise((resolve) => http.close(resolve));
    closeLeftoverLoopbackSockets();
  });

  const client = async (auth: { kind?: 'user' | 'performer'; sub?: string } = {}) => {
    const socket: Client = connect(url, { auth, transports: ['websocket'], forceNew: true });
    clients.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return socket;
  };

  /** her page: the fake camera sends frames once connected, a keyframe whenever asked */
  async function publishAs(socket: Client) {
    const pc = new RTCPeerConnection({ ...LOOPBACK_PEER_CONFIG, codecs: codecs() });
    peers.push(pc);
    const video = new MediaStreamTrack({ kind: 'video' });
    const transceiver = pc.addTransceiver(video, { direction: 'sendonly' });
    pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendonly' });
    let keyframe = true;
    transceiver.sender.onPictureLossIndication.subscribe(() => (keyframe = true));
    await pc.setLocalDescription(await pc.createOffer());
    const answer = await socket.emitWithAck('show:publish', {
      showId,
      offer: { type: 'offer', sdp: await gathered(pc) },
    });
    if (!answer.ok) return answer;
    await pc.setRemoteDescription(answer.answer);
    let seq = 1;
    const timer = setInterval(() => {
      const payload = Buffer.from([0x10, keyframe ? 0x00 : 0x01, 1, 2, 3, 4]);
      keyframe = false;
      video.writeRtp(
        new RtpPacket(
          new RtpHeader({ payloadType: 96, sequenceNumber: seq, timestamp: seq * 3000, ssrc: 42, marker: true }),
          payload,
        ),
      );
      seq += 1;
    }, 33);
    pc.connectionStateChange.subscribe((state) => (state === 'closed' ? clearInterval(timer) : undefined));
    return answer;
  }

  /** a viewer's page: watch, answer with trickled candidates, count frames */
  async function watchAs(socket: Client) {
    const joined = await socket.emitWithAck('show:watch', { showId });
    if (!joined.ok) return { joined, frames: () => 0 };
    const pc = new RTCPeerConnection({ ...LOOPBACK_PEER_CONFIG, codecs: codecs() });
    peers.push(pc);
    let frames = 0;
    pc.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => (track.kind === 'video' && rtp.header.marker ? (frames += 1) : undefined)),
    );
    pc.onIceCandidate.subscribe(
      (candidate) => void socket.emitWithAck('show:ice', { showId, candidate: candidate ? candidate.toJSON() : null }),
    );
    await pc.setRemoteDescription(joined.offer);
    await pc.setLocalDescription(await pc.createAnswer());
    const answered = await socket.emitWithAck('show:answer', {
      showId,
      answer: { type: 'answer', sdp: pc.localDescription!.sdp },
    });
    expect(answered).toEqual({ ok: true });
    return { joined, frames: () => frames };
  }

  it('authorises every request: a visitor or another performer cannot publish, a banned user cannot watch', async () => {
    const visitor = await client();
    const other = await client({ kind: 'performer', sub: randomUUID() });
    banned.add('banned-user');
    const bannedUser = await client({ kind: 'user', sub: 'banned-user' });
    const offer = { type: 'offer', sdp: 'v=0\r\n' };
    expect(await visitor.emitWithAck('show:publish', { showId, offer })).toEqual({ ok: false, error: 'forbidden' });
    expect(await other.emitWithAck('show:publish', { showId, offer })).toEqual({ ok: false, error: 'forbidden' });
    expect(await bannedUser.emitWithAck('show:watch', { showId })).toEqual({ ok: false, error: 'forbidden' });
    expect(await visitor.emitWithAck('show:watch', { showId: randomUUID() })).toEqual({ ok: false, error: 'not_live' });
    expect(await visitor.emitWithAck('show:watch', { showId: 'not-a-uuid' })).toEqual({ ok: false, error: 'invalid' });
    expect(await visitor.emitWithAck('show:answer', { showId, answer: { type: 'answer', sdp: 'v=0' } })).toEqual({
      ok: false,
      error: 'forbidden',
    });
    expect(await visitor.emitWithAck('show:ice', { showId, candidate: null })).toEqual({
      ok: false,
      error: 'forbidden',
    });
  });

  it('applies her candidates trickled before her offer is answered (a browser sends them at once), after the answer', async () => {
    const her = await client({ kind: 'performer', sub: performerId });
    const pc = new RTCPeerConnection({ ...LOOPBACK_PEER_CONFIG, codecs: codecs() });
    peers.push(pc);
    pc.addTransceiver(new MediaStreamTrack({ kind: 'video' }), { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const sdp = await gathered(pc);
    const candidate = sdp
      .split('\r\n')
      .find((line) => line.startsWith('a=candidate:'))!
      .slice(2);
    const published = her.emitWithAck('show:publish', { showId, offer: { type: 'offer', sdp } });
    const trickled = her.emitWithAck('show:ice', { showId, candidate: { candidate, sdpMid: '0', sdpMLineIndex: 0 } });
    expect((await published).ok).toBe(true);
    expect(await trickled).toEqual({ ok: true });
    expect(await her.emitWithAck('show:leave', { showId })).toEqual({ ok: true });
    await media.closeRoom(showId);
  });

  it('hands out ICE servers: TURN credentials named by the show, relay-only', async () => {
    const visitor = await client();
    const answer = await visitor.emitWithAck('show:ice-config', { showId });
    expect(answer).toMatchObject({
      ok: true,
      role: 'viewer',
      ice: {
        iceTransportPolicy: 'relay',
        iceServers: [{ urls: 'turn:127.0.0.1:3478', username: expect.stringMatching(/^\d+:show-viewer-[\w-]{16}$/) }],
      },
    });
  });

  it("she publishes, a visitor and a user watch her frames, a third is told 'full'; a disconnect frees a place, a ban drops, the end reaches all", async () => {
    const she = await client({ kind: 'performer', sub: performerId });
    expect(await she.emitWithAck('show:watch', { showId })).toEqual({ ok: false, error: 'not_live' });
    expect(await publishAs(she)).toMatchObject({ ok: true });

    const visitor = await client();
    const user = await client({ kind: 'user', sub: 'user-1' });
    const seeVisitor = await watchAs(visitor);
    const seeUser = await watchAs(user);
    await until(() => seeVisitor.frames() > 10 && seeUser.frames() > 10);
    expect(media.viewerCount(showId)).toBe(2);

    const third = await client({ kind: 'user', sub: 'user-3' });
    expect((await watchAs(third)).joined).toEqual({ ok: false, error: 'full' });

    visitor.disconnect();
    await until(() => media.viewerCount(showId) === 1);
    const seeThird = await watchAs(third);
    await until(() => seeThird.frames() > 5);

    const closed: ShowMediaClosed[] = [];
    for (const socket of [user, third]) socket.on('show:media', (payload) => closed.push(payload));
    expect(await signalling.dropViewers(showId, (caller) => caller.principal?.sub === 'user-3')).toBe(1);
    await until(() => closed.length === 1);
    expect(closed).toEqual([{ showId, reason: 'dropped' }]);
    expect(media.viewerCount(showId)).toBe(1);

    she.on('show:media', (payload) => closed.push(payload));
    live = false;
    await signalling.endShow(showId);
    await until(() => closed.length === 3);
    expect(closed.slice(1)).toEqual([
      { showId, reason: 'ended' },
      { showId, reason: 'ended' },
    ]);
    expect(media.hasRoom(showId)).toBe(false);
    expect(await user.emitWithAck('show:watch', { showId })).toEqual({ ok: false, error: 'not_live' });
  });
});

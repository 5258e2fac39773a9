/**
 * Headless werift peers standing in for browsers (the SFU tests and `bench/show`): a publisher that
 * sends VP8-shaped frames at a steady rate and answers a keyframe request with a keyframe, and
 * viewers that count the frames and keyframes they receive. Loopback only.
 */
import { Socket } from 'node:dgram';
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RtpHeader,
  RtpPacket,
  useH264,
  useOPUS,
  useVP8,
  type PeerConfig,
} from 'werift';
import { pinnedTo } from './pinned';
import { type SessionDescription, type ShowMedia } from './port';
import { setRemoteDescription } from './werift-bundle';

/** werift bound to loopback: no test traffic leaves the machine */
export const LOOPBACK_PEER_CONFIG: Partial<PeerConfig> = pinnedTo('127.0.0.1');

const codecs = () => ({ video: [useVP8()], audio: [useOPUS()] });

async function gathered(pc: RTCPeerConnection): Promise<SessionDescription> {
  if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((state) => state === 'complete');
  const description = pc.localDescription!;
  return { type: description.type as 'offer' | 'answer', sdp: description.sdp };
}

/** VP8 payload: descriptor (S=1), then the frame's first byte whose lowest bit 0 marks a keyframe */
const vp8Frame = (keyframe: boolean, size: number) => {
  const payload = Buffer.alloc(size, 0xab);
  payload[0] = 0x10;
  payload[1] = keyframe ? 0x00 : 0x01;
  return payload;
};
export const isVp8Keyframe = (payload: Buffer) =>
  payload.length > 1 && (payload[0]! & 0x10) !== 0 && (payload[1]! & 0x01) === 0;

/** H.264 payload (RFC 6184) starting a keyframe: an SPS or IDR NAL unit, alone or first of a FU-A */
export function isH264Keyframe(payload: Buffer): boolean {
  const type = (payload[0] ?? 0) & 0x1f;
  if (type === 28) return payload.length > 1 && (payload[1]! & 0x80) !== 0 && (payload[1]! & 0x1f) === 5;
  if (type === 24) return payload.length > 3 && [5, 7].includes(payload[3]! & 0x1f);
  return type === 5 || type === 7;
}

export interface FakePublisher {
  pc: RTCPeerConnection;
  /** keyframe requests (PLI) she received */
  readonly keyframeRequests: number;
  readonly framesSent: number;
  stop(): Promise<void>;
}

/** Publishes a fake camera (VP8-shaped frames at `fps`, a keyframe every `keyframeEvery` and on request) and microphone. */
export async function fakePublisher(
  media: ShowMedia,
  showId: string,
  options: { fps?: number; keyframeEvery?: number; frameBytes?: number; peerConfig?: Partial<PeerConfig> } = {},
): Promise<FakePublisher> {
  const fps = options.fps ?? 30;
  const keyframeEvery = options.keyframeEvery ?? 10 * fps;
  const pc = new RTCPeerConnection({ ...LOOPBACK_PEER_CONFIG, ...options.peerConfig, codecs: codecs() });
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  const videoTransceiver = pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  let keyframeRequests = 0;
  let wantKeyframe = true;
  videoTransceiver.sender.onPictureLossIndication.subscribe(() => {
    keyframeRequests += 1;
    wantKeyframe = true;
  });
  await pc.setLocalDescription(await pc.createOffer());
  const answer = await media.publish(showId, await gathered(pc));
  await setRemoteDescription(pc, answer);
  await pc.connectionStateChange.watch((state) => state === 'connected');

  const state = { framesSent: 0 };
  let sequenceNumber = Math.floor(Math.random() * 60_000);
  let audioSequence = Math.floor(Math.random() * 60_000);
  const ssrc = 0x1234_5678;
  const timer = setInterval(() => {
    const keyframe = wantKeyframe || state.framesSent % keyframeEvery === 0;
    wantKeyframe = false;
    const timestamp = (state.framesSent * Math.round(90_000 / fps)) >>> 0;
    video.writeRtp(
      new RtpPacket(
        new RtpHeader({ payloadType: 96, sequenceNumber: sequenceNumber, timestamp, ssrc, marker: true }),
        vp8Frame(keyframe, options.frameBytes ?? (keyframe ? 1_000 : 300)),
      ),
    );
    sequenceNumber = (sequenceNumber + 1) & 0xffff;
    audio.writeRtp(
      new RtpPacket(
        new RtpHeader({
          payloadType: 111,
          sequenceNumber: audioSequence,
          timestamp: (state.framesSent * 1_600) >>> 0,
          ssrc: ssrc + 1,
        }),
        Buffer.alloc(60, 0xfc),
      ),
    );
    audioSequence = (audioSequence + 1) & 0xffff;
    state.framesSent += 1;
  }, 1000 / fps);
  return {
    pc,
    get keyframeRequests() {
      return keyframeRequests;
    },
    get framesSent() {
      return state.framesSent;
    },
    async stop() {
      clearInterval(timer);
      await pc.close();
    },
  };
}

export interface FakeViewer {
  pc: RTCPeerConnection;
  /** complete video frames (marker bit) and keyframes received; audio packets */
  frames: number;
  keyframes: number;
  audioPackets: number;
  /** the video codec the SFU offered (lower case mime type), once frames arrive */
  videoCodec?: string;
  /** ms from the start of `watch` to the first keyframe (a decodable first frame), once there is one */
  firstFrameMs?: number;
  firstFrame: Promise<number>;
  close(): Promise<void>;
}

const videoCodecOf = (pc: RTCPeerConnection) =>
  pc
    .getTransceivers()
    .find((transceiver) => transceiver.kind === 'video')
    ?.codecs[0]?.mimeType.toLowerCase();

/** A viewer through the port, as the signalling does it: watch → offer, answer, then counts what arrives. */
export async function fakeViewer(
  media: ShowMedia,
  showId: string,
  viewerId: string,
  options: { peerConfig?: Partial<PeerConfig> } = {},
): Promise<FakeViewer | 'full' | 'no_room' | 'not_publishing'> {
  const started = performance.now();
  const joined = await media.watch(showId, viewerId);
  if (!joined.ok) return joined.reason;
  // a viewer takes the room's codec: VP8 or H.264
  const pc = new RTCPeerConnection({
    ...LOOPBACK_PEER_CONFIG,
    ...options.peerConfig,
    codecs: { video: [useVP8(), useH264()], audio: [useOPUS()] },
  });
  let resolveFirst!: (ms: number) => void;
  const viewer: FakeViewer = {
    pc,
    frames: 0,
    keyframes: 0,
    audioPackets: 0,
    firstFrame: new Promise<number>((resolve) => (resolveFirst = resolve)),
    async close() {
      await pc.close();
    },
  };
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((rtp) => {
      if (track.kind === 'audio') {
        viewer.audioPackets += 1;
        return;
      }
      if (rtp.header.marker) viewer.frames += 1;
      viewer.videoCodec ??= videoCodecOf(pc);
      if ((viewer.videoCodec === 'video/h264' ? isH264Keyframe : isVp8Keyframe)(rtp.payload)) {
        viewer.keyframes += 1;
        if (viewer.firstFrameMs === undefined) {
          viewer.firstFrameMs = performance.now() - started;
          resolveFirst(viewer.firstFrameMs);
        }
      }
    });
  });
  pc.onIceCandidate.subscribe((candidate) => {
    if (candidate) void media.addIceCandidate(showId, viewerId, candidate.toJSON()).catch(() => undefined);
  });
  await setRemoteDescription(pc, joined.offer);
  await pc.setLocalDescription(await pc.createAnswer());
  await media.answer(showId, viewerId, await gathered(pc));
  return viewer;
}

/**
 * werift 0.24.4 leaves one UDP socket open per closed peer connection (one gathered but never
 * listed among the connection's sockets): a test closes what is left on loopback so jest can
 * exit. Known issue, docs/architecture.md#media-path.
 */
export function closeLeftoverLoopbackSockets(): number {
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  let closed = 0;
  for (const handle of handles) {
    if (!(handle instanceof Socket)) continue;
    try {
      if (handle.address().address !== '127.0.0.1') continue;
      handle.close();
      closed += 1;
    } catch {
      // not bound or already closed
    }
  }
  return closed;
}

/**
 * A WHIP encoder (RFC 9725) standing in for OBS in tests: a werift peer that POSTs its SDP offer
 * with a bearer token, then sends a real VP8 clip (an IVF file, looped) and a silent Opus track;
 * a keyframe request restarts the clip at its first frame (a keyframe). Loopback only.
 * `codec: 'h264'` offers only H.264, as OBS 30+ does, and sends H.264-shaped frames (SPS, PPS and
 * an IDR slice for a keyframe, a non-IDR slice otherwise; not a picture a decoder shows).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
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
import { LOOPBACK_PEER_CONFIG } from './werift-peers';
import { setRemoteDescription } from './werift-bundle';

/** 2 s of ffmpeg's test picture, 160×120 at 15 fps, a keyframe every 15 frames (libvpx). */
export const VP8_SAMPLE = path.join(__dirname, 'fixtures', 'vp8-160x120.ivf');

/** The frames of an IVF file (32-byte header, then a 12-byte header before each frame) and its frame rate. */
export function readIvf(file: string): { frames: Buffer[]; fps: number } {
  const bytes = readFileSync(file);
  if (bytes.toString('ascii', 0, 4) !== 'DKIF') throw new Error(`${file} is no IVF file`);
  const rate = bytes.readUInt32LE(16);
  const scale = bytes.readUInt32LE(20);
  const frames: Buffer[] = [];
  for (let offset = bytes.readUInt16LE(6); offset + 12 <= bytes.length;) {
    const size = bytes.readUInt32LE(offset);
    frames.push(bytes.subarray(offset + 12, offset + 12 + size));
    offset += 12 + size;
  }
  return { frames, fps: Math.max(1, Math.round(rate / Math.max(1, scale))) };
}

const MAX_PAYLOAD = 1_100;

/** One VP8 frame as RTP payloads (RFC 7741): a one-byte descriptor, S set on the first. */
function vp8Payloads(frame: Buffer): Buffer[] {
  const payloads: Buffer[] = [];
  for (let offset = 0; offset < frame.length; offset += MAX_PAYLOAD)
    payloads.push(
      Buffer.concat([Buffer.from([offset === 0 ? 0x10 : 0x00]), frame.subarray(offset, offset + MAX_PAYLOAD)]),
    );
  return payloads;
}

/** One H.264-shaped frame as single-NAL-unit payloads (RFC 6184): SPS, PPS and IDR for a keyframe. */
function h264Payloads(keyframe: boolean): Buffer[] {
  const nal = (header: number, size: number) => Buffer.concat([Buffer.from([header]), Buffer.alloc(size, 0xab)]);
  return keyframe ? [nal(0x67, 10), nal(0x68, 4), nal(0x65, 900)] : [nal(0x41, 300)];
}

export type WhipCodec = 'vp8' | 'h264';

/** the frames the encoder loops: the VP8 clip's, or H.264-shaped ones (a keyframe every second) */
function clip(codec: WhipCodec, file: string | undefined): { frames: Buffer[][]; fps: number } {
  if (codec === 'h264') return { frames: Array.from({ length: 15 }, (_, index) => h264Payloads(index === 0)), fps: 15 };
  const { frames, fps } = readIvf(file ?? VP8_SAMPLE);
  return { frames: frames.map(vp8Payloads), fps };
}

export interface WhipEncoder {
  /** the stream's resource (the answer's `Location`, absolute) */
  location: string;
  readonly framesSent: number;
  readonly keyframeRequests: number;
  /** DELETE on the resource: the stream (and the show) ends; answers its status */
  end(): Promise<number>;
  /** stops sending and closes the peer connection (no DELETE: the encoder just goes away) */
  close(): Promise<void>;
}

export class WhipRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`WHIP endpoint answered ${status}: ${body}`);
  }
}

/** Publishes the clip to `url` with `token`: the encoder once the SFU answered and the connection is up. */
export async function whipEncoder(
  url: string,
  token: string,
  options: {
    file?: string;
    codec?: WhipCodec;
    peerConfig?: Partial<PeerConfig>;
    connectTimeoutMs?: number;
    /** sees the offer it sent and the answer it was given */
    onExchange?: (offer: string, answer: string) => void;
  } = {},
): Promise<WhipEncoder> {
  const codec = options.codec ?? 'vp8';
  const { frames, fps } = clip(codec, options.file);
  const pc = new RTCPeerConnection({
    ...LOOPBACK_PEER_CONFIG,
    ...options.peerConfig,
    codecs: { video: [codec === 'h264' ? useH264() : useVP8()], audio: [useOPUS()] },
  });
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  const videoTransceiver = pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((state) => state === 'complete');

  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
    body: pc.localDescription!.sdp,
  });
  const text = await response.text();
  if (response.status !== 201) {
    await pc.close();
    throw new WhipRefused(response.status, text);
  }
  options.onExchange?.(pc.localDescription!.sdp, text);
  const location = new URL(response.headers.get('location')!, url).toString();
  const deleteStream = () => fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  await setRemoteDescription(pc, { type: 'answer', sdp: text });
  const connected = await Promise.race([
    pc.connectionStateChange.watch((state) => state === 'connected').then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), options.connectTimeoutMs ?? 15_000).unref()),
  ]);
  if (!connected) {
    // what it reached, and nothing left behind: its sockets would keep the process alive, its stream the show live
    const reached = `connection ${pc.connectionState}, ICE ${pc.iceConnectionState}`;
    await pc.close().catch(() => undefined);
    await deleteStream()
      .then((ended) => ended.arrayBuffer())
      .catch(() => undefined);
    throw new Error(`WHIP peer did not connect (${reached})`);
  }

  const state = { framesSent: 0, keyframeRequests: 0, next: 0 };
  videoTransceiver.sender.onPictureLossIndication.subscribe(() => {
    state.keyframeRequests += 1;
    state.next = 0;
  });
  let sequenceNumber = Math.floor(Math.random() * 60_000);
  let audioSequence = Math.floor(Math.random() * 60_000);
  const ssrc = 0x2345_6789;
  const timer = setInterval(() => {
    const payloads = frames[state.next]!;
    state.next = (state.next + 1) % frames.length;
    const timestamp = (state.framesSent * Math.round(90_000 / fps)) >>> 0;
    payloads.forEach((payload, index) => {
      const marker = index === payloads.length - 1;
      video.writeRtp(
        new RtpPacket(new RtpHeader({ payloadType: 96, sequenceNumber, timestamp, ssrc, marker }), payload),
      );
      sequenceNumber = (sequenceNumber + 1) & 0xffff;
    });
    audio.writeRtp(
      new RtpPacket(
        new RtpHeader({
          payloadType: 111,
          sequenceNumber: audioSequence,
          timestamp: (state.framesSent * Math.round(48_000 / fps)) >>> 0,
          ssrc: ssrc + 1,
        }),
        Buffer.from([0xf8, 0xff, 0xfe]), // an Opus frame of silence
      ),
    );
    audioSequence = (audioSequence + 1) & 0xffff;
    state.framesSent += 1;
  }, 1000 / fps);

  const close = async () => {
    clearInterval(timer);
    await pc.close().catch(() => undefined);
  };
  return {
    location,
    get framesSent() {
      return state.framesSent;
    },
    get keyframeRequests() {
      return state.keyframeRequests;
    },
    async end() {
      const ended = await deleteStream();
      await ended.arrayBuffer();
      await close();
      return ended.status;
    },
    close,
  };
}

/**
 * The embedded SFU (docs/architecture.md#media-path): werift peer connections in this process.
 * Her video and audio RTP are copied to one local track per viewer and kind, which that viewer's
 * sender rewrites (SSRC, payload type) for its own connection; a viewer whose connection comes up
 * and every picture loss a viewer reports make the SFU ask her for a keyframe (RTCP PLI), so a new
 * viewer's first frame is one keyframe away.
 * Her connection failing, or no RTP from her for `publisherSilenceMs`, is her leaving ('publisher-left').
 * A room's video codec is her encoder's: VP8 when her offer has it (browsers), else H.264 (OBS 30+
 * sends only H.264); her answer names that one codec, and every viewer is offered it.
 */
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  useH264,
  useOPUS,
  useVP8,
  type PeerConfig,
  type RTCRtpTransceiver,
} from 'werift';
import { setRemoteDescription } from './werift-bundle';
import {
  PUBLISHER,
  ShowMediaError,
  showMediaEvents,
  type IceCandidate,
  type SessionDescription,
  type ShowMedia,
} from './port';

export interface EmbeddedSfuOptions {
  /** the room cap when `openRoom` names none */
  maxViewers: number;
  /** extra werift settings: tests bind to loopback, production may pin a UDP port range */
  peerConfig?: Partial<PeerConfig>;
  /** shortest gap between two keyframe requests to her (viewers' picture losses are merged) */
  pliIntervalMs?: number;
  /**
   * her stream is gone when no RTP came for this long (werift 0.24 checks no ICE consent: an
   * encoder that vanishes without DELETE is noticed only by its silence)
   */
  publisherSilenceMs?: number;
}

type Kind = 'video' | 'audio';

interface Viewer {
  pc: RTCPeerConnection;
  tracks: Record<Kind, MediaStreamTrack>;
  connected: boolean;
}

interface Publisher {
  pc: RTCPeerConnection;
  video?: { transceiver: RTCRtpTransceiver; ssrc: number };
  stop: () => void;
}

interface Room {
  maxViewers: number;
  publisher?: Publisher;
  /** the video codec she sends (viewers are offered it); VP8 until she publishes */
  videoCodec: RTCRtpCodecParameters;
  viewers: Map<string, Viewer>;
  lastPliAt: number;
}

/** what her offer may carry: VP8 or H.264 video, Opus audio */
const publisherCodecs = () => ({ video: [useVP8(), useH264()], audio: [useOPUS()] });

/**
 * The one video codec of her offer the room forwards: VP8 if offered, else H.264 (packetization
 * mode 1 preferred: OBS fragments its frames); none when her offer has neither.
 */
export function roomVideoCodec(offered: RTCRtpCodecParameters[]): RTCRtpCodecParameters | undefined {
  const named = (mime: string) => offered.filter((codec) => codec.mimeType.toLowerCase() === mime);
  const h264 = named('video/h264');
  return named('video/vp8')[0] ?? h264.find((codec) => /packetization-mode=1/.test(codec.parameters ?? '')) ?? h264[0];
}

/** the room's codec as a viewer's connection offers it (its own payload type) */
const viewerCodec = (codec: RTCRtpCodecParameters) =>
  new RTCRtpCodecParameters({
    mimeType: codec.mimeType,
    clockRate: codec.clockRate,
    parameters: codec.parameters,
    rtcpFeedback: codec.rtcpFeedback,
  });

/** her video transceiver answers with the room's codec only (so she sends nothing else) */
function chooseVideoCodec(pc: RTCPeerConnection): RTCRtpCodecParameters {
  const video = pc.getTransceivers().find((transceiver) => transceiver.kind === 'video');
  const codec = video ? roomVideoCodec(video.codecs) : undefined;
  if (!video || !codec) throw new ShowMediaError('rejected', 'her offer has no VP8 or H.264 video');
  video.codecs = [codec];
  return codec;
}

export function createEmbeddedSfu(options: EmbeddedSfuOptions): ShowMedia {
  const rooms = new Map<string, Room>();
  const events = showMediaEvents();
  const pliIntervalMs = options.pliIntervalMs ?? 300;
  const publisherSilenceMs = options.publisherSilenceMs ?? 15_000;
  const newPeer = (video: RTCRtpCodecParameters[]) =>
    new RTCPeerConnection({ ...options.peerConfig, codecs: { video, audio: [useOPUS()] } });

  const roomOf = (showId: string) => {
    const room = rooms.get(showId);
    if (!room) throw new ShowMediaError('no_room', `no room for show ${showId}`);
    return room;
  };

  function requestKeyframe(room: Room, force = false) {
    const video = room.publisher?.video;
    if (!video) return;
    const now = Date.now();
    if (!force && now - room.lastPliAt < pliIntervalMs) return;
    room.lastPliAt = now;
    void video.transceiver.receiver.sendRtcpPLI(video.ssrc).catch(() => undefined);
  }

  const closePeer = (pc: RTCPeerConnection) => void pc.close().catch(() => undefined);

  function stopPublisher(room: Room) {
    const publisher = room.publisher;
    if (!publisher) return;
    room.publisher = undefined;
    publisher.stop();
    closePeer(publisher.pc);
  }

  function removeViewer(room: Room, viewerId: string) {
    const viewer = room.viewers.get(viewerId);
    if (!viewer) return false;
    room.viewers.delete(viewerId);
    viewer.tracks.video.stop();
    viewer.tracks.audio.stop();
    closePeer(viewer.pc);
    return true;
  }

  const whenGathered = (pc: RTCPeerConnection) =>
    pc.iceGatheringState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) =>
          pc.iceGatheringStateChange.watch((state) => state === 'complete').then(() => resolve()),
        );

  async function localDescription(pc: RTCPeerConnection): Promise<SessionDescription> {
    await whenGathered(pc);
    const description = pc.localDescription;
    if (!description) throw new ShowMediaError('rejected', 'no local description');
    return { type: description.type as 'offer' | 'answer', sdp: description.sdp };
  }

  return {
    adapter: 'embedded',

    async openRoom(showId, roomOptions) {
      if (rooms.has(showId)) return;
      rooms.set(showId, {
        maxViewers: roomOptions?.maxViewers ?? options.maxViewers,
        viewers: new Map(),
        videoCodec: useVP8(),
        lastPliAt: 0,
      });
    },

    async publish(showId, offer) {
      const room = roomOf(showId);
      stopPublisher(room);
      const pc = new RTCPeerConnection({ ...options.peerConfig, codecs: publisherCodecs() });
      const publisher: Publisher = { pc, stop: () => undefined };
      const unsubscribers: (() => void)[] = [];
      publisher.stop = () => unsubscribers.forEach((stop) => stop());
      room.publisher = publisher;
      const left = () => {
        if (room.publisher !== publisher || rooms.get(showId) !== room) return;
        stopPublisher(room);
        events.emit({ type: 'publisher-left', showId });
      };
      let lastRtpAt = Date.now();
      const silence = setInterval(
        () => Date.now() - lastRtpAt > publisherSilenceMs && left(),
        Math.min(1_000, publisherSilenceMs),
      );
      silence.unref();
      unsubscribers.push(() => clearInterval(silence));

      unsubscribers.push(
        pc.onTrack.subscribe((track) => {
          const kind = track.kind as Kind;
          const transceiver = pc
            .getTransceivers()
            .find((candidate) => candidate.receiver.track === track || candidate.receiver.tracks.includes(track));
          unsubscribers.push(
            track.onReceiveRtp.subscribe((rtp) => {
              lastRtpAt = Date.now();
              if (kind === 'video' && transceiver && publisher.video?.ssrc !== rtp.header.ssrc) {
                publisher.video = { transceiver, ssrc: rtp.header.ssrc };
                requestKeyframe(room, true);
              }
              if (room.viewers.size === 0) return;
              // one copy per viewer: each sender rewrites the header it is given
              const bytes = rtp.serialize();
              for (const viewer of room.viewers.values()) if (viewer.connected) viewer.tracks[kind].writeRtp(bytes);
            }).unSubscribe,
          );
        }).unSubscribe,
      );
      unsubscribers.push(
        pc.connectionStateChange.subscribe((state) => {
          if (state === 'failed' || state === 'closed') left();
        }).unSubscribe,
      );
      try {
        await setRemoteDescription(pc, offer);
        room.videoCodec = chooseVideoCodec(pc);
        // DTLS server: she starts the handshake once she has this answer (a client hello sent before
        // she could check it would be lost, and werift's handshake then fails)
        const answer = await pc.createAnswer();
        await pc.setLocalDescription({ type: 'answer', sdp: answer.sdp.replace(/a=setup:active/g, 'a=setup:passive') });
        return await localDescription(pc);
      } catch (error) {
        if (room.publisher === publisher) stopPublisher(room);
        throw new ShowMediaError('rejected', error instanceof Error ? error.message : String(error));
      }
    },

    async watch(showId, viewerId) {
      const room = rooms.get(showId);
      if (!room) return { ok: false, reason: 'no_room' };
      if (!room.publisher) return { ok: false, reason: 'not_publishing' };
      const existing = room.viewers.has(viewerId);
      if (existing) removeViewer(room, viewerId);
      if (room.viewers.size >= room.maxViewers) return { ok: false, reason: 'full' };
      const pc = newPeer([viewerCodec(room.videoCodec)]);
      const viewer: Viewer = {
        pc,
        tracks: { video: new MediaStreamTrack({ kind: 'video' }), audio: new MediaStreamTrack({ kind: 'audio' }) },
        connected: false,
      };
      room.viewers.set(viewerId, viewer);
      const video = pc.addTransceiver(viewer.tracks.video, { direction: 'sendonly' });
      pc.addTransceiver(viewer.tracks.audio, { direction: 'sendonly' });
      video.sender.onPictureLossIndication.subscribe(() => requestKeyframe(room));
      video.sender.onReady.subscribe(() => {
        viewer.connected = true;
        requestKeyframe(room, true);
      });
      pc.connectionStateChange.subscribe((state) => {
        if ((state === 'failed' || state === 'closed') && room.viewers.get(viewerId) === viewer) {
          removeViewer(room, viewerId);
          events.emit({ type: 'viewer-left', showId, viewerId });
        }
      });
      await pc.setLocalDescription(await pc.createOffer());
      return { ok: true, offer: await localDescription(pc) };
    },

    async answer(showId, viewerId, answer) {
      const viewer = roomOf(showId).viewers.get(viewerId);
      if (!viewer) throw new ShowMediaError('no_peer', 'no such viewer');
      try {
        await setRemoteDescription(viewer.pc, answer);
      } catch (error) {
        throw new ShowMediaError('rejected', error instanceof Error ? error.message : String(error));
      }
    },

    async addIceCandidate(showId, peerId, candidate: IceCandidate | null) {
      const room = roomOf(showId);
      const pc = peerId === PUBLISHER ? room.publisher?.pc : room.viewers.get(peerId)?.pc;
      if (!pc) throw new ShowMediaError('no_peer', 'no such peer');
      if (!candidate?.candidate || hidesBehindMdns(candidate.candidate)) return;
      await pc.addIceCandidate({
        candidate: candidate.candidate,
        sdpMid: candidate.sdpMid ?? undefined,
        sdpMLineIndex: candidate.sdpMLineIndex ?? undefined,
        usernameFragment: candidate.usernameFragment ?? undefined,
      });
    },

    async unpublish(showId) {
      const room = rooms.get(showId);
      if (room) stopPublisher(room);
    },

    async dropViewer(showId, viewerId) {
      const room = rooms.get(showId);
      if (room) removeViewer(room, viewerId);
    },

    async closeRoom(showId) {
      const room = rooms.get(showId);
      if (!room) return;
      rooms.delete(showId);
      stopPublisher(room);
      for (const viewerId of [...room.viewers.keys()]) removeViewer(room, viewerId);
      events.emit({ type: 'room-closed', showId, reason: 'closed' });
    },

    viewerCount: (showId) => rooms.get(showId)?.viewers.size ?? 0,
    hasRoom: (showId) => rooms.has(showId),
    onEvent: (listener) => events.on(listener),

    async close() {
      for (const showId of [...rooms.keys()]) await this.closeRoom(showId);
    },
  };
}

/**
 * A browser names its own host candidates '<uuid>.local' (mDNS), which only its own network can
 * resolve: the server cannot reach them, and asking the multicast group for them (werift's lookup)
 * is traffic to the LAN and a socket left open. Janus ignores them too (`ignore_mdns`); the relay and
 * reflexive candidates remain.
 */
export function hidesBehindMdns(candidate: string): boolean {
  return /\.local$/i.test(candidate.split(' ')[4] ?? '');
}

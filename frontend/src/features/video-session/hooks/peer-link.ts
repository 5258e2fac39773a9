import type { IceConfig, SessionSignal, SessionSignalMessage } from '@aura/contracts';

/** What one side sends the other through the server (`session:signal`, minus the session id). */
export type OutgoingSignal = Omit<SessionSignal, 'sessionId'>;

/** The user's own media as he switched it (told to her over the link's data channel). */
export interface MediaState {
  camera: boolean;
  mic: boolean;
}

export interface LocalTracks {
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
}

export interface PeerLinkEvents {
  send(message: OutgoingSignal): void;
  /** the other side's media (one stream for its audio and video) */
  onRemoteStream(stream: MediaStream): void;
  onConnectionState(state: RTCPeerConnectionState): void;
  onRemoteMedia(state: MediaState): void;
}

/**
 * One RTCPeerConnection between the session's two parties, set up once with an audio and a video
 * transceiver both ways, so a party switching its camera or microphone on or off only replaces a
 * sender's track: no renegotiation. The user offers (and re-offers after her page comes back); the
 * performer answers each offer with a fresh link. ICE servers and the transport policy come from
 * the server (`relay` whenever TURN is configured: only relay candidates are gathered, and the
 * server drops any other it is asked to forward).
 */
export class PeerLink {
  readonly connection: RTCPeerConnection;
  private channel: RTCDataChannel | null = null;
  private pending: RTCIceCandidateInit[] = [];
  private remote = new MediaStream();
  private mediaState: MediaState | null = null;
  private closed = false;

  constructor(
    ice: IceConfig,
    private readonly events: PeerLinkEvents,
    private tracks: LocalTracks,
  ) {
    this.connection = new RTCPeerConnection({ iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy });
    this.connection.onicecandidate = ({ candidate }) => {
      // the end of gathering needs no message: both sides trickle until connected
      if (candidate && candidate.candidate)
        this.events.send({ candidate: candidate.toJSON() as NonNullable<OutgoingSignal['candidate']> });
    };
    this.connection.ontrack = ({ track }) => {
      this.remote.addTrack(track);
      this.events.onRemoteStream(this.remote);
    };
    this.connection.onconnectionstatechange = () => this.events.onConnectionState(this.connection.connectionState);
    this.connection.ondatachannel = ({ channel }) => this.useChannel(channel);
  }

  /** The user's side: both transceivers, the data channel, the offer. */
  async offer(): Promise<void> {
    this.connection.addTransceiver(this.tracks.audio ?? 'audio', { direction: 'sendrecv' });
    this.connection.addTransceiver(this.tracks.video ?? 'video', { direction: 'sendrecv' });
    this.useChannel(this.connection.createDataChannel('media'));
    await this.connection.setLocalDescription(await this.connection.createOffer());
    const local = this.connection.localDescription;
    if (local && !this.closed) this.events.send({ description: { type: 'offer', sdp: local.sdp } });
  }

  /** The other side's signalling: an offer (her side answers it), an answer, a candidate. */
  async receive(message: SessionSignalMessage): Promise<void> {
    if (this.closed) return;
    if (message.description) {
      await this.connection.setRemoteDescription(message.description);
      if (message.description.type === 'offer') await this.answer();
      for (const candidate of this.pending.splice(0)) await this.connection.addIceCandidate(candidate);
    }
    if (message.candidate) {
      const candidate: RTCIceCandidateInit = {
        ...message.candidate,
        sdpMid: message.candidate.sdpMid ?? null,
        sdpMLineIndex: message.candidate.sdpMLineIndex ?? null,
        usernameFragment: message.candidate.usernameFragment ?? null,
      };
      if (this.connection.remoteDescription) await this.connection.addIceCandidate(candidate);
      else this.pending.push(candidate);
    }
  }

  private async answer(): Promise<void> {
    for (const transceiver of this.connection.getTransceivers()) {
      transceiver.direction = 'sendrecv';
      await transceiver.sender.replaceTrack(this.trackFor(transceiver));
    }
    await this.connection.setLocalDescription(await this.connection.createAnswer());
    const local = this.connection.localDescription;
    if (local && !this.closed) this.events.send({ description: { type: 'answer', sdp: local.sdp } });
  }

  private trackFor(transceiver: RTCRtpTransceiver): MediaStreamTrack | null {
    return transceiver.receiver.track.kind === 'audio' ? this.tracks.audio : this.tracks.video;
  }

  /** This side switched its camera or microphone: the senders carry the new tracks (null: nothing). */
  async setTracks(tracks: LocalTracks): Promise<void> {
    this.tracks = tracks;
    if (this.closed) return;
    for (const transceiver of this.connection.getTransceivers()) {
      const track = this.trackFor(transceiver);
      if (transceiver.sender.track !== track && transceiver.currentDirection !== 'stopped')
        await transceiver.sender.replaceTrack(track);
    }
  }

  /** Tells the other side whether this side's camera and microphone are on. */
  sendMediaState(state: MediaState): void {
    this.mediaState = state;
    if (this.channel?.readyState === 'open') this.channel.send(JSON.stringify(state));
  }

  private useChannel(channel: RTCDataChannel) {
    this.channel = channel;
    channel.onopen = () => {
      if (this.mediaState) channel.send(JSON.stringify(this.mediaState));
    };
    channel.onmessage = ({ data }) => {
      const state = parseMediaState(data);
      if (state) this.events.onRemoteMedia(state);
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.channel?.close();
    this.connection.close();
    for (const track of this.remote.getTracks()) this.remote.removeTrack(track);
  }
}

/** A data-channel message of the other side: its media state, or nothing. */
export function parseMediaState(data: unknown): MediaState | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as Partial<MediaState>;
    return typeof parsed.camera === 'boolean' && typeof parsed.mic === 'boolean'
      ? { camera: parsed.camera, mic: parsed.mic }
      : null;
  } catch {
    return null;
  }
}

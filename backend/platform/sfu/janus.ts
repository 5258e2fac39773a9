/**
 * The Janus adapter (docs/architecture.md#media-path): Janus Gateway's VideoRoom plugin driven over
 * its WebSocket JSON API ('janus-protocol'). One Janus session for the API process, kept alive every
 * 25 s; one plugin handle for the rooms (create, destroy), one per publisher (join + configure with
 * her offer → Janus' answer) and one per viewer (join as subscriber → Janus' offer, start with the
 * viewer's answer). The viewer cap is the adapter's own count; Janus' rooms take one publisher.
 * When the WebSocket closes (Janus died or restarted) every room is gone: 'room-closed' for each,
 * then 'down'.
 */
import { randomInt, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import {
  PUBLISHER,
  ShowMediaError,
  showMediaEvents,
  type IceCandidate,
  type SessionDescription,
  type ShowMedia,
} from './port';

export interface JanusOptions {
  url: string;
  apiSecret?: string;
  /** the room cap when `openRoom` names none */
  maxViewers: number;
  /** one Janus request's longest wait */
  requestTimeoutMs?: number;
  keepaliveMs?: number;
}

interface JanusMessage {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: {
    plugin: string;
    data: Record<string, unknown> & { videoroom?: string; error?: string; error_code?: number };
  };
  jsep?: SessionDescription;
}

interface Peer {
  handle: number;
  /** the publisher's feed id in the room */
  feed?: number;
  /** her PeerConnection with Janus is up (webrtcup): Janus takes subscribers to her feed only then */
  up?: Promise<boolean>;
  markUp?: (up: boolean) => void;
}

interface Room {
  janusRoom: number;
  maxViewers: number;
  publisher?: Peer;
  viewers: Map<string, Peer>;
}

const PLUGIN = 'janus.plugin.videoroom';

export async function createJanusSfu(options: JanusOptions): Promise<ShowMedia> {
  const events = showMediaEvents();
  const rooms = new Map<string, Room>();
  /** handle → what it carries, for Janus' own events (hangup, detached) */
  const handles = new Map<number, { showId: string; peerId: string }>();
  const pending = new Map<
    string,
    {
      resolve: (message: JanusMessage) => void;
      reject: (error: Error) => void;
      timer: NodeJS.Timeout;
      untilEvent: boolean;
    }
  >();
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  let down: string | undefined;
  let session = 0;

  const socket = new WebSocket(options.url, 'janus-protocol');
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', (error) =>
      reject(new ShowMediaError('unavailable', `Janus at ${options.url}: ${error.message}`)),
    );
  });

  /**
   * One request. Janus answers a synchronous one (create, attach, a VideoRoom create/destroy) with
   * success or error, a trickle or keepalive with an ack; an asynchronous plugin request (join,
   * configure, start) with an ack, then an event of the same transaction: `untilEvent` waits for it.
   */
  function send(body: Record<string, unknown>, untilEvent = false): Promise<JanusMessage> {
    if (down) return Promise.reject(new ShowMediaError('unavailable', `Janus is down: ${down}`));
    const transaction = randomUUID();
    return new Promise<JanusMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(transaction);
        reject(
          new ShowMediaError('unavailable', `Janus did not answer ${String(body.janus)} in ${requestTimeoutMs} ms`),
        );
      }, requestTimeoutMs);
      pending.set(transaction, { resolve, reject, timer, untilEvent });
      socket.send(
        JSON.stringify({
          ...body,
          transaction,
          ...(options.apiSecret ? { apisecret: options.apiSecret } : {}),
          ...(session ? { session_id: session } : {}),
        }),
      );
    });
  }

  function onMessage(message: JanusMessage) {
    const waiting = message.transaction ? pending.get(message.transaction) : undefined;
    if (waiting && !(message.janus === 'ack' && waiting.untilEvent)) {
      pending.delete(message.transaction!);
      clearTimeout(waiting.timer);
      const pluginError = message.plugindata?.data?.error;
      if (message.janus === 'error')
        waiting.reject(new ShowMediaError('rejected', `Janus: ${message.error?.reason ?? 'error'}`));
      else if (pluginError) waiting.reject(new ShowMediaError('rejected', `VideoRoom: ${String(pluginError)}`));
      else waiting.resolve(message);
      return;
    }
    if (waiting || message.sender === undefined) return;
    const owner = handles.get(message.sender);
    if (!owner) return;
    if (message.janus === 'webrtcup' && owner.peerId === PUBLISHER) rooms.get(owner.showId)?.publisher?.markUp?.(true);
    if (message.janus === 'hangup' || message.janus === 'detached')
      peerGone(owner.showId, owner.peerId, message.sender);
  }

  /** Janus closed a peer's connection itself (ICE failed, the browser went away) */
  function peerGone(showId: string, peerId: string, handle: number) {
    const room = rooms.get(showId);
    if (!room) return;
    if (peerId === PUBLISHER && room.publisher?.handle === handle) {
      room.publisher.markUp?.(false);
      room.publisher = undefined;
      forget(handle);
      events.emit({ type: 'publisher-left', showId });
    } else if (room.viewers.get(peerId)?.handle === handle) {
      room.viewers.delete(peerId);
      forget(handle);
      events.emit({ type: 'viewer-left', showId, viewerId: peerId });
    }
  }

  socket.on('message', (data) => {
    try {
      onMessage(JSON.parse(data.toString()) as JanusMessage);
    } catch {
      // not JSON: ignored
    }
  });

  const created = await send({ janus: 'create' });
  session = created.data!.id!;
  const keepalive = setInterval(
    () => void send({ janus: 'keepalive' }).catch(() => undefined),
    options.keepaliveMs ?? 25_000,
  );
  keepalive.unref();

  const attach = async () => (await send({ janus: 'attach', plugin: PLUGIN })).data!.id!;
  const manager = await attach();

  /** a synchronous VideoRoom request (create, destroy, kick): the plugin's answer */
  const request = async (handle: number, body: Record<string, unknown>) =>
    (await send({ janus: 'message', handle_id: handle, body })).plugindata!.data;
  /** an asynchronous one (join, configure, start): its event, after the ack */
  const asyncRequest = (handle: number, body: Record<string, unknown>, jsep?: SessionDescription) =>
    send({ janus: 'message', handle_id: handle, body, ...(jsep ? { jsep } : {}) }, true);

  function forget(handle: number) {
    handles.delete(handle);
    void send({ janus: 'detach', handle_id: handle }).catch(() => undefined);
  }

  socket.on('close', () => {
    if (down) return;
    down = 'the WebSocket to Janus closed';
    clearInterval(keepalive);
    for (const waiting of pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new ShowMediaError('unavailable', down));
    }
    pending.clear();
    for (const showId of [...rooms.keys()]) {
      rooms.delete(showId);
      events.emit({ type: 'room-closed', showId, reason: 'sfu-down' });
    }
    events.emit({ type: 'down', reason: down });
  });
  socket.on('error', () => undefined);

  const roomOf = (showId: string) => {
    const room = rooms.get(showId);
    if (!room) throw new ShowMediaError('no_room', `no room for show ${showId}`);
    return room;
  };

  async function leave(room: Room, peer: Peer | undefined) {
    if (!peer) return;
    handles.delete(peer.handle);
    await send({ janus: 'detach', handle_id: peer.handle }).catch(() => undefined);
  }

  const media: ShowMedia = {
    adapter: 'janus',

    async openRoom(showId, roomOptions) {
      if (rooms.has(showId)) return;
      const janusRoom = randomInt(1, 2 ** 47);
      const room: Room = { janusRoom, maxViewers: roomOptions?.maxViewers ?? options.maxViewers, viewers: new Map() };
      rooms.set(showId, room);
      try {
        await request(manager, {
          request: 'create',
          room: janusRoom,
          description: showId.slice(0, 60),
          publishers: 1,
          is_private: true,
          // her browser sends VP8, OBS 30+ H.264: the publisher's offer picks, viewers get hers
          videocodec: 'vp8,h264',
          audiocodec: 'opus',
          notify_joining: false,
        });
      } catch (error) {
        rooms.delete(showId);
        throw error;
      }
    },

    async publish(showId, offer) {
      const room = roomOf(showId);
      if (room.publisher) await media.unpublish(showId);
      const handle = await attach();
      const peer: Peer = { handle };
      peer.up = new Promise<boolean>((resolve) => (peer.markUp = resolve));
      room.publisher = peer;
      handles.set(handle, { showId, peerId: PUBLISHER });
      try {
        const joined = await asyncRequest(handle, {
          request: 'join',
          ptype: 'publisher',
          room: room.janusRoom,
          display: 'performer',
        });
        const joinedData = joined.plugindata?.data;
        if (joinedData?.error) throw new ShowMediaError('rejected', `VideoRoom: ${String(joinedData.error)}`);
        peer.feed = joinedData?.id as number;
        const configured = await asyncRequest(handle, { request: 'configure', audio: true, video: true }, offer);
        if (configured.plugindata?.data?.error)
          throw new ShowMediaError('rejected', `VideoRoom: ${String(configured.plugindata.data.error)}`);
        if (!configured.jsep) throw new ShowMediaError('rejected', 'Janus gave no answer');
        return { type: 'answer', sdp: configured.jsep.sdp };
      } catch (error) {
        if (room.publisher === peer) room.publisher = undefined;
        await leave(room, peer);
        throw error instanceof ShowMediaError ? error : new ShowMediaError('rejected', String(error));
      }
    },

    async watch(showId, viewerId) {
      const room = rooms.get(showId);
      if (!room) return { ok: false, reason: 'no_room' };
      const publisher = room.publisher;
      if (
        !publisher?.feed ||
        !(await Promise.race([
          publisher.up,
          new Promise<boolean>((resolve) => setTimeout(resolve, requestTimeoutMs, false).unref()),
        ]))
      )
        return { ok: false, reason: 'not_publishing' };
      if (room.publisher !== publisher || rooms.get(showId) !== room)
        return { ok: false, reason: rooms.get(showId) === room ? 'not_publishing' : 'no_room' };
      if (room.viewers.has(viewerId)) await media.dropViewer(showId, viewerId);
      if (room.viewers.size >= room.maxViewers) return { ok: false, reason: 'full' };
      const peer: Peer = { handle: 0 };
      room.viewers.set(viewerId, peer); // the place is taken while Janus prepares the offer
      try {
        peer.handle = await attach();
        handles.set(peer.handle, { showId, peerId: viewerId });
        const attached = await asyncRequest(peer.handle, {
          request: 'join',
          ptype: 'subscriber',
          room: room.janusRoom,
          feed: publisher.feed,
        });
        if (attached.plugindata?.data?.error)
          throw new ShowMediaError('rejected', `VideoRoom: ${String(attached.plugindata.data.error)}`);
        if (!attached.jsep) throw new ShowMediaError('rejected', 'Janus gave no offer');
        return { ok: true, offer: { type: 'offer', sdp: attached.jsep.sdp } };
      } catch (error) {
        if (room.viewers.get(viewerId) === peer) room.viewers.delete(viewerId);
        if (peer.handle) await leave(room, peer);
        throw error;
      }
    },

    async answer(showId, viewerId, answer) {
      const peer = roomOf(showId).viewers.get(viewerId);
      if (!peer) throw new ShowMediaError('no_peer', 'no such viewer');
      const started = await asyncRequest(peer.handle, { request: 'start' }, answer);
      if (started.plugindata?.data?.error)
        throw new ShowMediaError('rejected', `VideoRoom: ${String(started.plugindata.data.error)}`);
    },

    async addIceCandidate(showId, peerId, candidate: IceCandidate | null) {
      const room = roomOf(showId);
      const peer = peerId === PUBLISHER ? room.publisher : room.viewers.get(peerId);
      if (!peer?.handle) throw new ShowMediaError('no_peer', 'no such peer');
      const trickle = candidate?.candidate
        ? {
            candidate: candidate.candidate,
            sdpMid: candidate.sdpMid ?? undefined,
            sdpMLineIndex: candidate.sdpMLineIndex ?? undefined,
          }
        : { completed: true };
      await send({ janus: 'trickle', handle_id: peer.handle, candidate: trickle });
    },

    async unpublish(showId) {
      const room = rooms.get(showId);
      if (!room?.publisher) return;
      const publisher = room.publisher;
      room.publisher = undefined;
      publisher.markUp?.(false);
      await leave(room, publisher);
    },

    async dropViewer(showId, viewerId) {
      const room = rooms.get(showId);
      const peer = room?.viewers.get(viewerId);
      if (!room || !peer) return;
      room.viewers.delete(viewerId);
      await leave(room, peer);
    },

    async closeRoom(showId) {
      const room = rooms.get(showId);
      if (!room) return;
      rooms.delete(showId);
      const peers = [room.publisher, ...room.viewers.values()].filter((peer): peer is Peer => Boolean(peer?.handle));
      for (const peer of peers) handles.delete(peer.handle);
      // destroying the room hangs up every participant in it; their handles go after it
      await request(manager, { request: 'destroy', room: room.janusRoom }).catch(() => undefined);
      await Promise.all(peers.map((peer) => send({ janus: 'detach', handle_id: peer.handle }).catch(() => undefined)));
      events.emit({ type: 'room-closed', showId, reason: 'closed' });
    },

    viewerCount: (showId) => rooms.get(showId)?.viewers.size ?? 0,
    hasRoom: (showId) => rooms.has(showId),
    onEvent: (listener) => events.on(listener),

    async close() {
      for (const showId of [...rooms.keys()]) await media.closeRoom(showId);
      if (!down) {
        down = 'closed';
        clearInterval(keepalive);
        await new Promise<void>((resolve) => {
          socket.once('close', () => resolve());
          socket.send(
            JSON.stringify({
              janus: 'destroy',
              transaction: randomUUID(),
              session_id: session,
              ...(options.apiSecret ? { apisecret: options.apiSecret } : {}),
            }),
            () => socket.close(),
          );
        });
      }
    },
  };
  return media;
}

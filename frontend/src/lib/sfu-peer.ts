import type { IceConfig, MediaChannel, ShowMediaClosed, ShowMediaError } from '@aura/contracts';
import { loadSocket, type AuraSocket } from './socket';

/**
 * A room at the SFU as the browser reaches it, through the API only: a public show's (`show`,
 * keyed by the show) or a private's spy room (`spy`, keyed by the session). The messages are the
 * same on both channels (contracts/src/show-media.ts).
 */

/** The connection's ICE servers and role for a room, asked of the API (never of the SFU). */
export async function sfuIceConfig(
  socket: AuraSocket,
  channel: MediaChannel,
  roomId: string,
): Promise<{ ok: true; ice: IceConfig } | { ok: false; error: ShowMediaError }> {
  const answer = await socket.emitWithAck(`${channel}:ice-config`, { showId: roomId });
  return answer.ok ? { ok: true, ice: answer.ice } : answer;
}

/** A peer connection to the SFU whose candidates are trickled through the API. */
export function sfuPeer(socket: AuraSocket, channel: MediaChannel, roomId: string, ice: IceConfig): RTCPeerConnection {
  const pc = new RTCPeerConnection({ iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy });
  pc.onicecandidate = (event) => {
    socket.emit(`${channel}:ice`, { showId: roomId, candidate: event.candidate ? event.candidate.toJSON() : null });
  };
  return pc;
}

/**
 * Follows a room on the app's socket: `onMedia` hears its `<channel>:media` (this connection's media
 * stopped), `onConnect` runs now if connected and after every reconnect. `leave` stops following
 * and tells the API this connection left the room.
 */
export function followSfuRoom(
  channel: MediaChannel,
  roomId: string,
  handlers: { onMedia: (closed: ShowMediaClosed) => void; onConnect: () => void },
) {
  let socketRef: AuraSocket | undefined;
  let left = false;
  void loadSocket().then((socket) => {
    if (left) return;
    socketRef = socket;
    socket.on(`${channel}:media`, handlers.onMedia);
    socket.on('connect', handlers.onConnect);
    if (socket.connected) handlers.onConnect();
  });
  return {
    socket: () => socketRef,
    leave() {
      left = true;
      socketRef?.off(`${channel}:media`, handlers.onMedia);
      socketRef?.off('connect', handlers.onConnect);
      socketRef?.emit(`${channel}:leave`, { showId: roomId });
    },
  };
}

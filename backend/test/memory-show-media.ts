/**
 * A show's media in memory for API specs: rooms opened and closed, a publisher's offer answered
 * with a fixed SDP, viewers let in once she publishes. No peer connection, no socket.
 */
import { showMediaEvents, type ShowMedia } from '../platform/sfu/port';

export function memoryShowMedia(): ShowMedia & { rooms: ReadonlySet<string> } {
  const rooms = new Set<string>();
  const publishing = new Set<string>();
  const viewers = new Map<string, Set<string>>();
  const events = showMediaEvents();
  const sdp = (type: 'offer' | 'answer') => ({ type, sdp: `v=0\r\ns=aura-spec-${type}\r\n` });
  return {
    adapter: 'embedded',
    rooms,
    async openRoom(showId) {
      rooms.add(showId);
      viewers.set(showId, viewers.get(showId) ?? new Set());
    },
    async publish(showId) {
      publishing.add(showId);
      return sdp('answer');
    },
    async watch(showId, viewerId) {
      if (!rooms.has(showId)) return { ok: false, reason: 'no_room' };
      if (!publishing.has(showId)) return { ok: false, reason: 'not_publishing' };
      viewers.get(showId)!.add(viewerId);
      return { ok: true, offer: sdp('offer') };
    },
    async answer() {},
    async addIceCandidate() {},
    async unpublish(showId) {
      publishing.delete(showId);
    },
    async dropViewer(showId, viewerId) {
      viewers.get(showId)?.delete(viewerId);
    },
    async closeRoom(showId) {
      rooms.delete(showId);
      publishing.delete(showId);
      viewers.delete(showId);
    },
    viewerCount: (showId) => viewers.get(showId)?.size ?? 0,
    hasRoom: (showId) => rooms.has(showId),
    onEvent: (listener) => events.on(listener),
    async close() {
      rooms.clear();
    },
  };
}

/**
 * The media path of public shows (docs/architecture.md#media-path): one room per show, one
 * publisher (her camera and microphone) forwarded to up to `maxViewers` viewers. Two adapters:
 * the embedded werift SFU in this process (`embedded.ts`) and Janus Gateway's VideoRoom driven
 * over its WebSocket API (`janus.ts`). Only the API calls it: browsers signal through Socket.IO.
 */

export interface SessionDescription {
  type: 'offer' | 'answer';
  sdp: string;
}

export interface IceCandidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
}

/** The publisher's peer id in `addIceCandidate`; viewers are named by the caller (e.g. by socket). */
export const PUBLISHER = 'publisher';

/** Why a viewer could not join: the room's cap, no such room, or she has not published yet. */
export type WatchRefusal = 'full' | 'no_room' | 'not_publishing';

export type ShowMediaEvent =
  /** the room is gone: closed by the API, or the SFU died (every room goes with it) */
  | { type: 'room-closed'; showId: string; reason: 'closed' | 'sfu-down' }
  /** her connection to the SFU failed or closed (she may publish again) */
  | { type: 'publisher-left'; showId: string }
  /** a viewer's connection failed or closed by itself (not by `dropViewer`) */
  | { type: 'viewer-left'; showId: string; viewerId: string }
  /** the SFU (process, connection) is down: every room is closed; the shows should end */
  | { type: 'down'; reason: string };

export class ShowMediaError extends Error {
  constructor(
    readonly code: 'no_room' | 'no_peer' | 'unavailable' | 'rejected',
    message: string,
  ) {
    super(message);
  }
}

export interface ShowMedia {
  readonly adapter: 'embedded' | 'janus';
  /** opens the show's room (idempotent); `maxViewers` defaults to the configured cap (SHOW_MAX_VIEWERS) */
  openRoom(showId: string, options?: { maxViewers?: number }): Promise<void>;
  /** her offer (sendonly VP8 + Opus) → the SFU's answer; a second publish replaces the first */
  publish(showId: string, offer: SessionDescription): Promise<SessionDescription>;
  /** a viewer joins: the SFU's offer (sendonly), or why not */
  watch(
    showId: string,
    viewerId: string,
  ): Promise<{ ok: true; offer: SessionDescription } | { ok: false; reason: WatchRefusal }>;
  /** the viewer's answer to the offer `watch` gave */
  answer(showId: string, viewerId: string, answer: SessionDescription): Promise<void>;
  /** a trickled candidate from the publisher (`PUBLISHER`) or a viewer; null: end of candidates */
  addIceCandidate(showId: string, peerId: string, candidate: IceCandidate | null): Promise<void>;
  /** her stream stops (the room stays open) */
  unpublish(showId: string): Promise<void>;
  /** drops one viewer (left, disconnected, banned); no event is emitted for it */
  dropViewer(showId: string, viewerId: string): Promise<void>;
  /** closes the room and every connection in it (show ended or paused); emits `room-closed` */
  closeRoom(showId: string): Promise<void>;
  /** viewers joined to the room right now (0 when there is none) */
  viewerCount(showId: string): number;
  hasRoom(showId: string): boolean;
  /** subscribes to the adapter's events; answers the unsubscribe */
  onEvent(listener: (event: ShowMediaEvent) => void): () => void;
  /** closes every room and the adapter */
  close(): Promise<void>;
}

/** The listeners of one adapter (both adapters emit through it). */
export function showMediaEvents() {
  const listeners = new Set<(event: ShowMediaEvent) => void>();
  return {
    on(listener: (event: ShowMediaEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event: ShowMediaEvent) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // a listener's failure is its own
        }
      }
    },
  };
}

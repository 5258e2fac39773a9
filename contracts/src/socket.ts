import type { SessionView } from './api/sessions';
import type { SessionMessageView, SessionTipView } from './api/session-talk';
import type { ErrorCode } from './errors';
import type { MessageView } from './api/chat';
import type { ChatParty } from './events/chat';
import type { ShowGoalView, ShowMessageView, ShowTipView } from './api/shows';
import type { ShowStatus } from './rules/shows';
import type { TicketShowStatus } from './rules/ticket-shows';
import type { ShowIceConfigAck, ShowMediaAck, ShowMediaClosed, ShowPublishAck, ShowWatchAck } from './show-media';

/**
 * The read models a client may hold queries on. `readmodel:changed` names one of them, and every
 * query key of the frontend starts with one (`frontend/src/lib/query-keys.ts`), so a push can
 * only name something a client knows how to refetch.
 */
export const readModelNames = [
  'users',
  'aliases',
  'packages',
  'offers',
  'purchases',
  'statistics',
  'admins',
  'performers',
  'performers-pending',
  'earnings',
  'gallery',
  'photos',
  'favourites',
  'presence',
  'sessions',
  'payouts',
  'payout-runs',
  'conversations',
  'messages',
  'shows',
  'refunds',
  'disputes',
  'moderation',
] as const;
export type ReadModelName = (typeof readModelNames)[number];

/** `readmodel:changed`: the named read model changed (one document of it when `id` is given). */
export interface ReadModelChanged {
  model: ReadModelName;
  id?: string;
}

/** A WebRTC signalling message as the other party receives it (see `SessionSignal` in api/sessions). */
export interface SessionSignalMessage {
  sessionId: string;
  from: 'user' | 'performer';
  description?: { type: 'offer' | 'answer'; sdp: string };
  candidate?: {
    candidate: string;
    sdpMid?: string | null;
    sdpMLineIndex?: number | null;
    usernameFragment?: string | null;
  } | null;
}

/** What `session:join` answers: the caller's side and whether the other party is connected. */
export type SessionJoinAnswer =
  { ok: true; role: 'user' | 'performer'; counterpartPresent: boolean } | { ok: false; error: string };

/** What `show:join` answers: the caller's part in the room (a visitor reads only), or why not (the UI words the code). */
export type ShowJoinAnswer =
  { ok: true; role: 'publisher' | 'viewer'; canWrite: boolean } | { ok: false; error: ErrorCode };

/** Typed Socket.IO events shared by the server and the client. */
export interface ServerToClientEvents {
  /** the signed-in user's wallet changed; balance in auracoin */
  'balance:changed': (payload: { userId: string; auracoinBalance: number }) => void;
  /** an admin refunded one of the user's purchases (auracoin given back): a toast, and his ledger refetches */
  'refund:issued': (payload: {
    refundId: string;
    kind: 'session' | 'message' | 'photo';
    amount: number;
    reason: string;
  }) => void;
  /** a read model changed; clients invalidate the matching queries */
  'readmodel:changed': (payload: ReadModelChanged) => void;
  /** a performer went online or offline, or her viewer count changed (to everyone) */
  'performer:presence': (payload: { performerId: string; isOnline: boolean; viewers: number }) => void;
  /** one of the user's favourite performers came online (to the user's room) */
  'favourite:online': (payload: { performerId: string; name: string }) => void;
  /** people connected right now (to everyone) */
  'presence:count': (payload: { onlineUsers: number; performersOnline: number }) => void;
  /** a performer changed her prices (auracoin): cards, dialogs, chat boxes and the session page show them at once (to everyone) */
  'performer:prices': (payload: { performerId: string; creditsPerMinute: number; messagePrice: number }) => void;
  /** a performer started or ended a private session: 'In privato' on her card and dialog (to everyone) */
  'performer:private': (payload: { performerId: string; inPrivate: boolean }) => void;
  /** a session of this party changed (requested, accepted, a minute billed, ended…), as this party sees it */
  'session:changed': (payload: SessionView) => void;
  /** WebRTC signalling from the session's other party */
  'session:signal': (payload: SessionSignalMessage) => void;
  /** the other party joined (or left) the session's page */
  'session:peer': (payload: { sessionId: string; party: 'user' | 'performer'; present: boolean }) => void;
  /** a line in a private session, to both its parties */
  'session:message': (payload: { sessionId: string; message: SessionMessageView }) => void;
  /** the user tipped her inside a private session, to both its parties */
  'session:tip': (payload: { sessionId: string; tip: SessionTipView; tipsTotal: number }) => void;
  /** a message in one of the party's conversations, sent or received (to both parties' rooms) */
  'chat:message': (payload: { message: MessageView }) => void;
  /** `reader` read the other party's messages up to `upToMessageId` (to both parties) */
  'chat:read': (payload: { conversationId: string; reader: ChatParty; upToMessageId: string; readAt: string }) => void;
  /** the party's unread messages changed: in this conversation and in total */
  'chat:unread': (payload: { conversationId: string; unreadCount: number; total: number }) => void;
  /** the other party is typing (to the conversation's room, never back to the typist) */
  'chat:typing': (payload: { conversationId: string; senderType: ChatParty; typing: boolean }) => void;
  /** a show went live, paused, resumed or ended (to everyone: cards show 'In onda') */
  'show:status': (payload: { showId: string; performerId: string; status: ShowStatus; title: string }) => void;
  /** the room's viewer count (to the show's room) */
  'show:viewers': (payload: { showId: string; viewerCount: number }) => void;
  /** a tip in the room, with who, how much, the message and the menu item (to the show's room) */
  'show:tip': (payload: { showId: string; tip: ShowTipView }) => void;
  /** the goal bar moved, a goal was reached (celebrate) or ended unmet (to the show's room) */
  'show:goal': (payload: {
    showId: string;
    goal: ShowGoalView | null;
    reached: { goalId: string; description: string } | null;
    expired: { goalId: string; description: string } | null;
  }) => void;
  /** a line of the room chat (to the show's room) */
  'show:message': (payload: { showId: string; message: ShowMessageView }) => void;
  /** she or an admin deleted a line (to the show's room) */
  'show:message-deleted': (payload: { showId: string; messageId: string }) => void;
  /** an identity was banned from her room: every page joins again, the banned one's leave (to the show's room; no identity: it is an account's id) */
  'show:banned': (payload: { showId: string }) => void;
  /** this connection's show media stopped (contracts/src/show-media.ts) */
  'show:media': (payload: ShowMediaClosed) => void;
  /** this connection's media in a private's spy room stopped (the private ended, the watch ended) */
  'spy:media': (payload: ShowMediaClosed) => void;
  /** the show's ticketed part changed: announced, a ticket sold, started, closed (to the show's room) */
  'show:ticket-show': (payload: { showId: string; status: TicketShowStatus }) => void;
}

export interface ClientToServerEvents {
  /** join a conversation room the caller takes part in (typing indicators); false when not a party */
  'conversation:join': (conversationId: string, ack: (ok: boolean) => void) => void;
  'conversation:leave': (conversationId: string) => void;
  /** the caller is typing (true) or stopped (false) in a conversation room they joined */
  'chat:typing': (conversationId: string, typing: boolean) => void;
  /** this connection is looking at a performer (profile dialog, session); null stops. Counts as one viewer. */
  'performer:view': (performerId: string | null) => void;
  /** this connection takes part in a session (its page is open): media presence for billing */
  'session:join': (sessionId: string, ack: (answer: SessionJoinAnswer) => void) => void;
  /** this connection leaves the session's page */
  'session:leave': (sessionId: string) => void;
  /** WebRTC signalling for the session's other party (dropped unless the sender takes part in it) */
  'session:signal': (message: unknown, ack?: (ok: boolean) => void) => void;
  /** enter a show's room (its live events); refused to a banned identity, and when the show is over */
  'show:join': (showId: string, ack: (answer: ShowJoinAnswer) => void) => void;
  /** leave a show's room (its live events; the media has its own 'show:leave') */
  'show:exit': (showId: string) => void;
  /** a show's media (contracts/src/show-media.ts): ICE servers and the caller's role, before any offer */
  'show:ice-config': (message: unknown, ack: (answer: ShowIceConfigAck) => void) => void;
  /** her offer → the SFU's answer */
  'show:publish': (message: unknown, ack: (answer: ShowPublishAck) => void) => void;
  /** a viewer joins → the SFU's offer ('full' past the room's cap) */
  'show:watch': (message: unknown, ack: (answer: ShowWatchAck) => void) => void;
  /** the viewer's answer to that offer */
  'show:answer': (message: unknown, ack: (answer: ShowMediaAck) => void) => void;
  /** a trickled ICE candidate, publisher's or viewer's */
  'show:ice': (message: unknown, ack?: (answer: ShowMediaAck) => void) => void;
  /** this connection stops publishing or watching */
  'show:leave': (message: unknown, ack?: (answer: ShowMediaAck) => void) => void;
  /** a private's spy room (`showId` is the session's id): the same messages; she publishes her camera, a spy watches */
  'spy:ice-config': (message: unknown, ack: (answer: ShowIceConfigAck) => void) => void;
  'spy:publish': (message: unknown, ack: (answer: ShowPublishAck) => void) => void;
  'spy:watch': (message: unknown, ack: (answer: ShowWatchAck) => void) => void;
  'spy:answer': (message: unknown, ack: (answer: ShowMediaAck) => void) => void;
  'spy:ice': (message: unknown, ack?: (answer: ShowMediaAck) => void) => void;
  'spy:leave': (message: unknown, ack?: (answer: ShowMediaAck) => void) => void;
}

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  performer: (performerId: string) => `performer:${performerId}`,
  conversation: (conversationId: string) => `conversation:${conversationId}`,
  /** a public show's room: everyone watching it */
  show: (showId: string) => `show:${showId}`,
  /** every signed-in admin (statistics and other console reads) */
  admins: () => 'admins',
} as const;

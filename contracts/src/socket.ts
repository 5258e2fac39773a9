/** Typed Socket.IO events shared by the server and the client. */
export interface ServerToClientEvents {
  /** the signed-in user's wallet changed; balance in auracoin */
  'balance:changed': (payload: { userId: string; auracoinBalance: number }) => void;
  /** a read model changed; clients invalidate the matching queries */
  'readmodel:changed': (payload: { model: string; id?: string }) => void;
  /** a performer went online or offline, or her viewer count changed (to everyone) */
  'performer:presence': (payload: { performerId: string; isOnline: boolean; viewers: number }) => void;
  /** one of the user's favourite performers came online (to the user's room) */
  'favourite:online': (payload: { performerId: string; name: string }) => void;
  /** people connected right now (to everyone) */
  'presence:count': (payload: { onlineUsers: number; performersOnline: number }) => void;
}

export interface ClientToServerEvents {
  /** join a conversation room the caller takes part in */
  'conversation:join': (conversationId: string, ack: (ok: boolean) => void) => void;
  /** this connection is looking at a performer (profile dialog, session); null stops. Counts as one viewer. */
  'performer:view': (performerId: string | null) => void;
}

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  performer: (performerId: string) => `performer:${performerId}`,
  conversation: (conversationId: string) => `conversation:${conversationId}`,
  /** every signed-in admin (statistics and other console reads) */
  admins: () => 'admins',
} as const;

/** Typed Socket.IO events shared by the server and the client. */
export interface ServerToClientEvents {
  /** the signed-in user's wallet changed; balance in auracoin */
  'balance:changed': (payload: { userId: string; auracoinBalance: number }) => void;
  /** a read model changed; clients invalidate the matching queries */
  'readmodel:changed': (payload: { model: string; id?: string }) => void;
}

export interface ClientToServerEvents {
  /** join a conversation room the caller takes part in */
  'conversation:join': (conversationId: string, ack: (ok: boolean) => void) => void;
}

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  performer: (performerId: string) => `performer:${performerId}`,
  conversation: (conversationId: string) => `conversation:${conversationId}`,
} as const;

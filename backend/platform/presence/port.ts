/**
 * Socket presence (docs/architecture.md#distributed-mode): who is connected, which performers have
 * a live connection, how many connections look at each performer. Counts are real (no invented
 * numbers). Adapters: memory (this node's sockets) and Redis (each api node shares its part; the
 * counts are the sums over every node), chosen in backend/entry/infrastructure.ts.
 */
export interface PresencePrincipal {
  sub: string;
  kind: 'user' | 'performer' | 'admin';
}

export interface PresenceListener {
  /** a performer's last connection dropped */
  performerDisconnected?(performerId: string): void;
  /** a performer has a connection again */
  performerConnected?(performerId: string): void;
  viewersChanged?(performerId: string, viewers: number): void;
  countChanged?(onlineUsers: number): void;
}

/** One node's connections: anonymous ones, signed-in accounts (`kind:sub`), viewers per performer, performers connected. */
export interface PresenceShare {
  anonymous: number;
  accounts: string[];
  viewers: Record<string, number>;
  performers: string[];
}

/** What the modules read of presence: the counts, and their changes. */
export interface PresenceFeed {
  subscribe(listener: PresenceListener): void;
  viewersOf(performerId: string): number;
  /** bumped on every viewer-count change, so answers that include viewer counts can be memoised */
  viewersVersion(): number;
  onlineUsers(): number;
}

export interface Presence extends PresenceFeed {
  adapter: 'memory' | 'redis';
  /** a socket of this node connected (signed in, or anonymous) */
  connected(socketId: string, principal: PresencePrincipal | undefined): void;
  disconnected(socketId: string): void;
  /** this socket now looks at `performerId` (null: at nobody) */
  viewing(socketId: string, performerId: string | null): void;
  close(): Promise<void>;
}

import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { rooms, type ClientToServerEvents, type ServerToClientEvents } from '@aura/contracts';
import type { Logger } from '../logging/logger';
import { coalesceWrites } from './coalesced-writes';
import { SESSION_COOKIE, type Principal, type Revocation, type SessionManager } from '../http/session';

/** Server-side rooms of a signed-in socket: its session and its account (what a revocation drops). */
const sessionRoom = (sid: string) => `sid:${sid}`;
const accountRoom = (sub: string) => `account:${sub}`;

type EventName = keyof ServerToClientEvents;

/** how long a dropped socket may take to come back and still receive what it missed */
const RECOVERY_WINDOW_MS = 2 * 60_000;
/** a 'readmodel:changed' repeated within this long is pushed once more at its end */
const COALESCE_MS = 200;
type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

export type AuraSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { principal?: Principal; ageVerified?: boolean }
>;

/** Pushes typed events to rooms. The API and the projector both hold one; with Redis they reach every node. */
export interface Realtime {
  readonly adapter: string;
  toUser<E extends EventName>(userId: string, event: E, payload: PayloadOf<E>): void;
  toPerformer<E extends EventName>(performerId: string, event: E, payload: PayloadOf<E>): void;
  toConversation<E extends EventName>(conversationId: string, event: E, payload: PayloadOf<E>): void;
  /** everyone in a public show's room */
  toShow<E extends EventName>(showId: string, event: E, payload: PayloadOf<E>): void;
  toEveryone<E extends EventName>(event: E, payload: PayloadOf<E>): void;
  /** every signed-in admin */
  toAdmins<E extends EventName>(event: E, payload: PayloadOf<E>): void;
  /** sockets connected to this node */
  connectedSockets(): number;
  /** drops the sockets of a revoked session or account at once, on every api node (through the Redis adapter) */
  disconnect(revocation: Revocation): void;
  /** called for every socket that connects to this node: where modules' socket handlers are attached */
  onConnection(listener: (socket: AuraSocket) => void): void;
  /**
   * The process is stopping: closes every connection's transport (not a Socket.IO disconnect, which the
   * client would take as final), so each client reconnects at once, to another replica.
   */
  drain(): void;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  logger: Logger;
  redisUrl?: string;
  /** attach to the API's HTTP server; without it, the instance only emits (projector, worker) */
  httpServer?: HttpServer;
  sessions?: SessionManager;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function createRealtime(options: RealtimeOptions): Realtime {
  const io = new Server<
    ClientToServerEvents,
    ServerToClientEvents,
    Record<string, never>,
    { principal?: Principal; ageVerified?: boolean }
  >(options.httpServer, {
    serveClient: false,
    cors: undefined,
    maxHttpBufferSize: 64 * 1024,
    // with Redis, a socket back within this long gets what it missed (the streams keep it); a longer
    // absence starts afresh and the client refetches over REST. The session cookie is checked again.
    ...(options.redisUrl && {
      connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    }),
  });
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl);
    // a batch's pushes (their XADDs) leave in one write
    coalesceWrites(pub);
    redisClients.push(pub);
    // ioredis reconnects by itself (a Redis restart); without a handler each error is an unhandled 'error' event
    let lastWarnAt = 0;
    for (const client of redisClients) {
      client.on('error', (error: Error) => {
        if (Date.now() - lastWarnAt < 5_000) return;
        lastWarnAt = Date.now();
        options.logger.warn('realtime: redis connection error', { error: error.message });
      });
    }
    // docs/architecture.md#distributed-mode: every node appends to one Redis stream and reads it; a
    // short block so a stopping node's reader ends soon after the stop
    io.adapter(
      createAdapter(pub, {
        streamName: 'aura:socket.io',
        sessionKeyPrefix: 'aura:socket.io:session:',
        blockTimeInMs: 1_000,
        maxLen: 100_000,
      }),
    );
  }

  const connectionListeners: ((socket: AuraSocket) => void)[] = [];
  const sessions = options.sessions;
  if (options.httpServer && sessions) {
    io.use(async (socket, next) => {
      try {
        const principal = await sessions.verify(readCookie(socket.request.headers.cookie, SESSION_COOKIE));
        if (principal) socket.data.principal = principal;
        // adult media and rooms answer `age_verification_required` without a proof (issue 39 item 2)
        socket.data.ageVerified = await sessions.ageVerified(socket.request.headers.cookie, principal);
        next();
      } catch (error) {
        next(error instanceof Error ? error : new Error('session check failed'));
      }
    });
    io.on('connection', (socket: AuraSocket) => {
      const principal = socket.data.principal;
      options.logger.debug('socket connected', { socketId: socket.id, kind: principal?.kind ?? 'guest' });
      socket.once('disconnect', (reason) =>
        options.logger.debug('socket disconnected', { socketId: socket.id, reason }),
      );
      if (principal) void socket.join([sessionRoom(principal.sid), accountRoom(principal.sub)]);
      if (principal?.kind === 'user') void socket.join(rooms.user(principal.sub));
      if (principal?.kind === 'performer') void socket.join(rooms.performer(principal.sub));
      if (principal?.kind === 'admin') void socket.join(rooms.admins());
      for (const listener of connectionListeners) listener(socket);
    });
  }

  let closed = false;
  // close() clears the windows' timers, so only emit() needs to know it is closed
  const send = (room: string | undefined, event: EventName, payload: unknown) => {
    const target = room ? io.to(room) : io;
    (target.emit as (event: string, payload: unknown) => boolean)(event, payload);
  };
  /** 'readmodel:changed' windows open per room and payload: whether it changed again since it was pushed */
  const windows = new Map<string, { again: boolean; timer: NodeJS.Timeout }>();
  /**
   * "Refetch this": the first goes out at once, the ones within the next COALESCE_MS make one more
   * at its end (a dashboard's figures change with every paid message, a busy dashboard refetches a few
   * times a second, not hundreds).
   */
  const sendCoalesced = (room: string | undefined, event: EventName, payload: unknown) => {
    const key = `${room ?? '*'}\u0000${JSON.stringify(payload)}`;
    const open = windows.get(key);
    if (open) {
      open.again = true;
      return;
    }
    send(room, event, payload);
    const window = {
      again: false,
      timer: setTimeout(function end() {
        if (!window.again) {
          windows.delete(key);
          return;
        }
        window.again = false;
        send(room, event, payload);
        window.timer = setTimeout(end, COALESCE_MS);
      }, COALESCE_MS),
    };
    windows.set(key, window);
  };
  const emit = <E extends EventName>(room: string | undefined, event: E, payload: PayloadOf<E>) => {
    // a push queued before the stop (a coalesced count, a reaction) lands after it: nowhere to send
    // it, and the Redis adapter would publish on a closed connection (an unhandled rejection)
    if (closed) return;
    // alone (no Redis adapter), a room without a socket here has no listener anywhere: nothing to
    // encode (a replay at start pushes for every user of the log)
    if (room && !options.redisUrl && !io.of('/').adapter.rooms.has(room)) return;
    if (event === 'readmodel:changed') sendCoalesced(room, event, payload);
    else send(room, event, payload);
  };

  return {
    adapter: options.redisUrl ? 'socket.io+redis-streams' : 'socket.io',
    toUser: (userId, event, payload) => emit(rooms.user(userId), event, payload),
    toPerformer: (performerId, event, payload) => emit(rooms.performer(performerId), event, payload),
    toConversation: (conversationId, event, payload) => emit(rooms.conversation(conversationId), event, payload),
    toShow: (showId, event, payload) => emit(rooms.show(showId), event, payload),
    toEveryone: (event, payload) => emit(undefined, event, payload),
    toAdmins: (event, payload) => emit(rooms.admins(), event, payload),
    connectedSockets: () => io.of('/').sockets.size,
    disconnect(revocation) {
      if (closed) return;
      io.in('sid' in revocation ? sessionRoom(revocation.sid) : accountRoom(revocation.sub)).disconnectSockets(true);
    },
    onConnection: (listener) => {
      connectionListeners.push(listener);
    },
    drain() {
      // discarded, not closed in order: a long-polling client with no request pending would hold the
      // process 30 s (engine.io's closeTimeout) for a close packet it cannot receive; every client
      // reconnects elsewhere either way
      for (const socket of io.of('/').sockets.values()) socket.conn.close(true);
    },
    async close() {
      closed = true;
      for (const { timer } of windows.values()) clearTimeout(timer);
      windows.clear();
      // without an HTTP server there is no engine to close (Server.close would throw)
      if (options.httpServer) await new Promise<void>((resolve) => io.close(() => resolve()));
      else if (options.redisUrl) await io.of('/').adapter.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

/**
 * The session page's connection (api role): joining a session vouches for that party's media,
 * leaving (or dropping) starts the grace period, and WebRTC signalling is forwarded to the other
 * party only, as the TURN policy allows. A party's presence is a key with a time to live in the
 * key-value store, refreshed while its socket is joined, so the worker's minute clock (any
 * process) can tell whether a minute's start is vouched for.
 */
import { SessionSignal, type SessionJoinAnswer, type SessionParty } from '@aura/contracts';
import type { KeyValueStore } from '../../platform/kv/port';
import type { Logger } from '../../platform/logging/logger';
import type { RealtimeEmitter } from '../../kernel/module';
import type { AuraSocket } from '../../platform/realtime/realtime';
import type { SessionCommands } from './commands';
import { forwardable } from './ice';
import { joinAs } from './policy';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How long a party's presence lasts without a refresh, and how often a joined socket refreshes it. */
export const PRESENCE_TTL_MS = 15_000;
const REFRESH_MS = 5_000;

export const presenceKey = (sessionId: string, party: SessionParty) => `session:present:${sessionId}:${party}`;
const other = (party: SessionParty): SessionParty => (party === 'user' ? 'performer' : 'user');

interface Joined {
  party: SessionParty;
  userId: string;
  performerId: string;
}

export interface SessionSocketsDeps {
  commands: SessionCommands;
  kv: KeyValueStore;
  realtime: RealtimeEmitter;
  logger: Logger;
  /** a TURN server is configured: only relay candidates may pass */
  relayOnly: boolean;
}

/** This node's joined parties: which of its sockets joined which session, as which party. */
function joinedParties() {
  /** `sessionId:party` → the sockets of this node joined as that party */
  const present = new Map<string, Set<string>>();
  /** socket id → the sessions it joined */
  const bySocket = new Map<string, Map<string, Joined>>();
  return {
    add(socketId: string, sessionId: string, joined: Joined) {
      const sessions = bySocket.get(socketId) ?? new Map<string, Joined>();
      sessions.set(sessionId, joined);
      bySocket.set(socketId, sessions);
      const key = `${sessionId}:${joined.party}`;
      present.set(key, (present.get(key) ?? new Set()).add(socketId));
    },
    /** the socket leaves the session; the party it was, once no other socket of this node is joined as it */
    remove(socketId: string, sessionId: string): Joined | undefined {
      const sessions = bySocket.get(socketId);
      const joined = sessions?.get(sessionId);
      if (!sessions || !joined) return undefined;
      sessions.delete(sessionId);
      if (sessions.size === 0) bySocket.delete(socketId);
      const key = `${sessionId}:${joined.party}`;
      const sockets = present.get(key);
      sockets?.delete(socketId);
      if (sockets && sockets.size > 0) return undefined;
      present.delete(key);
      return joined;
    },
    of: (socketId: string, sessionId: string) => bySocket.get(socketId)?.get(sessionId),
    sessionsOf: (socketId: string) => [...(bySocket.get(socketId)?.keys() ?? [])],
    /** each joined party, as `[sessionId, party]` */
    each: () => [...present.keys()].map((key) => key.split(':') as [string, SessionParty]),
    get size() {
      return present.size;
    },
  };
}

type JoinedParties = ReturnType<typeof joinedParties>;

/** Keeps each joined party's presence alive; one that was lost (Redis restarted empty) is put back, and the party is back. */
function presenceRefresher({ commands, kv }: SessionSocketsDeps, parties: JoinedParties) {
  let refresher: NodeJS.Timeout | undefined;

  async function refreshOne(sessionId: string, party: SessionParty) {
    const had = await kv.has(presenceKey(sessionId, party));
    await kv.put(presenceKey(sessionId, party), PRESENCE_TTL_MS);
    if (!had) await commands.partyReturned(sessionId, party);
  }

  function refresh() {
    for (const [sessionId, party] of parties.each()) void refreshOne(sessionId, party).catch(() => undefined);
    if (parties.size === 0 && refresher) {
      clearInterval(refresher);
      refresher = undefined;
    }
  }

  return {
    start() {
      refresher ??= setInterval(refresh, REFRESH_MS);
    },
    stop() {
      if (refresher) clearInterval(refresher);
      refresher = undefined;
    },
  };
}

/** A party joins (its presence vouched for, the other party told) or leaves (the grace period starts). */
function membership(deps: SessionSocketsDeps, parties: JoinedParties, refresher: { start(): void }) {
  const { commands, kv, realtime } = deps;
  const tellOther = (joined: Joined, sessionId: string, party: SessionParty, present: boolean) => {
    const payload = { sessionId, party, present };
    if (other(party) === 'user') realtime.toUser(joined.userId, 'session:peer', payload);
    else realtime.toPerformer(joined.performerId, 'session:peer', payload);
  };

  return {
    async join(socket: AuraSocket, sessionId: unknown): Promise<SessionJoinAnswer> {
      const principal = socket.data.principal;
      if (typeof sessionId !== 'string' || !UUID.test(sessionId) || !principal)
        return { ok: false, error: 'forbidden' };
      const joining = joinAs(await commands.loadSession(sessionId), principal);
      if ('error' in joining) return { ok: false, error: joining.error };
      const { party, state } = joining;
      const joined: Joined = { party, userId: state.terms.userId, performerId: state.terms.performerId };
      parties.add(socket.id, sessionId, joined);
      await kv.put(presenceKey(sessionId, party), PRESENCE_TTL_MS);
      refresher.start();
      if (state.status === 'active' && state.away[party]) await commands.partyReturned(sessionId, party);
      tellOther(joined, sessionId, party, true);
      return { ok: true, role: party, counterpartPresent: await kv.has(presenceKey(sessionId, other(party))) };
    },

    async leave(socketId: string, sessionId: string) {
      const joined = parties.remove(socketId, sessionId);
      if (!joined) return;
      await kv.remove(presenceKey(sessionId, joined.party));
      await commands.partyLeft(sessionId, joined.party);
      tellOther(joined, sessionId, joined.party, false);
    },
  };
}

type Membership = ReturnType<typeof membership>;

/** A session page's socket: join, leave, WebRTC signals to the other party only, and its disconnection. */
function listen(socket: AuraSocket, deps: SessionSocketsDeps, parties: JoinedParties, { join, leave }: Membership) {
  const { realtime } = deps;
  const failed = (what: string) => (error: unknown) =>
    deps.logger.warn(`session socket: ${what} failed`, {
      error: error instanceof Error ? error.message : String(error),
    });
  socket.on('session:join', (sessionId, ack) => {
    if (socket.data.ageVerified === false)
      return typeof ack === 'function' ? ack({ ok: false, error: 'age_verification_required' }) : undefined;
    void join(socket, sessionId)
      .then((answer) => (typeof ack === 'function' ? ack(answer) : undefined))
      .catch((error: unknown) => {
        failed('join')(error);
        if (typeof ack === 'function') ack({ ok: false, error: 'unavailable' });
      });
  });
  socket.on('session:leave', (sessionId) => {
    if (typeof sessionId === 'string') void leave(socket.id, sessionId).catch(failed('leave'));
  });
  socket.on('session:signal', (raw, ack) => {
    const reply = (ok: boolean) => (typeof ack === 'function' ? ack(ok) : undefined);
    const parsed = SessionSignal.safeParse(raw);
    const joined = parsed.success ? parties.of(socket.id, parsed.data.sessionId) : undefined;
    // only a party that joined the session may signal, and only to the other party
    if (!parsed.success || !joined) return reply(false);
    const message = forwardable(parsed.data, deps.relayOnly);
    if (!message) return reply(false);
    const payload = { sessionId: parsed.data.sessionId, from: joined.party, ...message };
    if (joined.party === 'user') realtime.toPerformer(joined.performerId, 'session:signal', payload);
    else realtime.toUser(joined.userId, 'session:signal', payload);
    reply(true);
  });
  socket.on('disconnect', () => {
    for (const sessionId of parties.sessionsOf(socket.id)) void leave(socket.id, sessionId).catch(failed('leave'));
  });
}

export function sessionSockets(deps: SessionSocketsDeps) {
  const parties = joinedParties();
  const refresher = presenceRefresher(deps, parties);
  const members = membership(deps, parties, refresher);
  return {
    onConnection(socket: AuraSocket) {
      const principal = socket.data.principal;
      if (principal?.kind !== 'user' && principal?.kind !== 'performer') return;
      listen(socket, deps, parties, members);
    },
    /** this node's joined parties (for tests and health) */
    joinedCount: () => parties.size,
    stop: refresher.stop,
  };
}

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
import type { Session } from './session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How long a party's presence lasts without a refresh, and how often a joined socket refreshes it. */
export const PRESENCE_TTL_MS = 15_000;
const REFRESH_MS = 5_000;

export const presenceKey = (sessionId: string, party: SessionParty) => `session:present:${sessionId}:${party}`;
const other = (party: SessionParty): SessionParty => (party === 'user' ? 'performer' : 'user');

/** Which side of the session this principal is, if any. */
export function partyOf(
  state: Session,
  principal: { kind: string; sub: string } | undefined,
): SessionParty | undefined {
  if (state.status === 'none' || !principal) return undefined;
  if (principal.kind === 'user' && principal.sub === state.terms.userId) return 'user';
  if (principal.kind === 'performer' && principal.sub === state.terms.performerId) return 'performer';
  return undefined;
}

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

export function sessionSockets(deps: SessionSocketsDeps) {
  const { commands, kv, realtime, logger } = deps;
  /** `sessionId:party` → the sockets of this node joined as that party */
  const present = new Map<string, Set<string>>();
  /** socket id → the sessions it joined */
  const bySocket = new Map<string, Map<string, Joined>>();
  let refresher: NodeJS.Timeout | undefined;

  const emitTo = (
    joined: Joined,
    party: SessionParty,
    event: 'session:peer',
    payload: { sessionId: string; party: SessionParty; present: boolean },
  ) => {
    if (party === 'user') realtime.toUser(joined.userId, event, payload);
    else realtime.toPerformer(joined.performerId, event, payload);
  };

  /** Keeps each joined party's presence alive; one that was lost (Redis restarted empty) is put back, and the party is back. */
  async function refreshOne(sessionId: string, party: SessionParty) {
    const had = await kv.has(presenceKey(sessionId, party));
    await kv.put(presenceKey(sessionId, party), PRESENCE_TTL_MS);
    if (!had) await commands.partyReturned(sessionId, party);
  }

  function refresh() {
    for (const key of present.keys()) {
      const [sessionId, party] = key.split(':') as [string, SessionParty];
      void refreshOne(sessionId, party).catch(() => undefined);
    }
    if (present.size === 0 && refresher) {
      clearInterval(refresher);
      refresher = undefined;
    }
  }

  async function join(socket: AuraSocket, sessionId: unknown): Promise<SessionJoinAnswer> {
    const principal = socket.data.principal;
    if (typeof sessionId !== 'string' || !UUID.test(sessionId) || !principal) return { ok: false, error: 'forbidden' };
    const state = await commands.loadSession(sessionId);
    const party = partyOf(state, principal);
    if (!party || state.status === 'none') return { ok: false, error: 'forbidden' };
    if (!(state.status === 'active' || (state.status === 'requested' && party === 'user')))
      return { ok: false, error: 'not_running' };
    const joined: Joined = { party, userId: state.terms.userId, performerId: state.terms.performerId };
    const sessions = bySocket.get(socket.id) ?? new Map<string, Joined>();
    sessions.set(sessionId, joined);
    bySocket.set(socket.id, sessions);
    const key = `${sessionId}:${party}`;
    present.set(key, (present.get(key) ?? new Set()).add(socket.id));
    await kv.put(presenceKey(sessionId, party), PRESENCE_TTL_MS);
    refresher ??= setInterval(refresh, REFRESH_MS);
    if (state.status === 'active' && state.away[party]) await commands.partyReturned(sessionId, party);
    emitTo(joined, other(party), 'session:peer', { sessionId, party, present: true });
    return { ok: true, role: party, counterpartPresent: await kv.has(presenceKey(sessionId, other(party))) };
  }

  async function leave(socketId: string, sessionId: string) {
    const sessions = bySocket.get(socketId);
    const joined = sessions?.get(sessionId);
    if (!sessions || !joined) return;
    sessions.delete(sessionId);
    if (sessions.size === 0) bySocket.delete(socketId);
    const key = `${sessionId}:${joined.party}`;
    const sockets = present.get(key);
    sockets?.delete(socketId);
    if (sockets && sockets.size > 0) return;
    present.delete(key);
    await kv.remove(presenceKey(sessionId, joined.party));
    await commands.partyLeft(sessionId, joined.party);
    emitTo(joined, other(joined.party), 'session:peer', { sessionId, party: joined.party, present: false });
  }

  const failed = (what: string) => (error: unknown) =>
    logger.warn(`session socket: ${what} failed`, { error: error instanceof Error ? error.message : String(error) });

  return {
    onConnection(socket: AuraSocket) {
      const principal = socket.data.principal;
      if (principal?.kind !== 'user' && principal?.kind !== 'performer') return;
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
        const joined = parsed.success ? bySocket.get(socket.id)?.get(parsed.data.sessionId) : undefined;
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
        for (const sessionId of [...(bySocket.get(socket.id)?.keys() ?? [])])
          void leave(socket.id, sessionId).catch(failed('leave'));
      });
    },
    /** this node's joined parties (for tests and health) */
    joinedCount: () => present.size,
    stop() {
      if (refresher) clearInterval(refresher);
      refresher = undefined;
    },
  };
}

import type { Identity, SessionParty } from '@aura/contracts';
import { notFound } from '../../platform/http/errors';
import type { Principal } from '../../platform/http/session';
import type { AuraModule, ModulePorts } from '../../platform/module';
import { settledOn } from '../../platform/projections/wait';
import type { StoredEvent } from '../../platform/eventstore/port';
import { auditSessions } from './audit';
import { createSessionCommands, type SessionClock } from './commands';
import { iceConfigFor, relayOnly } from './ice';
import { scheduleSessionTick, sessionSweeper, sessionTickJob } from './jobs';
import { SESSIONS, sessionsProjection } from './projection';
import { sessionPushes } from './pushes';
import { createSessionQueries, toSessionView, type ViewedSession } from './queries';
import { sessionEarningsReaction } from './reactions';
import { sessionsRouter } from './routes';
import { presenceKey, PRESENCE_TTL_MS, sessionSockets } from './sockets';

export interface SessionsDeps {
  performers: {
    /** what a private session needs of her (null: unknown or deleted) */
    sessionCard(performerId: string): Promise<{ name: string; image: string; rateUnits: number; isOnline: boolean; approved: boolean } | null>;
    sightOf(performerId: string, caller: Pick<Principal, 'kind' | 'sub'> | undefined, country: string | undefined): Promise<'full' | 'public' | 'none'>;
    /** has she blocked this identity? */
    isBlocked(performerId: string, identityId: string): Promise<boolean>;
  };
  identities: { identityFor(userId: string, aliasId?: string | null): Promise<Identity> };
}

/**
 * Private video sessions: request and accept, WebRTC signalling between the two parties only,
 * billing by the started minute on the worker's clock, the minimum held on the wallet.
 */
export function sessionsModule(ports: ModulePorts, deps: SessionsDeps) {
  const { config } = ports;
  const clock: SessionClock = {
    billingMinuteMs: config.BILLING_MINUTE_MS,
    graceMs: config.SESSION_RECONNECT_GRACE_MS,
    requestTimeoutMs: config.SESSION_REQUEST_TIMEOUT_MS,
  };
  const queries = createSessionQueries(ports.readModels);
  const settled = settledOn(ports.readModels, SESSIONS);
  const schedule = scheduleSessionTick(ports.jobs, ports.now);
  const commands = createSessionCommands({
    eventStore: ports.eventStore,
    now: ports.now,
    clock,
    effects: {
      isPresent: (sessionId, party) => ports.kv.has(presenceKey(sessionId, party)),
      vouch: (sessionId, party) => ports.kv.put(presenceKey(sessionId, party), PRESENCE_TTL_MS),
      scheduleTick: (sessionId, atMs, reason) => schedule(sessionId, atMs, reason),
    },
  });
  const sockets = sessionSockets({ commands, kv: ports.kv, realtime: ports.realtime, logger: ports.logger, relayOnly: relayOnly(config) });
  const sweeper = sessionSweeper({ queries, commands, schedule, clock, now: ports.now, logger: ports.logger });

  const cardOf = async (performerId: string) => {
    const card = await deps.performers.sessionCard(performerId);
    return { name: card?.name ?? '', image: card?.image ?? '' };
  };
  const viewOf = async (doc: ViewedSession, party: SessionParty) => toSessionView(doc, party, await cardOf(doc.performerId!));

  return {
    name: 'sessions',
    projections: [sessionsProjection, sessionEarningsReaction(ports.eventStore)],
    routers: [
      sessionsRouter({
        sessions: ports.sessions,
        commands,
        identityFor: (userId, aliasId) => deps.identities.identityFor(userId, aliasId),
        async availability(performerId, identityId, caller, country) {
          const card = await deps.performers.sessionCard(performerId);
          if (!card) return null;
          const sight = await deps.performers.sightOf(performerId, caller, country);
          return {
            askable: card.approved && sight !== 'none',
            online: card.isOnline,
            blocked: await deps.performers.isBlocked(performerId, identityId),
            busy: await queries.isBusy(performerId),
            rateUnits: card.rateUnits,
          };
        },
        async viewAfter(sessionId, party, position) {
          await settled(position);
          const doc = await queries.byId(sessionId);
          if (!doc) throw notFound('Sessione non trovata');
          return viewOf(doc, party);
        },
        async openOf(caller) {
          if (caller.kind === 'user') return Promise.all((await queries.openOfUser(caller.sub)).map((doc) => viewOf(doc, 'user')));
          if (caller.kind === 'performer') return Promise.all((await queries.openOfPerformer(caller.sub)).map((doc) => viewOf(doc, 'performer')));
          return [];
        },
        // the TURN username names the session and the side, never the account
        iceConfig: (sessionId, party) => iceConfigFor(config, `${sessionId}-${party}`, ports.now()),
        async declineWaiting(performerId, acceptedSessionId) {
          for (const waiting of await queries.waitingFor(performerId)) {
            if (waiting._id === acceptedSessionId) continue;
            await commands.decline(waiting._id, performerId, 'busy').catch(() => undefined);
          }
        },
      }),
    ],
    jobs: [sessionTickJob(commands)],
    pushes: sessionPushes({
      realtime: ports.realtime,
      async views(sessionId) {
        const doc = await queries.byId(sessionId);
        if (!doc?.performerId) return null;
        const card = await cardOf(doc.performerId);
        return { userId: doc.userId, performerId: doc.performerId, user: toSessionView(doc, 'user', card), performer: toSessionView(doc, 'performer', card) };
      },
    }),
    sockets: (socket) => sockets.onConnection(socket),
    start: () => sweeper.start(),
    async stop() {
      sockets.stop();
      await sweeper.stop();
    },
    queries: { isBusy: queries.isBusy },
    /** `npm run ledger:audit`'s private-sessions part */
    audit: (events: StoredEvent[]) => auditSessions(events),
  } satisfies AuraModule & Record<string, unknown>;
}

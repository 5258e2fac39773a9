import type { Identity } from '@aura/contracts';
import type { Principal } from '../../platform/http/session';
import { rateLimiterOf } from '../../platform/http/rate-limit';
import { sessionRateLimits } from './rate-limits';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { scheduleSessionTick } from './clock';
import { createSessionCommands, type SessionClock } from './commands';
import { iceConfigFor, relayOnly } from './ice';
import { sessionsRouter, type SessionsRouterDeps } from './routes';
import { presenceKey, PRESENCE_TTL_MS, sessionSockets } from './sockets';
import { scheduleSpyTick, spyCommands } from './spy';
import { spyMediaRoom } from './spy-media';
import { spyRouter } from './spy-routes';
import { sessionTalkCommands } from './talk';
import { sessionTalkRouter } from './talk-routes';

export interface SessionsDeps {
  performers: {
    /** what a private session needs of her (null: unknown or deleted) */
    sessionCard(performerId: string): Promise<{
      name: string;
      image: string;
      rateUnits: number;
      /** spies allowed at this price a minute (null: none) */
      spyPriceUnits?: number | null;
      isOnline: boolean;
      approved: boolean;
    } | null>;
    sightOf(
      performerId: string,
      caller: Pick<Principal, 'kind' | 'sub'> | undefined,
      country: string | undefined,
    ): Promise<'full' | 'public' | 'none'>;
    /** has she blocked this identity? */
    isBlocked(performerId: string, identityId: string): Promise<boolean>;
    /** waits until her read model (her rating) has applied `position` */
    settled(position: number | undefined): Promise<void>;
  };
  identities: { identityFor(userId: string, aliasId?: string | null): Promise<Identity> };
  /** what the sessions read side tells the routes (entry hands it over) */
  sessions: Pick<SessionsRouterDeps, 'viewAfter' | 'openOf'> & {
    /** is she in a private session right now? */
    isBusy(performerId: string): Promise<boolean>;
    /** her requests still waiting for an answer */
    waitingIds(performerId: string): Promise<string[]>;
  };
}

/** The session clock of this process's config. */
export const sessionClock = ({ config }: ModulePorts): SessionClock => ({
  billingMinuteMs: config.BILLING_MINUTE_MS,
  graceMs: config.SESSION_RECONNECT_GRACE_MS,
  requestTimeoutMs: config.SESSION_REQUEST_TIMEOUT_MS,
});

/** A private session's commands on these ports (the api's routes and sockets, the worker's clock). */
export function sessionCommands(ports: ModulePorts) {
  return createSessionCommands({
    eventStore: ports.eventStore,
    now: ports.clock.now,
    clock: sessionClock(ports),
    effects: {
      isPresent: (sessionId, party) => ports.kv.has(presenceKey(sessionId, party)),
      vouch: (sessionId, party) => ports.kv.put(presenceKey(sessionId, party), PRESENCE_TTL_MS),
      scheduleTick: scheduleSessionTick(ports.jobs, ports.clock.now),
    },
  });
}

/** The spies on privates on these ports (the api's routes, the worker's clock and reaction). */
export function privateSpyCommands(ports: ModulePorts) {
  return spyCommands({
    eventStore: ports.eventStore,
    now: ports.clock.now,
    freeMs: ports.config.SPY_FREE_MS,
    scheduleTick: scheduleSpyTick(ports.jobs, ports.clock.now),
  });
}

/**
 * Private video sessions: request and accept, WebRTC signalling between the two parties only,
 * the minimum held on the wallet. Billing by the started minute is the worker's clock.
 */
export function sessionsCommands(ports: ModulePorts, deps: SessionsDeps) {
  const { config } = ports;
  const queries = deps.sessions;
  const commands = sessionCommands(ports);
  const sockets = sessionSockets({
    commands,
    kv: ports.kv,
    realtime: ports.realtime,
    logger: ports.logger,
    relayOnly: relayOnly(config),
  });
  // her camera for the spies of a private that allows them (the SFU); the user's never goes there
  const spyMedia = spyMediaRoom({
    media: ports.showMedia,
    eventStore: ports.eventStore,
    iceSettings: config,
    now: ports.clock.now,
    logger: ports.logger,
  });

  return {
    name: 'sessions',
    rateLimits: sessionRateLimits,
    routers: [
      sessionsRouter({
        sessions: ports.sessions,
        limits: rateLimiterOf(ports, sessionRateLimits),
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
            spyPriceUnits: card.spyPriceUnits ?? null,
          };
        },
        viewAfter: queries.viewAfter,
        openOf: queries.openOf,
        // the TURN username names the session and the side, never the account
        iceConfig: (sessionId, party, runsUntilMs) =>
          iceConfigFor(config, `${sessionId}-${party}`, ports.clock.now(), runsUntilMs),
        ratedSettled: deps.performers.settled,
        async declineWaiting(performerId, acceptedSessionId) {
          for (const waitingId of await queries.waitingIds(performerId)) {
            if (waitingId === acceptedSessionId) continue;
            await commands.decline(waitingId, performerId, 'busy').catch(() => undefined);
          }
        },
      }),
      // inside a running session: lines and tips (issue 40 item 5)
      sessionTalkRouter({
        sessions: ports.sessions,
        limits: rateLimiterOf(ports, sessionRateLimits),
        talk: sessionTalkCommands({ eventStore: ports.eventStore, now: ports.clock.now }),
        bannedTerms: config.BANNED_TERMS,
        performerName: async (performerId) => (await deps.performers.sessionCard(performerId))?.name ?? '',
      }),
      spyRouter({
        sessions: ports.sessions,
        eventStore: ports.eventStore,
        commands: privateSpyCommands(ports),
        freeSeconds: Math.round(config.SPY_FREE_MS / 1000),
        // the TURN username names the watch, never the account
        iceConfig: (spyId) => iceConfigFor(config, `spy-${spyId}`, ports.clock.now()),
        watchEnded: (sessionId, userId) => spyMedia.dropSpy(sessionId, userId),
      }),
    ],
    sockets: (socket) => {
      sockets.onConnection(socket);
      spyMedia.onConnection(socket);
    },
    async stop() {
      sockets.stop();
      spyMedia.stop();
    },
  } satisfies CommandSide;
}

import Router from '@koa/router';
import { apiRoutes, type IceConfig, type Identity, type SessionParty, type SessionView } from '@aura/contracts';
import { requestCountry } from '../../platform/http/country';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import type { sessionRateLimits } from './rate-limits';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { Principal, SessionManager } from '../../platform/http/session';
import type { SessionCommands } from './commands';
import { paidUntil } from './money';
import { mayAccept, mayDecline, mayRate, mayRequest, partyIn } from './policy';
import { assertRunning, type PerformerAvailability } from './session';
import { DomainError } from '../../platform/domain-error';

export interface SessionsRouterDeps {
  sessions: SessionManager;
  limits: RateLimiter<keyof typeof sessionRateLimits | DoorLimit>;
  commands: SessionCommands;
  /** the identity the user meets her as (their real name, or an active alias they own) */
  identityFor(userId: string, aliasId: string | null): Promise<Identity>;
  /** may this user, as this identity, from this country, ask her now? */
  availability(
    performerId: string,
    identityId: string,
    caller: Principal,
    country: string | undefined,
  ): Promise<PerformerAvailability | null>;
  /** the session as `party` sees it, once the read model has applied `position` */
  viewAfter(sessionId: string, party: SessionParty, position: number | undefined): Promise<SessionView>;
  /** the caller's requested and active sessions */
  openOf(caller: Principal): Promise<SessionView[]>;
  /** ICE servers for a party of a running session whose paid time ends at `runsUntilMs` */
  iceConfig(sessionId: string, party: SessionParty, runsUntilMs: number): IceConfig;
  /** waits until the performers read model (her rating) has applied `position` */
  ratedSettled(position: number | undefined): Promise<void>;
  /** she accepted one request: the others waiting for her are answered 'busy' */
  declineWaiting(performerId: string, acceptedSessionId: string): Promise<void>;
}

/**
 * A user's private session with her: each route authenticates (its contract's level and
 * ./policy.ts), validates, calls the commands (./commands.ts, deciders in ./session.ts) and maps
 * the answer.
 */
export function sessionsRouter(deps: SessionsRouterDeps): Router {
  const router = new Router();
  askingRoutes(router, deps);
  answerRoutes(router, deps);
  runningRoutes(router, deps);
  return router;
}

/** The user asks her; either party reads a session they are in. */
function askingRoutes(router: Router, deps: SessionsRouterDeps) {
  const { commands } = deps;
  mountRoute(router, deps.sessions, apiRoutes.requestSession, async (ctx, { body }, caller) => {
    mayRequest(caller);
    await deps.limits.enforce(ctx, ['sessionRequest', caller.sub]);
    const identity = await deps.identityFor(caller.sub, body.aliasId);
    const performer = await deps.availability(body.performerId, identity.identityId, caller, requestCountry(ctx));
    const result = await commands.request(
      {
        userId: caller.sub,
        identity: { aliasId: identity.aliasId, identityId: identity.identityId, displayName: identity.displayName },
        performerId: body.performerId,
        performer,
        expectedPrice: body.expectedPrice,
      },
      commandMetadata(ctx, caller),
    );
    return deps.viewAfter(result.sessionId, 'user', result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.listOpenSessions, async (_ctx, _input, caller) => ({
    sessions: await deps.openOf(caller),
  }));

  mountRoute(router, deps.sessions, apiRoutes.getSession, async (_ctx, { params }, caller) => {
    const party = partyIn(await commands.loadSession(params.id), caller);
    return deps.viewAfter(params.id, party, undefined);
  });
}

/** She accepts or declines; either party ends it (the user's end of a request cancels it). */
function answerRoutes(router: Router, deps: SessionsRouterDeps) {
  const { commands } = deps;
  mountRoute(router, deps.sessions, apiRoutes.acceptSession, async (ctx, { params }, caller) => {
    mayAccept(partyIn(await commands.loadSession(params.id), caller));
    const result = await commands.accept(params.id, caller.sub, commandMetadata(ctx, caller));
    await deps.declineWaiting(caller.sub, params.id);
    return deps.viewAfter(params.id, 'performer', result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.declineSession, async (ctx, { params }, caller) => {
    mayDecline(partyIn(await commands.loadSession(params.id), caller));
    const result = await commands.decline(params.id, caller.sub, 'declined', commandMetadata(ctx, caller));
    return deps.viewAfter(params.id, 'performer', result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.endSession, async (ctx, { params }, caller) => {
    const state = await commands.loadSession(params.id);
    const party = partyIn(state, caller);
    if (state.status === 'requested') await deps.limits.enforce(ctx, ['sessionCancel', caller.sub]);
    const result = await commands.end(params.id, party, commandMetadata(ctx, caller));
    return deps.viewAfter(params.id, party, result.position);
  });
}

/** While it runs: its media's ICE servers; once over, the user's rating. */
function runningRoutes(router: Router, deps: SessionsRouterDeps) {
  const { commands } = deps;
  mountRoute(router, deps.sessions, apiRoutes.rateSession, async (ctx, { params, body }, caller) => {
    mayRate(caller);
    const result = await commands.rate(
      params.id,
      { userId: caller.sub, stars: body.stars, comment: body.comment },
      commandMetadata(ctx, caller),
    );
    const rated = result.events.find((event) => event.type === 'SessionRated');
    if (rated?.type !== 'SessionRated') throw new DomainError('session_rated');
    const { sessionId, performerId, stars, comment, ratedAt } = rated.data;
    await deps.ratedSettled(result.position);
    return { sessionId, performerId, stars, comment, ratedAt };
  });

  mountRoute(router, deps.sessions, apiRoutes.sessionIceConfig, async (_ctx, { params }, caller) => {
    const state = await commands.loadSession(params.id);
    const party = partyIn(state, caller);
    assertRunning(state);
    const money = await commands.loadMoney(state.terms.userId, params.id);
    assertRunning(state, money.settled !== null);
    return deps.iceConfig(params.id, party, paidUntil(state, money));
  });
}

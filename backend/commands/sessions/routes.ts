import Router from '@koa/router';
import { apiRoutes, type IceConfig, type Identity, type SessionParty, type SessionView } from '@aura/contracts';
import { forbidden, notFound } from '../../platform/http/errors';
import { requestCountry } from '../../platform/http/country';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import type { sessionRateLimits } from './rate-limits';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { Principal, SessionManager } from '../../platform/http/session';
import type { SessionCommands } from './commands';
import { paidUntil } from './money';
import type { PerformerAvailability, Session } from './session';
import { partyOf } from './sockets';
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

/** The caller's side of an existing session, or 404 (unknown) / 403 (not one of its two parties). */
function partyOrRefuse(state: Session, caller: Principal): SessionParty {
  if (state.status === 'none') throw notFound();
  const party = partyOf(state, caller);
  if (!party) throw forbidden();
  return party;
}

export function sessionsRouter(deps: SessionsRouterDeps): Router {
  const router = new Router();
  const { commands } = deps;

  mountRoute(router, deps.sessions, apiRoutes.requestSession, async (ctx, { body }, caller) => {
    // asking is the user's own act (and spends their money): an admin session asks nothing
    if (caller.kind !== 'user') throw forbidden();
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
    const party = partyOrRefuse(await commands.loadSession(params.id), caller);
    return deps.viewAfter(params.id, party, undefined);
  });

  mountRoute(router, deps.sessions, apiRoutes.acceptSession, async (ctx, { params }, caller) => {
    const state = await commands.loadSession(params.id);
    if (partyOrRefuse(state, caller) !== 'performer') throw forbidden();
    const result = await commands.accept(params.id, caller.sub, commandMetadata(ctx, caller));
    await deps.declineWaiting(caller.sub, params.id);
    return deps.viewAfter(params.id, 'performer', result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.declineSession, async (ctx, { params }, caller) => {
    const state = await commands.loadSession(params.id);
    if (partyOrRefuse(state, caller) !== 'performer') throw forbidden();
    const result = await commands.decline(params.id, caller.sub, 'declined', commandMetadata(ctx, caller));
    return deps.viewAfter(params.id, 'performer', result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.endSession, async (ctx, { params }, caller) => {
    const state = await commands.loadSession(params.id);
    const party = partyOrRefuse(state, caller);
    if (state.status === 'requested') await deps.limits.enforce(ctx, ['sessionCancel', caller.sub]);
    const result = await commands.end(params.id, party, commandMetadata(ctx, caller));
    return deps.viewAfter(params.id, party, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.rateSession, async (ctx, { params, body }, caller) => {
    if (caller.kind !== 'user') throw forbidden();
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
    const party = partyOrRefuse(state, caller);
    // TURN credentials only while it runs: a request, declined, expired or ended session gets none
    if (state.status !== 'active') throw new DomainError('session_not_active');
    const money = await commands.loadMoney(state.terms.userId, params.id);
    if (money.settled) throw new DomainError('session_not_active');
    return deps.iceConfig(params.id, party, paidUntil(state, money));
  });

  return router;
}

import Router from '@koa/router';
import { apiRoutes, auracoinToUnits } from '@aura/contracts';
import { refuseBannedTerms } from '../../platform/http/banned-terms';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { mayTipIn, partyIn } from './policy';
import type { sessionRateLimits } from './rate-limits';
import type { SessionTalkCommands } from './talk';

export interface SessionTalkRouterDeps {
  sessions: SessionManager;
  limits: RateLimiter<keyof typeof sessionRateLimits | DoorLimit>;
  talk: SessionTalkCommands;
  /** words refused in what the other party reads (`BANNED_TERMS`) */
  bannedTerms: readonly string[];
  /** her name as the session page shows it (her lines are signed with it) */
  performerName(performerId: string): Promise<string>;
}

/**
 * Inside a running private session (issue 40 item 5): a line from either party, a tip from the
 * user, rate-limited as a show's room chat and tips are. Each route checks the caller is one of the
 * session's two parties (./policy.ts), then the
 * commands (./talk.ts, deciders in ./in-session.ts) decide. The lines and tips are read back from
 * the sessions read side (GET /api/sessions/{id}/messages).
 */
export function sessionTalkRouter(deps: SessionTalkRouterDeps): Router {
  const router = new Router();
  const { talk } = deps;

  mountRoute(router, deps.sessions, apiRoutes.postSessionMessage, async (ctx, { params, body }, caller) => {
    const party = partyIn(await talk.loadSession(params.id), caller);
    refuseBannedTerms(deps.bannedTerms, { text: body.text });
    await deps.limits.enforce(ctx, ['sessionMessage', `${caller.sub}|${params.id}`]);
    const performerName = party === 'performer' ? await deps.performerName(caller.sub) : '';
    return talk.postMessage(params.id, { party, performerName, text: body.text }, commandMetadata(ctx, caller));
  });

  mountRoute(router, deps.sessions, apiRoutes.tipSession, async (ctx, { params, body, idempotencyKey }, caller) => {
    const party = partyIn(await talk.loadSession(params.id), caller);
    mayTipIn(party);
    await deps.limits.enforce(ctx, ['sessionTip', caller.sub]);
    return talk.tip(
      params.id,
      { party, amountUnits: auracoinToUnits(body.amount), idempotencyKey },
      commandMetadata(ctx, caller, { idempotencyKey }),
    );
  });

  return router;
}

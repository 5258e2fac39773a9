import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { notFound } from '../../platform/http/errors';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { Principal, SessionManager } from '../../platform/http/session';
import type { PayoutQueries } from './queries';
import { sepaSummary, type SepaRail } from '../../platform/payouts/sepa/provider';

export interface PayoutsQueryRouterDeps {
  sessions: SessionManager;
  now: () => Date;
  queries: PayoutQueries;
  /** the payout provider this product runs on, as the admins' console shows it */
  provider: { name: string; testMode: boolean; sepa?: SepaRail };
  performerExists(performerId: string): Promise<boolean>;
  nameOf(performerId: string): Promise<string | null>;
}

/** Her payouts, summary, weekly statements and payout details; the admins' runs. */
export function payoutsQueryRouter(deps: PayoutsQueryRouterDeps): Router {
  const router = new Router();
  const { sessions, queries, now } = deps;

  /** her own records, or an admin's look; 404 for a performer who does not exist */
  async function herselfOrAdmin(caller: Principal, performerId: string) {
    assertOwnerOrAdmin(caller, performerId);
    if (caller.kind === 'admin' && !(await deps.performerExists(performerId))) throw notFound();
  }

  mountRoute(router, sessions, apiRoutes.performerPayouts, async (_ctx, { params }, caller) => {
    await herselfOrAdmin(caller, params.id);
    return queries.payoutsOf(params.id);
  });

  mountRoute(router, sessions, apiRoutes.performerPayoutSummary, async (_ctx, { params }, caller) => {
    await herselfOrAdmin(caller, params.id);
    return queries.summary(params.id, now());
  });

  mountRoute(router, sessions, apiRoutes.performerStatements, async (_ctx, { params }, caller) => {
    await herselfOrAdmin(caller, params.id);
    return queries.statements(params.id, now());
  });

  mountRoute(router, sessions, apiRoutes.performerStatement, async (_ctx, { params }, caller) => {
    await herselfOrAdmin(caller, params.id);
    const statement = await queries.statement(params.id, params.weekStart, now());
    if (!statement) throw notFound();
    return { ...statement, performerName: (await deps.nameOf(params.id)) ?? '' };
  });

  mountRoute(router, sessions, apiRoutes.payoutDetails, async (_ctx, { params }, caller) => {
    await herselfOrAdmin(caller, params.id);
    return queries.details(params.id, now());
  });

  mountRoute(router, sessions, apiRoutes.payoutRuns, async () => ({
    runs: await queries.runs(),
    testMode: deps.provider.testMode,
    provider: deps.provider.name,
  }));

  mountRoute(router, sessions, apiRoutes.payoutRun, async (_ctx, { params }) => {
    const run = await queries.run(params.id);
    if (!run) throw notFound();
    const names = new Map<string, string>();
    const nameOf = async (performerId: string) => {
      if (!names.has(performerId)) names.set(performerId, (await deps.nameOf(performerId)) ?? 'Performer eliminata');
      return names.get(performerId)!;
    };
    const payouts = [];
    for (const payout of run.payouts) payouts.push({ ...payout, performerName: await nameOf(payout.performerId) });
    const carriedOver = [];
    for (const carry of run.carries) carriedOver.push({ ...carry, performerName: await nameOf(carry.performerId) });
    const sepa = await deps.provider.sepa?.fileOf(params.id);
    return {
      ...run.view,
      payouts,
      carriedOver,
      ...(deps.provider.sepa ? { sepa: sepa ? sepaSummary(sepa.file, sepa.sent) : null } : {}),
    };
  });

  return router;
}

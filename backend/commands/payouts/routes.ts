import Router from '@koa/router';
import { apiRoutes, lastClosedPayoutWeek, payoutStreams, type PayoutView } from '@aura/contracts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { Principal } from '../../platform/http/session';
import type { ModulePorts } from '../../platform/module';
import { decideChangeDetails, handlePayoutDetails } from './details';
import type { PayoutQueries } from '../../projections/payouts/queries';
import type { PayoutService } from './service';

export interface PayoutsRouterDeps {
  ports: ModulePorts;
  service: PayoutService;
  queries: PayoutQueries;
  performerExists(performerId: string): Promise<boolean>;
  nameOf(performerId: string): Promise<string | null>;
  /** waits until the payouts read models have applied this position */
  settled(position: number | undefined): Promise<void>;
}

export function payoutsRouter(deps: PayoutsRouterDeps): Router {
  const router = new Router();
  const { ports, queries, service } = deps;
  const { sessions } = ports;

  /** her own records, or an admin's look; 404 for a performer who does not exist */
  async function herselfOrAdmin(caller: Principal, performerId: string) {
    assertOwnerOrAdmin(caller, performerId);
    if (caller.kind === 'admin' && !(await deps.performerExists(performerId))) throw notFound('Performer non trovata');
  }

  mountRoute(router, sessions, apiRoutes.performerPayouts, async (_ctx, { params }, caller) => {
    await herselfOrAdmin(caller, params.id);
    return queries.payoutsOf(params.id);
  });

  mountRoute(router, sessions, apiRoutes.performerPayoutSummary, async (_ctx, { params }, caller) => {
    await herselfOrAdmin(caller, params.id);
    return queries.summary(params.id, ports.now());
  });

  mountRoute(router, sessions, apiRoutes.performerStatements, async (_ctx, { params }, caller) => {
    await herselfOrAdmin(caller, params.id);
    return queries.statements(params.id, ports.now());
  });

  mountRoute(router, sessions, apiRoutes.performerStatement, async (_ctx, { params }, caller) => {
    await herselfOrAdmin(caller, params.id);
    const statement = await queries.statement(params.id, params.weekStart, ports.now());
    if (!statement) throw notFound('Nessun estratto conto per questa settimana');
    return { ...statement, performerName: (await deps.nameOf(params.id)) ?? '' };
  });

  mountRoute(router, sessions, apiRoutes.payoutDetails, async (_ctx, { params }, caller) => {
    await herselfOrAdmin(caller, params.id);
    return queries.details(params.id, ports.now());
  });

  mountRoute(router, sessions, apiRoutes.setPayoutDetails, async (ctx, { params, body }, caller) => {
    // where her money goes is hers alone to say: not even an admin redirects it
    if (caller.kind !== 'performer' || caller.sub !== params.id) throw forbidden('Solo la performer può indicare dove ricevere i pagamenti');
    if (!(await deps.performerExists(params.id))) throw notFound('Performer non trovata');
    const result = await handlePayoutDetails(ports.eventStore, payoutStreams.details(params.id), (state) => decideChangeDetails(params.id, body, state, ports.now()), {
      metadata: { correlationId: ctx.state.requestId, by: caller.sub, byKind: caller.kind },
    });
    await deps.settled(result.position);
    return queries.details(params.id, ports.now());
  });

  mountRoute(router, sessions, apiRoutes.runPayouts, async (_ctx, { body }, caller) => {
    const now = ports.now();
    const periodEnd = body.periodEnd ? new Date(body.periodEnd) : lastClosedPayoutWeek(now).end;
    if (periodEnd.getTime() > now.getTime()) throw badRequest('La fine del periodo non può essere nel futuro', [{ path: 'body.periodEnd', message: 'La fine del periodo non può essere nel futuro' }]);
    const run = await service.requestRun({ periodEnd, trigger: 'admin', adminId: caller.sub });
    return { runId: run.runId, periodEnd: run.periodEnd, status: 'queued' as const };
  });

  mountRoute(router, sessions, apiRoutes.payoutRuns, async () => ({ runs: await queries.runs(), testMode: service.provider.testMode, provider: service.provider.name }));

  mountRoute(router, sessions, apiRoutes.payoutRun, async (_ctx, { params }) => {
    const run = await queries.run(params.id);
    if (!run) throw notFound('Esecuzione non trovata');
    const names = new Map<string, string>();
    const nameOf = async (performerId: string) => {
      if (!names.has(performerId)) names.set(performerId, (await deps.nameOf(performerId)) ?? 'Performer eliminata');
      return names.get(performerId)!;
    };
    const payouts = [];
    for (const payout of run.payouts) payouts.push({ ...payout, performerName: await nameOf(payout.performerId) });
    const carriedOver = [];
    for (const carry of run.carries) carriedOver.push({ ...carry, performerName: await nameOf(carry.performerId) });
    return { ...run.view, payouts, carriedOver };
  });

  mountRoute(router, sessions, apiRoutes.retryPayout, async (_ctx, { params }, caller) => {
    const result = await service.retry(params.id, caller.sub);
    await deps.settled(result.position);
    const payout: PayoutView | null = await queries.payout(params.id);
    if (!payout) throw notFound('Pagamento non trovato');
    return payout;
  });

  return router;
}

import Router from '@koa/router';
import {
  apiRoutes,
  fieldMessages,
  lastClosedPayoutWeek,
  payoutStreams,
  type PayoutDetailsView,
  type PayoutView,
} from '@aura/contracts';
import { forbidden, notFound, refused } from '../../platform/http/errors';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import { sepaSummary } from '../../platform/payouts/sepa/provider';
import type { ModulePorts } from '../../kernel/module';
import { decideChangeDetails, handlePayoutDetails } from './details';
import type { PayoutService } from './service';

export interface PayoutsRouterDeps {
  ports: ModulePorts;
  service: PayoutService;
  /** what the payouts read side tells the routes (entry hands it over) */
  queries: {
    details(performerId: string, now: Date): Promise<PayoutDetailsView>;
    payout(payoutId: string): Promise<PayoutView | null>;
  };
  performerExists(performerId: string): Promise<boolean>;
  /** waits until the payouts read models have applied this position */
  settled(position: number | undefined): Promise<void>;
}

export function payoutsRouter(deps: PayoutsRouterDeps): Router {
  const router = new Router();
  const { ports, queries, service } = deps;
  const { sessions } = ports;

  mountRoute(router, sessions, apiRoutes.setPayoutDetails, async (ctx, { params, body }, caller) => {
    // where her money goes is hers alone to say: not even an admin redirects it
    if (caller.kind !== 'performer' || caller.sub !== params.id) throw forbidden();
    if (!(await deps.performerExists(params.id))) throw notFound();
    const result = await handlePayoutDetails(
      ports.eventStore,
      payoutStreams.details(params.id),
      (state) => decideChangeDetails(params.id, body, state, ports.clock.now()),
      {
        metadata: { correlationId: ctx.state.requestId, by: caller.sub, byKind: caller.kind },
      },
    );
    await deps.settled(result.position);
    return queries.details(params.id, ports.clock.now());
  });

  mountRoute(router, sessions, apiRoutes.runPayouts, async (_ctx, { body }, caller) => {
    const now = ports.clock.now();
    const periodEnd = body.periodEnd ? new Date(body.periodEnd) : lastClosedPayoutWeek(now).end;
    if (periodEnd.getTime() > now.getTime())
      throw refused('period_end_future', [{ path: 'body.periodEnd', message: fieldMessages.periodEndFuture }]);
    const run = await service.requestRun({ periodEnd, trigger: 'admin', adminId: caller.sub });
    return { runId: run.runId, periodEnd: run.periodEnd, status: 'queued' as const };
  });

  mountRoute(router, sessions, apiRoutes.retryPayout, async (_ctx, { params }, caller) => {
    const result = await service.retry(params.id, caller.sub);
    await deps.settled(result.position);
    const payout: PayoutView | null = await queries.payout(params.id);
    if (!payout) throw notFound();
    return payout;
  });

  mountRoute(router, sessions, apiRoutes.payoutRunSepaFile, async (_ctx, { params }) => {
    const found = await service.provider.sepa?.fileOf(params.id);
    if (!service.provider.sepa) throw refused('sepa_not_configured');
    if (!found) throw refused('sepa_no_file');
    return {
      bytes: Buffer.from(service.provider.sepa.xmlOf(found.file), 'utf8'),
      contentType: 'application/xml; charset=utf-8',
      cacheControl: 'private, no-store',
      fileName: `aura-sepa-${found.file.requestedExecutionDate}-${found.file.messageId.slice(0, 8)}.xml`,
      disposition: 'attachment' as const,
    };
  });

  mountRoute(router, sessions, apiRoutes.markSepaFileSent, async (ctx, { params }, caller) => {
    const marked = await service.markSepaSent(params.id, caller.sub, commandMetadata(ctx, caller));
    return sepaSummary(marked.file, marked.sent);
  });

  return router;
}

import Router from '@koa/router';
import {
  apiRoutes,
  formatAuracoinLabel,
  formatEuroCents,
  streams,
  unitsToAuracoin,
  type PurchaseView,
} from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { Context } from 'koa';
import { foldStream } from '../../kernel/handle-command';
import { HttpError } from '../../platform/http/errors';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { newId } from '../../platform/ids';
import { inTurnPerKey } from '../../platform/in-turn';
import { signatureHeader, WebhookSignatureError } from '../../platform/payments/signature';
import { completedEventBody, disputeEventBody, expiredEventBody } from '../../platform/payments/webhook-event';
import { disputeState, receiveDispute, type DisputeReceipt } from './disputes';
import type { Logger } from '../../platform/logging/logger';
import { PurchaseLimitError } from './limits';
import { receivePostback } from './postback';
import { mayBuy } from './policy';
import { purchase } from './purchase';
import { checkoutOf, checkoutPurchaseId, disputable, openedDispute } from './sandbox-checkout';
import { sandboxCheckoutPage } from './sandbox-page';
import { settlePayment, startPurchase, type PurchaseServiceDeps } from './service';

export interface PurchasesDeps extends PurchaseServiceDeps {
  sessions: SessionManager;
  /** the sandbox's webhook secret when the embedded provider runs (its page signs with it) */
  sandboxWebhookSecret?: string;
  /** the purchase's view once the purchases read model has applied `position` */
  purchaseViewAfter: (purchaseId: string, position: number | undefined) => Promise<PurchaseView>;
  /** the user may buy (registered and not deleted) */
  userActive: (userId: string) => Promise<boolean>;
  /** our purchase paid with this provider payment id, or null */
  purchaseByPayment: (paymentId: string) => Promise<string | null>;
  /** a dispute's effects as read (the wallet's balance, the disputes list) have applied `position` */
  disputeSettled: (position: number | undefined) => Promise<void>;
  logger: Logger;
}

/**
 * Buying auracoin, and the provider's confirmations: each route authenticates (its contract's level
 * and ./policy.ts), validates, calls the service (./service.ts, ./disputes.ts) and maps the answer.
 */
export function purchasesRouter(deps: PurchasesDeps): Router {
  const router = new Router();
  const receiveWebhook = webhookReceiver(deps);
  buyRoutes(router, deps);
  providerRoutes(router, deps, receiveWebhook);
  // The embedded provider's hosted page (only while the sandbox runs)
  const sandboxSecret = deps.sandboxWebhookSecret;
  if (deps.provider.name !== 'sandbox' || !sandboxSecret) return router;
  const signedBySandbox = async (ctx: Context, raw: string) =>
    receiveWebhook(
      raw,
      signatureHeader(raw, sandboxSecret, deps.now()),
      commandMetadata(ctx, undefined, { source: 'sandbox' }),
    );
  sandboxCheckoutRoutes(router, deps, signedBySandbox);
  sandboxDisputeRoutes(router, deps, signedBySandbox);
  return router;
}

/** What every confirmation goes through: signature over the raw body, then the settlement. */
function webhookReceiver(deps: PurchasesDeps) {
  return async (raw: string, signature: string | undefined, metadata: Record<string, unknown>) => {
    let outcome;
    try {
      outcome = deps.provider.parseWebhook(raw, signature, deps.now());
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new DomainError('invalid_signature');
      throw error;
    }
    const stored = { ...metadata, webhookEventId: outcome.eventId, provider: deps.provider.name };
    if (outcome.kind === 'dispute')
      return receiveDispute({ ...deps, providerName: deps.provider.name }, outcome, stored);
    return settlePayment(deps, outcome, stored);
  };
}

type ReceiveWebhook = ReturnType<typeof webhookReceiver>;
/** A TEST MODE webhook, signed with the sandbox's secret and received like a real provider's. */
type SignedBySandbox = (ctx: Context, raw: string) => ReturnType<ReceiveWebhook>;

/**
 * A user starts a purchase: one at a time each in this process, answered once it is read back, so
 * the next one counts it against PURCHASE_LIMITS (requests sent at once cannot all slip under a
 * limit; across api replicas they still may, docs/architecture.md#purchase-limits).
 */
function buyRoutes(router: Router, deps: PurchasesDeps) {
  const inTurn = inTurnPerKey();
  mountRoute(router, deps.sessions, apiRoutes.createPurchase, async (ctx, { body, idempotencyKey }, caller) => {
    await mayBuy(caller, deps.userActive);
    return inTurn(caller.sub, async () => {
      const started = await startPurchase(
        deps,
        { userId: caller.sub, packageId: body.packageId, idempotencyKey },
        commandMetadata(ctx, caller),
      ).catch((error: unknown) => {
        if (error instanceof PurchaseLimitError) ctx.set('Retry-After', String(error.retryAfterSeconds));
        throw error;
      });
      return deps.purchaseViewAfter(started.purchaseId, started.position);
    });
  });
}

/** The providers' confirmations: a signed webhook (Stripe-style), Verotel's signed postbacks. */
function providerRoutes(router: Router, deps: PurchasesDeps, receiveWebhook: ReceiveWebhook) {
  mountRoute(router, deps.sessions, apiRoutes.paymentWebhook, async (ctx) => {
    const raw = (ctx.request as { rawBody?: unknown }).rawBody;
    if (typeof raw !== 'string') throw new HttpError('malformed_json');
    await receiveWebhook(raw, ctx.get('stripe-signature') || undefined, commandMetadata(ctx));
    return { received: true as const };
  });

  // issue 38 item 9: Verotel FlexPay's signed GET postbacks, answered in the plain text it reads
  mountRoute(router, deps.sessions, apiRoutes.verotelPostback, async (ctx, { query }) => {
    const answer = await receivePostback(deps, query, commandMetadata(ctx, undefined, { source: 'verotel-postback' }));
    ctx.set('Cache-Control', 'no-store');
    ctx.state.responseStatus = answer.status;
    return answer.text;
  });
}

/**
 * The embedded provider's hosted page: TEST MODE card form whose buttons post back here; the answer
 * is a webhook signed with the sandbox secret, verified and settled by the same code as a real
 * provider's.
 */
function sandboxCheckoutRoutes(router: Router, deps: PurchasesDeps, signedBySandbox: SignedBySandbox) {
  const loadCheckout = async (checkoutId: string) => {
    const purchaseId = checkoutPurchaseId(checkoutId);
    return checkoutOf(foldStream(purchase, await deps.eventStore.readStream(streams.purchase(purchaseId))), checkoutId);
  };

  mountRoute(router, deps.sessions, apiRoutes.sandboxCheckout, async (ctx, { params }) => {
    const state = await loadCheckout(params.checkoutId);
    ctx.set('Cache-Control', 'no-store');
    return sandboxCheckoutPage({
      checkoutId: state.checkoutId,
      description: formatAuracoinLabel(unitsToAuracoin(state.auracoinUnits)),
      amount: formatEuroCents(state.priceCents),
      status: state.status,
      backUrl: `/user?purchase=${state.purchaseId}`,
    });
  });

  for (const [contract, paid] of [
    [apiRoutes.sandboxConfirm, true],
    [apiRoutes.sandboxDecline, false],
  ] as const) {
    mountRoute(router, deps.sessions, contract, async (ctx, { params }) => {
      const state = await loadCheckout(params.checkoutId);
      const eventId = `evt_test_${newId()}`;
      const raw = paid
        ? completedEventBody({
            eventId,
            checkoutId: state.checkoutId,
            purchaseId: state.purchaseId,
            amountCents: state.priceCents,
            paymentId: `pi_test_${state.purchaseId}`,
          })
        : expiredEventBody({ eventId, checkoutId: state.checkoutId, purchaseId: state.purchaseId });
      const settled = await signedBySandbox(ctx, raw);
      // the buyer comes back to a page that already shows the result
      await deps.purchaseViewAfter(state.purchaseId, settled.position);
      return { location: `/user?purchase=${state.purchaseId}` };
    });
  }
}

/**
 * TEST MODE disputes: the cardholder disputes a paid purchase, the card network decides; each is
 * the provider's signed webhook, received by the same code as a real provider's.
 */
function sandboxDisputeRoutes(router: Router, deps: PurchasesDeps, signedBySandbox: SignedBySandbox) {
  const sendDispute = async (ctx: Context, body: string) => {
    const receipt = (await signedBySandbox(ctx, body)) as DisputeReceipt;
    await deps.disputeSettled(receipt.position);
    return receipt;
  };

  mountRoute(router, deps.sessions, apiRoutes.sandboxOpenDispute, async (ctx, { params }) => {
    const state = disputable(
      foldStream(purchase, await deps.eventStore.readStream(streams.purchase(params.purchaseId))),
    );
    const providerDisputeId = `dp_test_${newId()}`;
    const body = disputeEventBody({
      eventId: `evt_test_${newId()}`,
      type: 'charge.dispute.created',
      disputeId: providerDisputeId,
      paymentId: `pi_test_${state.purchaseId}`,
      purchaseId: state.purchaseId,
      amountCents: state.priceCents,
      status: 'needs_response',
    });
    const receipt = await sendDispute(ctx, body);
    return { disputeId: receipt.disputeId, providerDisputeId };
  });

  mountRoute(router, deps.sessions, apiRoutes.sandboxCloseDispute, async (ctx, { params, body }) => {
    const state = openedDispute(await disputeState(deps.eventStore, params.id));
    const raw = disputeEventBody({
      eventId: `evt_test_${newId()}`,
      type: 'charge.dispute.closed',
      disputeId: state.providerDisputeId,
      paymentId: `pi_test_${state.purchaseId}`,
      purchaseId: state.purchaseId,
      amountCents: 0,
      status: body.outcome,
    });
    await sendDispute(ctx, raw);
    const closed = await disputeState(deps.eventStore, params.id);
    return {
      disputeId: params.id,
      outcome: closed.status === 'won' || closed.status === 'lost' ? closed.status : body.outcome,
    };
  });
}

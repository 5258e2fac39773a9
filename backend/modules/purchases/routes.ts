import Router from '@koa/router';
import type { Context } from 'koa';
import { apiRoutes, IDEMPOTENCY_KEY_HEADER, streams, type PurchaseView } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { foldStream } from '../../platform/eventstore/handle-command';
import { badRequest, notFound } from '../../platform/http/errors';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { newId } from '../../platform/ids';
import { SANDBOX_CHECKOUT_PREFIX } from '../../platform/payments/sandbox';
import { signatureHeader, WebhookSignatureError } from '../../platform/payments/signature';
import { completedEventBody, expiredEventBody } from '../../platform/payments/webhook-event';
import { purchase } from './purchase';
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
}

const MAX_KEY = 200;

export function purchasesRouter(deps: PurchasesDeps): Router {
  const router = new Router();

  mountRoute(router, deps.sessions, apiRoutes.createPurchase, async (ctx, { body }, caller) => {
    if (caller.kind !== 'user') throw new DomainError('forbidden', 'Only users buy auracoin');
    const key = ctx.get(IDEMPOTENCY_KEY_HEADER).trim();
    if (!key) throw badRequest('Idempotency-Key header required', [{ path: 'headers.idempotency-key', message: 'Required' }]);
    if (key.length > MAX_KEY) throw badRequest('Idempotency-Key too long', [{ path: 'headers.idempotency-key', message: 'Too long' }]);
    if (!(await deps.userActive(caller.sub))) throw notFound('Utente non trovato');
    const started = await startPurchase(deps, { userId: caller.sub, packageId: body.packageId, idempotencyKey: key }, { correlationId: ctx.state.requestId, actorId: caller.sub });
    return deps.purchaseViewAfter(started.purchaseId, started.position);
  });

  /** What every confirmation goes through: signature over the raw body, then the settlement. */
  async function receiveWebhook(raw: string, signature: string | undefined, metadata: Record<string, unknown>) {
    let outcome;
    try {
      outcome = deps.provider.parseWebhook(raw, signature, deps.now());
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new DomainError('invalid_signature', `Invalid webhook: ${error.message}`);
      throw error;
    }
    return settlePayment(deps, outcome, { ...metadata, webhookEventId: outcome.eventId, provider: deps.provider.name });
  }

  mountRoute(router, deps.sessions, apiRoutes.paymentWebhook, async (ctx) => {
    const raw = (ctx.request as { rawBody?: unknown }).rawBody;
    if (typeof raw !== 'string') throw badRequest('A JSON webhook body is required');
    await receiveWebhook(raw, ctx.get('stripe-signature') || undefined, { correlationId: ctx.state.requestId });
    return { received: true as const };
  });

  // The embedded provider's hosted page (only while the sandbox runs): TEST MODE card form whose
  // buttons post back here; the answer is a webhook signed with the sandbox secret, verified and
  // settled by the same code as a real provider's.
  const sandboxSecret = deps.sandboxWebhookSecret;
  if (deps.provider.name === 'sandbox' && sandboxSecret) {
    const loadCheckout = async (checkoutId: string) => {
      if (!checkoutId.startsWith(SANDBOX_CHECKOUT_PREFIX)) throw notFound('Checkout non trovato');
      const purchaseId = checkoutId.slice(SANDBOX_CHECKOUT_PREFIX.length);
      if (!/^[0-9a-f-]{36}$/i.test(purchaseId)) throw notFound('Checkout non trovato');
      const stored = await deps.eventStore.readStream(streams.purchase(purchaseId));
      const state = foldStream(purchase, stored);
      if (state.status === 'none' || state.checkoutId !== checkoutId) throw notFound('Checkout non trovato');
      return state;
    };
    const euro = (cents: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);

    router.get('/api/payments/sandbox/:checkoutId', async (ctx) => {
      const state = await loadCheckout(ctx.params.checkoutId!);
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = sandboxCheckoutPage({
        checkoutId: state.checkoutId,
        description: `${new Intl.NumberFormat('it-IT', { useGrouping: 'always', maximumFractionDigits: 2 }).format(state.auracoinUnits / 100)} auracoin`,
        amount: euro(state.priceCents),
        status: state.status,
        backUrl: `/user?purchase=${state.purchaseId}`,
      });
    });

    const act = (what: 'confirm' | 'decline') => async (ctx: Context & { params: Record<string, string | undefined> }) => {
      const state = await loadCheckout(ctx.params.checkoutId!);
      const eventId = `evt_test_${newId()}`;
      const raw =
        what === 'confirm'
          ? completedEventBody({ eventId, checkoutId: state.checkoutId, purchaseId: state.purchaseId, amountCents: state.priceCents, paymentId: `pi_test_${state.purchaseId}` })
          : expiredEventBody({ eventId, checkoutId: state.checkoutId, purchaseId: state.purchaseId });
      const settled = await receiveWebhook(raw, signatureHeader(raw, sandboxSecret, deps.now()), { correlationId: ctx.state.requestId, source: 'sandbox' });
      // the buyer comes back to a page that already shows the result
      await deps.purchaseViewAfter(state.purchaseId, settled.position);
      ctx.redirect(`/user?purchase=${state.purchaseId}`);
      ctx.status = 303;
    };
    router.post('/api/payments/sandbox/:checkoutId/confirm', act('confirm'));
    router.post('/api/payments/sandbox/:checkoutId/decline', act('decline'));
  }

  return router;
}

import { z } from 'zod';
import type { DisputeNotice, PaymentOutcome } from './port';
import { WebhookSignatureError } from './signature';

/**
 * The webhook body both adapters speak (Stripe's event shape, the fields we use): an event id, a
 * type, and the checkout session object with our purchase id as `client_reference_id`.
 */
const WebhookEvent = z
  .object({
    id: z.string().min(1),
    type: z.string().min(1),
    data: z.object({
      object: z
        .object({
          id: z.string().min(1),
          client_reference_id: z.string().uuid().nullish(),
          amount_total: z.number().int().nullish(),
          payment_intent: z.string().nullish(),
          payment_status: z.string().nullish(),
        })
        .passthrough(),
    }),
  })
  .passthrough();

export function readWebhookEvent(rawBody: string): PaymentOutcome {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new WebhookSignatureError('Webhook body is not JSON');
  }
  const parsed = WebhookEvent.safeParse(json);
  if (!parsed.success) throw new WebhookSignatureError('Webhook body is not a checkout event');
  const event = parsed.data;
  const session = event.data.object;
  const purchaseId = session.client_reference_id ?? undefined;
  if (event.type === 'checkout.session.completed' && purchaseId && session.payment_status !== 'unpaid') {
    return {
      kind: 'succeeded',
      eventId: event.id,
      checkoutId: session.id,
      purchaseId,
      paymentId: session.payment_intent ?? session.id,
      amountCents: session.amount_total ?? 0,
    };
  }
  if (
    (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') &&
    purchaseId
  ) {
    return { kind: 'failed', eventId: event.id, checkoutId: session.id, purchaseId };
  }
  const dispute = disputeNotice(event.id, event.type, session);
  if (dispute) return dispute;
  return { kind: 'ignored', eventId: event.id, type: event.type };
}

const DISPUTE_STAGES: Record<string, DisputeNotice['stage']> = {
  'charge.dispute.created': 'created',
  'charge.dispute.closed': 'closed',
  'charge.dispute.funds_reinstated': 'funds_reinstated',
};

/** A dispute event's notice, or undefined (another event, or a close that is neither won nor lost). */
function disputeNotice(eventId: string, type: string, object: Record<string, unknown>): DisputeNotice | undefined {
  const stage = DISPUTE_STAGES[type];
  if (!stage || typeof object.id !== 'string') return undefined;
  const status = typeof object.status === 'string' ? object.status : '';
  // an inquiry closed without a chargeback ('warning_closed') costs nothing: as won
  const outcome =
    stage === 'created'
      ? null
      : stage === 'funds_reinstated' || status === 'won' || status === 'warning_closed'
        ? 'won'
        : status === 'lost'
          ? 'lost'
          : undefined;
  if (outcome === undefined) return undefined;
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const purchaseId =
    typeof metadata.purchaseId === 'string' && /^[0-9a-f-]{36}$/i.test(metadata.purchaseId)
      ? metadata.purchaseId
      : null;
  return {
    kind: 'dispute',
    eventId,
    stage,
    providerDisputeId: object.id,
    paymentId: typeof object.payment_intent === 'string' ? object.payment_intent : null,
    purchaseId,
    amountCents:
      typeof object.amount === 'number' && Number.isInteger(object.amount) && object.amount >= 0 ? object.amount : 0,
    outcome,
  };
}

/** The body a provider posts for a dispute (the sandbox builds it; tests sign it). */
export function disputeEventBody(input: {
  eventId: string;
  type: keyof typeof DISPUTE_STAGES;
  disputeId: string;
  paymentId: string;
  purchaseId: string;
  amountCents: number;
  status: string;
}): string {
  return JSON.stringify({
    id: input.eventId,
    type: input.type,
    data: {
      object: {
        id: input.disputeId,
        object: 'dispute',
        payment_intent: input.paymentId,
        amount: input.amountCents,
        currency: 'eur',
        status: input.status,
        metadata: { purchaseId: input.purchaseId },
      },
    },
  });
}

/** The body a provider posts when a checkout is paid (the sandbox builds it; tests sign it). */
export function completedEventBody(input: {
  eventId: string;
  checkoutId: string;
  purchaseId: string;
  amountCents: number;
  paymentId: string;
}): string {
  return JSON.stringify({
    id: input.eventId,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: input.checkoutId,
        client_reference_id: input.purchaseId,
        amount_total: input.amountCents,
        payment_intent: input.paymentId,
        payment_status: 'paid',
      },
    },
  });
}

export function expiredEventBody(input: { eventId: string; checkoutId: string; purchaseId: string }): string {
  return JSON.stringify({
    id: input.eventId,
    type: 'checkout.session.expired',
    data: { object: { id: input.checkoutId, client_reference_id: input.purchaseId, payment_status: 'unpaid' } },
  });
}

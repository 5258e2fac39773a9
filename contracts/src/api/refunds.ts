import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import { DisputeTraceLine, disputeOutcomes, refundKinds } from '../events/refunds';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

export const REFUND_BODY_MESSAGES = {
  kind: 'Si rimborsano solo sessioni private, messaggi a pagamento e foto: le mance sono definitive',
  id: "Indica l'id della sessione, del messaggio o dell'acquisto della foto",
  amount: 'Importo non valido: un numero positivo di auracoin, con al massimo due decimali',
  reason: 'Il motivo del rimborso è obbligatorio (al massimo 500 caratteri)',
} as const;

/** The largest refund, auracoin. */
export const REFUND_AMOUNT_MAX = 10_000_000;

/**
 * POST /api/admin/refunds: a session, a paid message or a photo sale (the photo purchase's id, as
 * `POST /api/photos/{id}/purchase` answers it), whole (no `amount`) or in part, auracoin.
 */
export const RefundBody = z.object({
  kind: z.enum(refundKinds, { error: REFUND_BODY_MESSAGES.kind }),
  id: z.string({ error: REFUND_BODY_MESSAGES.id }).uuid({ error: REFUND_BODY_MESSAGES.id }),
  amount: z
    .number({ error: REFUND_BODY_MESSAGES.amount })
    .positive({ error: REFUND_BODY_MESSAGES.amount })
    .max(REFUND_AMOUNT_MAX, { error: REFUND_BODY_MESSAGES.amount })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { message: REFUND_BODY_MESSAGES.amount })
    .optional(),
  reason: z
    .string({ error: REFUND_BODY_MESSAGES.reason })
    .trim()
    .min(1, { error: REFUND_BODY_MESSAGES.reason })
    .max(500, { error: REFUND_BODY_MESSAGES.reason }),
});
export type RefundBody = z.infer<typeof RefundBody>;
export type RefundInput = z.input<typeof RefundBody>;

export const RefundView = z.object({
  id: z.string().uuid(),
  kind: z.enum(refundKinds),
  /** the session, message or photo purchase refunded */
  saleId: z.string().uuid(),
  userId: z.string().uuid(),
  performerId: z.string().uuid(),
  /** auracoin given back, and of it purchased and promotional */
  amount: z.number(),
  purchased: z.number(),
  promotional: z.number(),
  /** what the sale came to, auracoin */
  saleAmount: z.number(),
  /** her share taken back, euro cents */
  clawbackCents: z.number().int(),
  reason: z.string(),
  adminId: z.string(),
  refundedAt: z.string(),
});
export type RefundView = z.infer<typeof RefundView>;

/** A refund as the admins' list shows it: who was refunded and whose sale it was, by name (null: the account was deleted). */
export const RefundListItem = RefundView.extend({
  username: z.string().nullable(),
  performerName: z.string().nullable(),
});
export type RefundListItem = z.infer<typeof RefundListItem>;

export const disputeStatuses = ['open', 'won', 'lost'] as const;

export const DisputeView = z.object({
  id: z.string().uuid(),
  provider: z.string(),
  providerDisputeId: z.string(),
  purchaseId: z.string().uuid(),
  userId: z.string().uuid(),
  /** what the card paid, euro cents */
  amountCents: z.number().int(),
  status: z.enum(disputeStatuses),
  /** the purchase's auracoin still in the wallet when it opened: locked */
  lockedAuracoin: z.number(),
  /** what the purchase had paid for (oldest purchase first), and the shares held */
  trace: z.array(DisputeTraceLine),
  heldCents: z.number().int(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type DisputeView = z.infer<typeof DisputeView>;

export const CloseDisputeBody = z.object({ outcome: z.enum(disputeOutcomes, { error: "L'esito è 'won' o 'lost'" }) });
export type CloseDisputeBody = z.infer<typeof CloseDisputeBody>;

export const SALE_SEARCH_MESSAGES = {
  user: "L'utente si cerca per nome utente o email (al massimo 100 caratteri)",
  performer: 'La performer si cerca per nome o nome utente (al massimo 100 caratteri)',
  day: 'Data non valida: usa il formato AAAA-MM-GG',
  range: 'La data iniziale viene prima di quella finale',
} as const;
/** The most sales a search answers, newest first. */
export const SALE_SEARCH_MAX = 100;

const searchDay = z
  .string({ error: SALE_SEARCH_MESSAGES.day })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: SALE_SEARCH_MESSAGES.day })
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    {
      error: SALE_SEARCH_MESSAGES.day,
    },
  );
const searchTerm = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(100, { error: message })
    .optional()
    .transform((term) => (term === '' ? undefined : term));

/**
 * GET /api/admin/refunds/sales: the refundable sales (sessions, paid messages, photo sales) found by the
 * buyer (username or email), the performer (name or username, in part) and the Italian calendar days
 * they were made (`from`, `to`, both included), newest first.
 */
export const SaleSearchQuery = z
  .object({
    user: searchTerm(SALE_SEARCH_MESSAGES.user),
    performer: searchTerm(SALE_SEARCH_MESSAGES.performer),
    from: searchDay.optional(),
    to: searchDay.optional(),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: SALE_SEARCH_MESSAGES.range,
    path: ['to'],
  });
export type SaleSearchQuery = z.infer<typeof SaleSearchQuery>;
export type SaleSearchInput = z.input<typeof SaleSearchQuery>;

/** One sale a refund may be made of: who bought what from whom, when, and what is left to give back. */
export const RefundableSaleView = z.object({
  kind: z.enum(refundKinds),
  /** the session, paid message or photo purchase: `id` of the refund's body */
  saleId: z.string().uuid(),
  userId: z.string().uuid(),
  /** the buyer's username (null: his account was deleted) */
  username: z.string().nullable(),
  performerId: z.string().uuid(),
  performerName: z.string().nullable(),
  soldAt: z.string(),
  /** what the buyer paid, and of it refunded already, auracoin */
  amount: z.number(),
  refunded: z.number(),
  /** the last moment a refund is taken (the refund window from the sale's last part) */
  refundableUntil: z.string(),
});
export type RefundableSaleView = z.infer<typeof RefundableSaleView>;

const PurchaseIdParam = z.object({ purchaseId: z.string().uuid({ error: 'Acquisto non valido' }) });

export const refundsRoutes = {
  issueRefund: {
    ...apiPaths.issueRefund,
    summary: 'Refund a session, a paid message or a photo sale, whole or in part, within the window (admin)',
    tag: 'refunds',
    refusals: moduleRefusals.refunds,
    body: RefundBody,
    response: RefundView,
    status: 201,
    secondFactor: 'fresh',
  },
  listRefunds: {
    ...apiPaths.listRefunds,
    summary: 'Every refund, newest first, with the buyer and the performer named (admin)',
    tag: 'refunds',
    refusals: [],
    response: z.array(RefundListItem),
  },
  searchRefundableSales: {
    ...apiPaths.searchRefundableSales,
    summary: 'Sales a refund may be made of, by buyer, performer and days, newest first (admin)',
    tag: 'refunds',
    refusals: [],
    query: SaleSearchQuery,
    response: z.array(RefundableSaleView),
  },
  listDisputes: {
    ...apiPaths.listDisputes,
    summary: 'Every card dispute with its trace and outcome, newest first (admin)',
    tag: 'refunds',
    refusals: [],
    response: z.array(DisputeView),
  },
  sandboxOpenDispute: {
    ...apiPaths.sandboxOpenDispute,
    summary: "Sandbox: the cardholder disputes a paid purchase; posts the provider's signed charge.dispute.created",
    tag: 'refunds',
    refusals: moduleRefusals.refunds,
    params: PurchaseIdParam,
    response: z.object({ disputeId: z.string().uuid(), providerDisputeId: z.string() }),
    status: 201,
  },
  sandboxCloseDispute: {
    ...apiPaths.sandboxCloseDispute,
    summary: "Sandbox: the dispute closes won or lost; posts the provider's signed charge.dispute.closed",
    tag: 'refunds',
    refusals: moduleRefusals.refunds,
    params: IdParam,
    body: CloseDisputeBody,
    response: z.object({ disputeId: z.string().uuid(), outcome: z.enum(disputeOutcomes) }),
  },
} as const satisfies Record<string, RouteContract>;

import { z } from 'zod';
import { RefundedLot } from './wallet';

/**
 * Refunds and card disputes (docs/architecture.md#refunds). A refund is decided on the buyer's
 * wallet (`SaleRefunded` + its `AuracoinCredited`, one append with the expected revision), so
 * concurrent refunds of one sale can never exceed it; the performer's share of the refunded part
 * is taken back on her earnings stream (`PerformerEarningsClawedBack`, one per refund, fixed id).
 * A dispute has its own stream (`dispute-<disputeId>`) and freezes the buyer's wallet until it closes.
 */
export const refundStreams = {
  dispute: (disputeId: string) => `dispute-${disputeId}`,
} as const;

export const refundKinds = ['session', 'message', 'photo'] as const;
export type RefundKind = (typeof refundKinds)[number];

/** An admin gave back (part of) a sale: on the buyer's wallet, right before its AuracoinCredited. */
export const SaleRefunded = z.object({
  refundId: z.string().uuid(),
  walletId: z.string().uuid(),
  kind: z.enum(refundKinds),
  /** the session id, the paid message id or the photo purchase id */
  saleId: z.string().uuid(),
  performerId: z.string().uuid(),
  /** minor units given back, of each kind (in the proportion the sale was paid) */
  amount: z.number().int().positive(),
  purchasedAmount: z.number().int().nonnegative(),
  promotionalAmount: z.number().int().nonnegative(),
  /**
   * the purchased units by the card purchase they were spent from (the sale's oldest purchase
   * first), given back to those purchases' lots; absent on refunds recorded before
   */
  lots: z.array(RefundedLot).optional(),
  /** the sale as it was: what the buyer paid, and of it purchased units */
  saleGrossUnits: z.number().int().positive(),
  salePurchasedUnits: z.number().int().nonnegative(),
  /** the sale's refunds before this one, minor units */
  refundedBeforeUnits: z.number().int().nonnegative(),
  refundedPurchasedBeforeUnits: z.number().int().nonnegative(),
  /** her share taken back: the share rule's of the refunded purchased units, rounded over the sale's refunds */
  clawbackCents: z.number().int().nonnegative(),
  reason: z.string().min(1),
  adminId: z.string(),
  refundedAt: z.string(),
});

/**
 * A performer's share taken back (a refund, or a dispute lost), on `earnings-<performerId>`: it
 * comes off her unpaid earnings; what was paid already is a debt the next payouts take first.
 */
export const PerformerEarningsClawedBack = z.object({
  performerId: z.string().uuid(),
  cause: z.enum(['refund', 'dispute']),
  /** the refund id, or the dispute id */
  causeId: z.string().uuid(),
  /** the sale's kind and id ('session', 'message', 'photo'; a dispute names the purchase traced) */
  source: z.enum(['photo', 'session', 'message', 'tip', 'ticket']),
  sourceId: z.string(),
  shareCents: z.number().int().positive(),
  reason: z.string(),
  clawedBackAt: z.string(),
});

/** A disputed purchase's share of a sale held (not paid out) until the dispute closes. */
export const PerformerEarningsHeld = z.object({
  performerId: z.string().uuid(),
  disputeId: z.string().uuid(),
  shareCents: z.number().int().positive(),
  heldAt: z.string(),
});

/** A held share freed: the dispute was won or the funds reinstated. */
export const PerformerEarningsReleased = z.object({
  performerId: z.string().uuid(),
  disputeId: z.string().uuid(),
  shareCents: z.number().int().positive(),
  releasedAt: z.string(),
});

export const disputeOutcomes = ['won', 'lost'] as const;
export type DisputeOutcome = (typeof disputeOutcomes)[number];

/** One sale a disputed purchase paid for (purchased units leave by the oldest purchase first). */
export const DisputeTraceLine = z.object({
  source: z.enum(['photo', 'session', 'message', 'tip', 'ticket']),
  /** the purchase, session or message id */
  sourceId: z.string(),
  performerId: z.string().uuid(),
  /** purchased units of the disputed purchase this sale took */
  units: z.number().int().positive(),
  /** her share of them, euro cents */
  shareCents: z.number().int().nonnegative(),
});
export type DisputeTraceLine = z.infer<typeof DisputeTraceLine>;

/** The provider told of a dispute on a card purchase (stream `dispute-<disputeId>`). */
export const DisputeOpened = z.object({
  disputeId: z.string().uuid(),
  provider: z.string(),
  providerDisputeId: z.string(),
  purchaseId: z.string().uuid(),
  walletId: z.string().uuid(),
  /** what the card paid, euro cents */
  amountCents: z.number().int().nonnegative(),
  openedAt: z.string(),
});

export const DisputeClosed = z.object({
  disputeId: z.string().uuid(),
  outcome: z.enum(disputeOutcomes),
  /** 'closed' or 'funds_reinstated' */
  via: z.enum(['closed', 'funds_reinstated']),
  closedAt: z.string(),
});

/**
 * On the buyer's wallet: a dispute froze it (spends refused), the purchase's unspent units are
 * locked, and what it paid for is traced, its shares held.
 */
export const WalletFrozen = z.object({
  walletId: z.string().uuid(),
  disputeId: z.string().uuid(),
  purchaseId: z.string().uuid(),
  /** the purchase's units still in the wallet, minor units */
  lockedUnits: z.number().int().nonnegative(),
  trace: z.array(DisputeTraceLine),
  frozenAt: z.string(),
});

/** On the buyer's wallet: the dispute closed; lost, its locked units are removed (the AuracoinDebited after it). */
export const WalletUnfrozen = z.object({
  walletId: z.string().uuid(),
  disputeId: z.string().uuid(),
  outcome: z.enum(disputeOutcomes),
  /** lost: the locked units removed, minor units (0 when won) */
  removedUnits: z.number().int().nonnegative(),
  unfrozenAt: z.string(),
});

export const refundsEvents = {
  SaleRefunded,
  PerformerEarningsClawedBack,
  PerformerEarningsHeld,
  PerformerEarningsReleased,
  DisputeOpened,
  DisputeClosed,
  WalletFrozen,
  WalletUnfrozen,
} as const;

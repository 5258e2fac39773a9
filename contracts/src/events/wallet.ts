import { z } from 'zod';

/**
 * How many of an amount's units were purchased (paid by card) and how many promotional (the welcome
 * coins, an admin's credit): docs/architecture.md#promotional-units. Absent on events written
 * before the split was recorded: the wallet fold computes it for them by the same rule.
 */
const unitSplit = {
  purchasedAmount: z.number().int().nonnegative().optional(),
  promotionalAmount: z.number().int().nonnegative().optional(),
};
/** An adjustment's split, signed like its amount. */
const signedUnitSplit = {
  purchasedAmount: z.number().int().optional(),
  promotionalAmount: z.number().int().optional(),
};

/**
 * Purchased units a refund gives back, per card purchase they were spent from (null: units of no
 * purchase, e.g. given back by a refund recorded before lots were), so a dispute on that purchase
 * locks them and a lost one removes them, like units never spent.
 */
export const RefundedLot = z.object({
  purchaseId: z.string().uuid().nullable(),
  units: z.number().int().positive(),
});

/** Money into a wallet (stream `wallet-<userId>`). */
export const AuracoinCredited = z.object({
  walletId: z.string().uuid(),
  /** minor units: 1 auracoin = 100 */
  amount: z.number().int().positive(),
  /** 'purchase' and 'refund' credit purchased units, 'welcome' and 'adjustment' promotional ones */
  reason: z.enum(['welcome', 'purchase', 'refund', 'adjustment']),
  /** the purchase that paid for it, when reason is 'purchase' */
  purchaseId: z.string().uuid().optional(),
  /** a refund: its id */
  reference: z.string().optional(),
  /** a refund gives back each kind as the sale was paid (absent: the reason says the kind) */
  ...unitSplit,
  /** a refund: its purchased units by the purchase they came from (they sum to `purchasedAmount`) */
  lots: z.array(RefundedLot).optional(),
  creditedAt: z.string(),
});

/** Money spent from a wallet; appended right after the event saying what was bought, with the expected revision. */
export const AuracoinDebited = z.object({
  walletId: z.string().uuid(),
  /** minor units, positive */
  amount: z.number().int().positive(),
  /** what was bought: 'alias', 'photo', 'session', 'message', … */
  reason: z.string().min(1),
  /** id of the thing bought (alias id, photo id, session id…) */
  reference: z.string(),
  /** the hold this debit is paid from first (a private session's minute) */
  holdId: z.string().uuid().optional(),
  /** a lost dispute: the disputed purchase whose locked units it removes */
  purchaseId: z.string().uuid().optional(),
  /** purchased units are spent before promotional ones */
  ...unitSplit,
  debitedAt: z.string(),
});

/** An admin set the balance by hand (spec: admin edits auracoinBalance). `amount` is the signed change. */
export const AuracoinAdjusted = z.object({
  walletId: z.string().uuid(),
  /** signed minor units: new balance minus old */
  amount: z.number().int(),
  balanceBefore: z.number().int(),
  balanceAfter: z.number().int().min(0),
  /** the admin who made the change */
  adminId: z.string(),
  /** an increase is promotional; a decrease takes promotional units first */
  ...signedUnitSplit,
  adjustedAt: z.string(),
});

/**
 * Part of the balance reserved for one purpose (a private session's minimum): other spends may not
 * use it; debits naming the hold are paid from it first. The balance itself does not move.
 */
export const AuracoinHeld = z.object({
  walletId: z.string().uuid(),
  /** the hold's id (a session's id) */
  holdId: z.string().uuid(),
  /** minor units reserved, positive */
  amount: z.number().int().positive(),
  /** what it is for: 'session' */
  reason: z.string().min(1),
  /** what the hold takes of each kind (purchased first) */
  ...unitSplit,
  heldAt: z.string(),
});

/** The hold is closed: what was left of it (`amount`, may be 0) is available again. */
export const AuracoinReleased = z.object({
  walletId: z.string().uuid(),
  holdId: z.string().uuid(),
  /** minor units freed: what was left of the hold */
  amount: z.number().int().nonnegative(),
  /** what it gives back of each kind: what was left of each */
  ...unitSplit,
  releasedAt: z.string(),
});

export const walletEvents = {
  AuracoinCredited,
  AuracoinDebited,
  AuracoinAdjusted,
  AuracoinHeld,
  AuracoinReleased,
} as const;

/**
 * On an event saying what a spend bought (a photo, a message, a session's minute, an alias): how
 * the debit right after it was paid, purchased units first. A performer's share is earned on
 * `purchasedUnits` only. Absent on sales recorded before the split (their share was on the gross).
 */
export const paidWith = {
  purchasedUnits: z.number().int().nonnegative().optional(),
  promotionalUnits: z.number().int().nonnegative().optional(),
};

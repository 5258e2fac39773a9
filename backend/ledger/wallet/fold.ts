/**
 * The wallet's balance as a pure fold over its events (minor units). The write side checks spends
 * with it, the auditor replays with it, the users read model agrees with it.
 *
 * Holds: `AuracoinHeld` reserves part of the balance (a private session's minimum) so that other
 * spends cannot take it; a debit naming the hold (`holdId`) is paid from it first; `AuracoinReleased`
 * closes the hold and frees what is left. `available = balance − held`, and every spend may use
 * only the available balance (plus, for a debit naming a hold, what is left of that hold).
 *
 * Promotional units (docs/architecture.md#promotional-units): the balance is purchased units (paid
 * by card, kept as lots per purchase, oldest first) plus promotional ones (the welcome coins, an
 * admin's credit). A spend takes purchased units first, a hold too, and a debit from a hold takes
 * what the hold took, purchased first. Events record their split; an event written before the
 * split was recorded gets it from the same rule here, so an old log folds the same way every time.
 */
export interface WalletEventLike {
  type: string;
  data: unknown;
}

/** An open hold: what is left of it (of each kind), and what it is for ('session'). */
export interface WalletHold {
  amount: number;
  reason: string;
  /** of `amount`, purchased units */
  purchased: number;
  /** of `amount`, promotional units */
  promotional: number;
}

/** How many units of an amount are purchased and how many promotional. */
export interface UnitSplit {
  purchased: number;
  promotional: number;
}

/**
 * Purchased units still in the wallet from one card purchase (null: a credit that names none, such
 * as a refund recorded before refunds gave back their lots). A refund gives back units tied to the
 * purchases they were spent from (`refunded`), so a dispute on that purchase locks them too.
 */
export interface PurchasedLot {
  purchaseId: string | null;
  units: number;
  /** given back by a refund (absent: never spent) */
  refunded?: true;
}

export interface WalletTotals {
  /** current balance, minor units */
  balance: number;
  /** sum of credits (welcome, purchases, refunds, positive adjustments are separate) */
  credited: number;
  /** sum of debits (money spent) */
  debited: number;
  /** net of admin adjustments (signed) */
  adjusted: number;
  /** the lowest balance the wallet ever had */
  lowest: number;
  /** sum of what is left of the open holds (part of the balance that only its holds may spend) */
  held: number;
  /** open holds by id */
  holds: Readonly<Record<string, WalletHold>>;
  /** of the balance, purchased units (held ones included) */
  purchased: number;
  /** of the balance, promotional units (held ones included) */
  promotional: number;
  /** the purchased units by card purchase, oldest first (they sum to `purchased`) */
  lots: readonly PurchasedLot[];
  /** open disputes freezing the wallet (docs/architecture.md#disputes): their purchase and its locked units */
  frozen: Readonly<Record<string, { purchaseId: string; lockedUnits: number }>>;
}

export const emptyWallet = (): WalletTotals => ({
  balance: 0,
  credited: 0,
  debited: 0,
  adjusted: 0,
  lowest: 0,
  held: 0,
  holds: {},
  purchased: 0,
  promotional: 0,
  lots: [],
  frozen: {},
});

const amountOf = (event: WalletEventLike): number => {
  const data = event.data as { amount?: unknown };
  return typeof data?.amount === 'number' ? data.amount : 0;
};

const holdIdOf = (event: WalletEventLike): string | undefined => {
  const data = event.data as { holdId?: unknown };
  return typeof data?.holdId === 'string' ? data.holdId : undefined;
};

/** The effect of one event on the balance (minor units, signed); 0 for events that move no money. */
export function balanceDelta(event: WalletEventLike): number {
  const amount = amountOf(event);
  switch (event.type) {
    case 'AuracoinCredited':
      return amount;
    case 'AuracoinDebited':
      return -amount;
    case 'AuracoinAdjusted':
      return amount;
    default:
      return 0;
  }
}

/** An open dispute freezes the wallet: spends are refused (docs/architecture.md#disputes). */
export const isFrozen = (totals: WalletTotals): boolean => Object.keys(totals.frozen ?? {}).length > 0;

/** The balance spends may use: the balance minus what the open holds keep. */
export function availableBalance(totals: WalletTotals): number {
  return totals.balance - totals.held;
}

/** What a debit of `amount` naming `holdId` may draw on: the available balance plus what is left of that hold. */
export function spendableFor(totals: WalletTotals, holdId?: string): number {
  return availableBalance(totals) + (holdId ? (totals.holds[holdId]?.amount ?? 0) : 0);
}

/** Credits of these reasons are purchased units; every other credit (welcome, adjustment) is promotional. */
const PURCHASED_CREDIT_REASONS = new Set(['purchase', 'refund']);

/** The split an event recorded (`purchasedAmount`/`promotionalAmount`), or undefined for an event written before it was. */
export function recordedSplit(event: WalletEventLike): UnitSplit | undefined {
  const data = event.data as { purchasedAmount?: unknown; promotionalAmount?: unknown };
  if (typeof data?.purchasedAmount !== 'number' || typeof data?.promotionalAmount !== 'number') return undefined;
  return { purchased: data.purchasedAmount, promotional: data.promotionalAmount };
}

/** Of the available balance, purchased units (what the open holds took of them is out). */
export function availablePurchased(totals: WalletTotals): number {
  return totals.purchased - Object.values(totals.holds).reduce((sum, hold) => sum + hold.purchased, 0);
}

/** Purchased first: of `amount`, what `purchasedFirst` units can pay, the rest promotional. */
const purchasedFirst = (amount: number, purchasedThere: number): UnitSplit => {
  const purchased = Math.max(0, Math.min(amount, purchasedThere));
  return { purchased, promotional: amount - purchased };
};

/**
 * The spend rule's split of a debit of `amount`: naming an open hold, what it took, purchased
 * first; the rest from the available balance, purchased units first, then promotional.
 */
export function spendSplit(totals: WalletTotals, amount: number, holdId?: string): UnitSplit {
  const hold = holdId ? totals.holds[holdId] : undefined;
  const fromHold = hold
    ? purchasedFirst(Math.min(hold.amount, amount), hold.purchased)
    : { purchased: 0, promotional: 0 };
  const rest = purchasedFirst(amount - fromHold.purchased - fromHold.promotional, availablePurchased(totals));
  return { purchased: fromHold.purchased + rest.purchased, promotional: fromHold.promotional + rest.promotional };
}

/** What a hold of `amount` takes of the available balance: purchased units first. */
export const holdSplit = (totals: WalletTotals, amount: number): UnitSplit =>
  purchasedFirst(amount, availablePurchased(totals));

/**
 * An admin's adjustment (signed): an increase is promotional units (an admin gives, nobody paid);
 * a decrease takes the available promotional units first, then purchased ones (oldest first).
 */
export function adjustmentSplit(totals: WalletTotals, amount: number): UnitSplit {
  if (amount >= 0) return { purchased: 0, promotional: amount };
  const availablePromotional =
    totals.promotional - Object.values(totals.holds).reduce((sum, hold) => sum + hold.promotional, 0);
  const promotional = Math.min(-amount, Math.max(0, availablePromotional));
  return { purchased: amount + promotional, promotional: -promotional };
}

/**
 * `units` purchased units leaving the wallet: what they take of each lot (the oldest first, or only
 * the lots of `purchaseId` when a lost dispute removes that purchase's units) and the lots left.
 */
export function takeFromLots(
  lots: readonly PurchasedLot[],
  units: number,
  purchaseId?: string,
): { taken: PurchasedLot[]; left: PurchasedLot[] } {
  const taken: PurchasedLot[] = [];
  const left: PurchasedLot[] = [];
  let owed = Math.max(0, units);
  for (const lot of lots) {
    const part = purchaseId === undefined || lot.purchaseId === purchaseId ? Math.min(owed, lot.units) : 0;
    owed -= part;
    if (part > 0) taken.push({ ...lot, units: part });
    if (lot.units > part) left.push(part > 0 ? { ...lot, units: lot.units - part } : lot);
  }
  return { taken, left };
}

/** A refund's credit: the lots it gives back, as recorded (undefined: a credit recorded without them). */
export function givenLots(event: WalletEventLike): { purchaseId: string | null; units: number }[] | undefined {
  const lots = (event.data as { lots?: unknown })?.lots;
  return Array.isArray(lots) ? (lots as { purchaseId: string | null; units: number }[]) : undefined;
}

/** The lots after a credit of `units` purchased units: a refund's back to the purchases they came from, in its order. */
function addLots(
  lots: readonly PurchasedLot[],
  units: number,
  purchaseId: string | null,
  given: readonly { purchaseId: string | null; units: number }[] | undefined,
): readonly PurchasedLot[] {
  if (units <= 0) return lots;
  if (!given) return [...lots, { purchaseId, units }];
  const added: PurchasedLot[] = [];
  let owed = units;
  for (const lot of given) {
    const part = Math.min(owed, lot.units);
    owed -= part;
    if (part > 0) added.push({ purchaseId: lot.purchaseId, units: part, refunded: true });
  }
  // more purchased units than the lots it names (a credit written by hand): of no purchase
  if (owed > 0) added.push({ purchaseId: null, units: owed, refunded: true });
  return [...lots, ...added];
}

/** The kinds after a signed split moved them: purchased units leave by the oldest lot. */
function moveKinds(
  totals: WalletTotals,
  split: UnitSplit,
  purchaseId: string | null = null,
  given?: readonly { purchaseId: string | null; units: number }[],
): WalletTotals {
  const lots =
    split.purchased >= 0
      ? addLots(totals.lots, split.purchased, purchaseId, given)
      : takeFromLots(totals.lots, -split.purchased, purchaseId ?? undefined).left;
  return {
    ...totals,
    purchased: totals.purchased + split.purchased,
    promotional: totals.promotional + split.promotional,
    lots,
  };
}

/** A dispute freezes the wallet, its purchase's unspent units locked; its close unfreezes it. */
function applyFreezeEvent(totals: WalletTotals, event: WalletEventLike): WalletTotals {
  const data = event.data as { disputeId?: string; purchaseId?: string; lockedUnits?: number };
  // a wallet folded before disputes existed (a stored read model) has no `frozen`
  const frozen = totals.frozen ?? {};
  if (event.type === 'WalletFrozen' && data.disputeId && !frozen[data.disputeId]) {
    return {
      ...totals,
      frozen: {
        ...frozen,
        [data.disputeId]: { purchaseId: String(data.purchaseId), lockedUnits: data.lockedUnits ?? 0 },
      },
    };
  }
  if (event.type === 'WalletUnfrozen' && data.disputeId && frozen[data.disputeId]) {
    const { [data.disputeId]: _closed, ...rest } = frozen;
    return { ...totals, frozen: rest };
  }
  return totals;
}

function withHolds(totals: WalletTotals, holds: Record<string, WalletHold>): WalletTotals {
  return { ...totals, holds, held: Object.values(holds).reduce((sum, hold) => sum + hold.amount, 0) };
}

function applyHoldEvent(totals: WalletTotals, event: WalletEventLike): WalletTotals {
  const holdId = holdIdOf(event);
  if (!holdId) return totals;
  if (event.type === 'AuracoinHeld') {
    if (totals.holds[holdId]) return totals;
    const reason = String((event.data as { reason?: unknown }).reason ?? '');
    const amount = amountOf(event);
    const split = recordedSplit(event) ?? holdSplit(totals, amount);
    return withHolds(totals, {
      ...totals.holds,
      [holdId]: { amount, reason, purchased: split.purchased, promotional: split.promotional },
    });
  }
  if (event.type === 'AuracoinReleased') {
    if (!totals.holds[holdId]) return totals;
    const { [holdId]: _released, ...rest } = totals.holds;
    return withHolds(totals, rest);
  }
  // a debit naming a hold is paid from what is left of it first, its purchased units first
  const hold = totals.holds[holdId];
  if (event.type !== 'AuracoinDebited' || !hold) return totals;
  const captured = purchasedFirst(Math.min(hold.amount, amountOf(event)), hold.purchased);
  const left = {
    ...hold,
    purchased: hold.purchased - captured.purchased,
    promotional: hold.promotional - captured.promotional,
  };
  return withHolds(totals, { ...totals.holds, [holdId]: { ...left, amount: left.purchased + left.promotional } });
}

/** The kinds an event moves (signed): what it recorded, or for an older event the rule's split. */
export function kindsMoved(totals: WalletTotals, event: WalletEventLike): UnitSplit | undefined {
  const amount = amountOf(event);
  switch (event.type) {
    case 'AuracoinCredited':
      // a refund records how it gives back each kind; other credits are of the kind their reason says
      return (
        recordedSplit(event) ??
        (PURCHASED_CREDIT_REASONS.has(String((event.data as { reason?: unknown }).reason))
          ? { purchased: amount, promotional: 0 }
          : { purchased: 0, promotional: amount })
      );
    case 'AuracoinDebited': {
      const split = recordedSplit(event) ?? spendSplit(totals, amount, holdIdOf(event));
      return { purchased: -split.purchased, promotional: -split.promotional };
    }
    case 'AuracoinAdjusted':
      return recordedSplit(event) ?? adjustmentSplit(totals, amount);
    default:
      return undefined;
  }
}

export function applyWalletEvent(totals: WalletTotals, event: WalletEventLike): WalletTotals {
  const moved = kindsMoved(totals, event);
  const held = applyFreezeEvent(applyHoldEvent(totals, event), event);
  const delta = balanceDelta(event);
  if (delta === 0 || !moved) return held;
  const purchaseId = (event.data as { purchaseId?: unknown }).purchaseId;
  const kinds = moveKinds(
    held,
    moved,
    typeof purchaseId === 'string' ? purchaseId : null,
    event.type === 'AuracoinCredited' ? givenLots(event) : undefined,
  );
  const balance = held.balance + delta;
  return {
    ...kinds,
    balance,
    credited: held.credited + (event.type === 'AuracoinCredited' ? delta : 0),
    debited: held.debited + (event.type === 'AuracoinDebited' ? -delta : 0),
    adjusted: held.adjusted + (event.type === 'AuracoinAdjusted' ? delta : 0),
    lowest: Math.min(held.lowest, balance),
  };
}

export function foldWallet(events: readonly WalletEventLike[]): WalletTotals {
  return events.reduce(applyWalletEvent, emptyWallet());
}

/** Balance in minor units after the events. */
export function walletBalance(events: readonly WalletEventLike[]): number {
  return foldWallet(events).balance;
}

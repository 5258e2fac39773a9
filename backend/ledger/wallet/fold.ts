/**
 * The wallet's balance as a pure fold over its events (minor units). The write side checks spends
 * with it, the auditor replays with it, the users read model agrees with it.
 *
 * Holds: `AuracoinHeld` reserves part of the balance (a private session's minimum) so that other
 * spends cannot take it; a debit naming the hold (`holdId`) is paid from it first; `AuracoinReleased`
 * closes the hold and frees what is left. `available = balance − held`, and every spend may use
 * only the available balance (plus, for a debit naming a hold, what is left of that hold).
 */
export interface WalletEventLike {
  type: string;
  data: unknown;
}

/** An open hold: what is left of it, and what it is for ('session'). */
export interface WalletHold {
  amount: number;
  reason: string;
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
}

export const emptyWallet = (): WalletTotals => ({ balance: 0, credited: 0, debited: 0, adjusted: 0, lowest: 0, held: 0, holds: {} });

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

/** The balance spends may use: the balance minus what the open holds keep. */
export function availableBalance(totals: WalletTotals): number {
  return totals.balance - totals.held;
}

/** What a debit of `amount` naming `holdId` may draw on: the available balance plus what is left of that hold. */
export function spendableFor(totals: WalletTotals, holdId?: string): number {
  return availableBalance(totals) + (holdId ? (totals.holds[holdId]?.amount ?? 0) : 0);
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
    return withHolds(totals, { ...totals.holds, [holdId]: { amount: amountOf(event), reason } });
  }
  if (event.type === 'AuracoinReleased') {
    if (!totals.holds[holdId]) return totals;
    const { [holdId]: _released, ...rest } = totals.holds;
    return withHolds(totals, rest);
  }
  // a debit naming a hold is paid from what is left of it first
  const hold = totals.holds[holdId];
  if (event.type !== 'AuracoinDebited' || !hold) return totals;
  const captured = Math.min(hold.amount, amountOf(event));
  return withHolds(totals, { ...totals.holds, [holdId]: { ...hold, amount: hold.amount - captured } });
}

export function applyWalletEvent(totals: WalletTotals, event: WalletEventLike): WalletTotals {
  const held = applyHoldEvent(totals, event);
  const delta = balanceDelta(event);
  if (delta === 0) return held;
  const balance = held.balance + delta;
  return {
    ...held,
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

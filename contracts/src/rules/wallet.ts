/**
 * The wallet's balance as a pure fold over its events (minor units). The write side checks spends
 * with it, the auditor replays with it, the users read model agrees with it.
 */
export interface WalletEventLike {
  type: string;
  data: unknown;
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
}

export const emptyWallet = (): WalletTotals => ({ balance: 0, credited: 0, debited: 0, adjusted: 0, lowest: 0 });

/** The effect of one event on the balance (minor units, signed); 0 for events that move no money. */
export function balanceDelta(event: WalletEventLike): number {
  const data = event.data as { amount?: unknown };
  const amount = typeof data?.amount === 'number' ? data.amount : 0;
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

export function applyWalletEvent(totals: WalletTotals, event: WalletEventLike): WalletTotals {
  const delta = balanceDelta(event);
  if (delta === 0) return totals;
  const balance = totals.balance + delta;
  return {
    balance,
    credited: totals.credited + (event.type === 'AuracoinCredited' ? delta : 0),
    debited: totals.debited + (event.type === 'AuracoinDebited' ? -delta : 0),
    adjusted: totals.adjusted + (event.type === 'AuracoinAdjusted' ? delta : 0),
    lowest: Math.min(totals.lowest, balance),
  };
}

export function foldWallet(events: readonly WalletEventLike[]): WalletTotals {
  return events.reduce(applyWalletEvent, emptyWallet());
}

/** Balance in minor units after the events. */
export function walletBalance(events: readonly WalletEventLike[]): number {
  return foldWallet(events).balance;
}

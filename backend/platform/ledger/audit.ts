/**
 * The auditor's replay of the auracoin ledger: every wallet and earnings stream folded from the
 * log. Pure over the events, so the CLI (`npm run ledger:audit`) and the tests share it.
 */
import { applyWalletEvent, emptyWallet, type WalletTotals } from '@aura/contracts';
import type { StoredEvent } from '../eventstore/port';
import { auditMessageSales, type MessageSalesAudit } from './audit-messages';

export interface WalletAudit extends WalletTotals {
  walletId: string;
  events: number;
  /** money spent from the wallet per the log: the sum of its debits */
  spent: number;
}

export interface EarningsAudit {
  performerId: string;
  balanceCents: number;
  accruedCents: number;
  paidOutCents: number;
  lowestCents: number;
}

export interface AuditProblem {
  stream: string;
  revision?: number;
  problem: string;
}

export interface LedgerAudit {
  wallets: Map<string, WalletAudit>;
  earnings: Map<string, EarningsAudit>;
  problems: AuditProblem[];
  totals: { credited: number; debited: number; adjusted: number; balance: number; purchasedUnits: number; purchaseCredits: number };
  /** paid chat messages: each debited with its message, and credited 55% once */
  messages: MessageSalesAudit;
}

const WALLET_PREFIX = 'wallet-';
const EARNINGS_PREFIX = 'earnings-';
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Replays the log (in global order) and checks every rule the ledger must keep. */
export function auditLedger(events: readonly StoredEvent[]): LedgerAudit {
  const wallets = new Map<string, WalletAudit>();
  const earnings = new Map<string, EarningsAudit>();
  const problems: AuditProblem[] = [];
  const pendingPurchase = new Map<string, StoredEvent>();
  const totals = { credited: 0, debited: 0, adjusted: 0, balance: 0, purchasedUnits: 0, purchaseCredits: 0 };
  const lastRevision = new Map<string, number>();

  for (const event of events) {
    const previous = lastRevision.get(event.streamId) ?? -1;
    if (event.revision !== previous + 1) problems.push({ stream: event.streamId, revision: event.revision, problem: `revision gap: ${previous} then ${event.revision}` });
    lastRevision.set(event.streamId, event.revision);

    if (event.streamId.startsWith(WALLET_PREFIX)) {
      const walletId = event.streamId.slice(WALLET_PREFIX.length);
      const before = wallets.get(walletId) ?? { ...emptyWallet(), walletId, events: 0, spent: 0 };
      const data = (event.data ?? {}) as Record<string, unknown>;
      if ('walletId' in data && data.walletId !== walletId) {
        problems.push({ stream: event.streamId, revision: event.revision, problem: `${event.type} names wallet ${String(data.walletId)}` });
      }
      const amount = num(data.amount);
      if (['AuracoinCredited', 'AuracoinDebited'].includes(event.type) && (amount === undefined || !Number.isInteger(amount) || amount <= 0)) {
        problems.push({ stream: event.streamId, revision: event.revision, problem: `${event.type} with a bad amount ${String(data.amount)}` });
      }
      const after = { ...before, ...applyWalletEvent(before, event), walletId, events: before.events + 1, spent: before.spent + (event.type === 'AuracoinDebited' ? (amount ?? 0) : 0) };
      if (after.balance < 0) {
        problems.push({ stream: event.streamId, revision: event.revision, problem: `balance went negative: ${after.balance} units after ${event.type}` });
      }
      if (after.held > after.balance) {
        problems.push({ stream: event.streamId, revision: event.revision, problem: `holds of ${after.held} units exceed the balance ${after.balance} after ${event.type}` });
      }
      if (event.type === 'AuracoinReleased' && before.holds[String(data.holdId)]?.amount !== amount) {
        problems.push({ stream: event.streamId, revision: event.revision, problem: `release of hold ${String(data.holdId)}: ${String(amount)} units, but ${String(before.holds[String(data.holdId)]?.amount)} were left of it` });
      }
      if (event.type === 'AuracoinAdjusted') {
        if (num(data.balanceBefore) !== before.balance || num(data.balanceAfter) !== after.balance) {
          problems.push({
            stream: event.streamId,
            revision: event.revision,
            problem: `adjustment recorded ${String(data.balanceBefore)} → ${String(data.balanceAfter)} but the replay gives ${before.balance} → ${after.balance}`,
          });
        }
        if (typeof data.adminId !== 'string' || data.adminId === '') problems.push({ stream: event.streamId, revision: event.revision, problem: 'adjustment without an admin' });
      }
      if (event.type === 'AuracoinPurchased') {
        totals.purchasedUnits += amount ?? 0;
        pendingPurchase.set(String(data.purchaseId), event);
      }
      if (event.type === 'AuracoinCredited' && data.reason === 'purchase') {
        totals.purchaseCredits += amount ?? 0;
        const paid = pendingPurchase.get(String(data.purchaseId));
        if (!paid || num((paid.data as Record<string, unknown>).amount) !== amount) {
          problems.push({ stream: event.streamId, revision: event.revision, problem: `purchase credit ${String(data.purchaseId)} without a matching AuracoinPurchased` });
        }
        pendingPurchase.delete(String(data.purchaseId));
      }
      wallets.set(walletId, after);
      continue;
    }

    if (event.streamId.startsWith(EARNINGS_PREFIX)) {
      const performerId = event.streamId.slice(EARNINGS_PREFIX.length);
      const before = earnings.get(performerId) ?? { performerId, balanceCents: 0, accruedCents: 0, paidOutCents: 0, lowestCents: 0 };
      const data = (event.data ?? {}) as Record<string, unknown>;
      const share = num(data.shareCents);
      // money leaves the account only when the provider paid it (payouts' own audit checks the rest)
      const payout = event.type === 'PayoutPaid' ? (num(data.amountCents) ?? 0) : 0;
      const accrued = share ?? 0;
      if (share !== undefined && (!Number.isInteger(share) || share < 0)) problems.push({ stream: event.streamId, revision: event.revision, problem: `bad share ${share}` });
      const balanceCents = before.balanceCents + accrued - payout;
      const after = { performerId, balanceCents, accruedCents: before.accruedCents + accrued, paidOutCents: before.paidOutCents + payout, lowestCents: Math.min(before.lowestCents, balanceCents) };
      if (balanceCents < 0) problems.push({ stream: event.streamId, revision: event.revision, problem: `earnings went negative: ${balanceCents} cents` });
      earnings.set(performerId, after);
    }
  }

  for (const [purchaseId, event] of pendingPurchase) {
    problems.push({ stream: event.streamId, revision: event.revision, problem: `AuracoinPurchased ${purchaseId} never credited` });
  }
  for (const wallet of wallets.values()) {
    totals.credited += wallet.credited;
    totals.debited += wallet.debited;
    totals.adjusted += wallet.adjusted;
    totals.balance += wallet.balance;
    // conservation per wallet: what came in minus what went out is what is there
    if (wallet.credited - wallet.debited + wallet.adjusted !== wallet.balance) {
      problems.push({ stream: `${WALLET_PREFIX}${wallet.walletId}`, problem: 'credits - debits + adjustments differ from the balance' });
    }
  }
  if (totals.purchasedUnits !== totals.purchaseCredits) problems.push({ stream: '*', problem: `purchases ${totals.purchasedUnits} units but purchase credits ${totals.purchaseCredits}` });
  const messages = auditMessageSales(events);
  problems.push(...messages.problems);
  return { wallets, earnings, problems, totals, messages };
}

/** Differences between the replayed wallets and a users read model (balance and total spent, minor units). */
export function compareWithUsers(
  audit: LedgerAudit,
  users: readonly { _id: string; balanceUnits: number; totalSpentUnits: number }[],
  label: string,
): AuditProblem[] {
  const problems: AuditProblem[] = [];
  const byId = new Map(users.map((user) => [user._id, user]));
  for (const wallet of audit.wallets.values()) {
    const user = byId.get(wallet.walletId);
    if (!user) {
      problems.push({ stream: `${WALLET_PREFIX}${wallet.walletId}`, problem: `${label}: no user for this wallet` });
      continue;
    }
    if (user.balanceUnits !== wallet.balance) problems.push({ stream: `${WALLET_PREFIX}${wallet.walletId}`, problem: `${label}: balance ${user.balanceUnits} but the log gives ${wallet.balance}` });
    if (user.totalSpentUnits !== wallet.spent) problems.push({ stream: `${WALLET_PREFIX}${wallet.walletId}`, problem: `${label}: total spent ${user.totalSpentUnits} but the log gives ${wallet.spent}` });
  }
  for (const user of users) {
    if (!audit.wallets.has(user._id) && (user.balanceUnits !== 0 || user.totalSpentUnits !== 0)) {
      problems.push({ stream: `${WALLET_PREFIX}${user._id}`, problem: `${label}: balance ${user.balanceUnits} for a wallet with no events` });
    }
  }
  return problems;
}

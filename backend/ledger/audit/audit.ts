/**
 * The auditor's replay of the auracoin ledger: every wallet and earnings stream folded from the
 * log. Pure over the events, so the CLI (`npm run ledger:audit`) and the tests share it.
 */
import type { StoredEvent } from '../../platform/eventstore/port';
import type { AuditProblem } from '../../kernel/module';
import {
  adjustmentSplit,
  applyWalletEvent,
  emptyWallet,
  holdSplit,
  recordedSplit,
  spendSplit,
  type UnitSplit,
  type WalletTotals,
} from '../wallet/fold';
import type { CardPaymentsSummary } from './card-payments';
import { auditRefunds } from './refunds';
import { auditSales, type SalesAudit } from './sales';

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

export type { AuditProblem };

export interface LedgerAudit {
  wallets: Map<string, WalletAudit>;
  earnings: Map<string, EarningsAudit>;
  problems: AuditProblem[];
  totals: {
    credited: number;
    debited: number;
    adjusted: number;
    balance: number;
    purchasedUnits: number;
    purchaseCredits: number;
    /** of the balances, purchased and promotional units */
    purchasedBalance: number;
    promotionalBalance: number;
  };
  /** sales (messages, photos, session minutes): each paid by its debit, credited by the share rule once */
  sales: SalesAudit;
  /** refunds, disputes and card payments followed in euros */
  cardPayments: CardPaymentsSummary;
}

const WALLET_PREFIX = 'wallet-';
const EARNINGS_PREFIX = 'earnings-';
/** Events that move money on a wallet: a debit must follow the event saying what it bought, not one of these. */
const MONEY_EVENTS = new Set([
  'AuracoinCredited',
  'AuracoinDebited',
  'AuracoinAdjusted',
  'AuracoinHeld',
  'AuracoinReleased',
]);
const named = (value: unknown) => typeof value === 'string' && value !== '';
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** one replay per log read: the audit hooks that compare read models with it ask for the same log again */
const replays = new WeakMap<readonly StoredEvent[], LedgerAudit>();

/** Replays the log (in global order) and checks every rule the ledger must keep. */
export function auditLedger(events: readonly StoredEvent[]): LedgerAudit {
  let replay = replays.get(events);
  if (!replay) replays.set(events, (replay = replayLedger(events)));
  return replay;
}

function replayLedger(events: readonly StoredEvent[]): LedgerAudit {
  const wallets = new Map<string, WalletAudit>();
  const earnings = new Map<string, EarningsAudit>();
  const problems: AuditProblem[] = [];
  const pendingPurchase = new Map<string, StoredEvent>();
  const totals = {
    credited: 0,
    debited: 0,
    adjusted: 0,
    balance: 0,
    purchasedUnits: 0,
    purchaseCredits: 0,
    purchasedBalance: 0,
    promotionalBalance: 0,
  };
  const lastRevision = new Map<string, number>();

  const previousInStream = new Map<string, StoredEvent>();

  for (const event of events) {
    const precedingEvent = previousInStream.get(event.streamId);
    previousInStream.set(event.streamId, event);
    const previous = lastRevision.get(event.streamId) ?? -1;
    if (event.revision !== previous + 1)
      problems.push({
        stream: event.streamId,
        revision: event.revision,
        problem: `revision gap: ${previous} then ${event.revision}`,
      });
    lastRevision.set(event.streamId, event.revision);

    if (event.streamId.startsWith(WALLET_PREFIX)) {
      const walletId = event.streamId.slice(WALLET_PREFIX.length);
      const before = wallets.get(walletId) ?? { ...emptyWallet(), walletId, events: 0, spent: 0 };
      const data = (event.data ?? {}) as Record<string, unknown>;
      if ('walletId' in data && data.walletId !== walletId) {
        problems.push({
          stream: event.streamId,
          revision: event.revision,
          problem: `${event.type} names wallet ${String(data.walletId)}`,
        });
      }
      const amount = num(data.amount);
      if (
        ['AuracoinCredited', 'AuracoinDebited'].includes(event.type) &&
        (amount === undefined || !Number.isInteger(amount) || amount <= 0)
      ) {
        problems.push({
          stream: event.streamId,
          revision: event.revision,
          problem: `${event.type} with a bad amount ${String(data.amount)}`,
        });
      }
      const after = {
        ...before,
        ...applyWalletEvent(before, event),
        walletId,
        events: before.events + 1,
        spent: before.spent + (event.type === 'AuracoinDebited' ? (amount ?? 0) : 0),
      };
      if (event.type === 'AuracoinDebited') checkDebit(event, precedingEvent, problems);
      checkSplit(event, before, after, problems);
      if (after.balance < 0) {
        problems.push({
          stream: event.streamId,
          revision: event.revision,
          problem: `balance went negative: ${after.balance} units after ${event.type}`,
        });
      }
      if (after.held > after.balance) {
        problems.push({
          stream: event.streamId,
          revision: event.revision,
          problem: `holds of ${after.held} units exceed the balance ${after.balance} after ${event.type}`,
        });
      }
      if (event.type === 'AuracoinReleased' && before.holds[String(data.holdId)]?.amount !== amount) {
        problems.push({
          stream: event.streamId,
          revision: event.revision,
          problem: `release of hold ${String(data.holdId)}: ${String(amount)} units, but ${String(before.holds[String(data.holdId)]?.amount)} were left of it`,
        });
      }
      if (event.type === 'AuracoinAdjusted') {
        if (num(data.balanceBefore) !== before.balance || num(data.balanceAfter) !== after.balance) {
          problems.push({
            stream: event.streamId,
            revision: event.revision,
            problem:
              `adjustment recorded ${String(data.balanceBefore)} → ${String(data.balanceAfter)}` +
              ` but the replay gives ${before.balance} → ${after.balance}`,
          });
        }
        if (typeof data.adminId !== 'string' || data.adminId === '')
          problems.push({ stream: event.streamId, revision: event.revision, problem: 'adjustment without an admin' });
      }
      if (event.type === 'AuracoinPurchased') {
        totals.purchasedUnits += amount ?? 0;
        pendingPurchase.set(String(data.purchaseId), event);
      }
      if (event.type === 'AuracoinCredited' && data.reason === 'purchase') {
        totals.purchaseCredits += amount ?? 0;
        const paid = pendingPurchase.get(String(data.purchaseId));
        if (!paid || num((paid.data as Record<string, unknown>).amount) !== amount) {
          problems.push({
            stream: event.streamId,
            revision: event.revision,
            problem: `purchase credit ${String(data.purchaseId)} without a matching AuracoinPurchased`,
          });
        }
        pendingPurchase.delete(String(data.purchaseId));
      }
      wallets.set(walletId, after);
      continue;
    }

    if (event.streamId.startsWith(EARNINGS_PREFIX)) {
      const performerId = event.streamId.slice(EARNINGS_PREFIX.length);
      const before = earnings.get(performerId) ?? {
        performerId,
        balanceCents: 0,
        accruedCents: 0,
        paidOutCents: 0,
        lowestCents: 0,
      };
      const data = (event.data ?? {}) as Record<string, unknown>;
      const share = num(data.shareCents);
      // money leaves the account only when the provider paid it (payouts' own audit checks the rest)
      const payout = event.type === 'PayoutPaid' ? (num(data.amountCents) ?? 0) : 0;
      const accrued = event.type === 'PerformerEarningsCredited' ? (share ?? 0) : 0;
      if (share !== undefined && (!Number.isInteger(share) || share < 0))
        problems.push({ stream: event.streamId, revision: event.revision, problem: `bad share ${share}` });
      // a refund's clawback or a dispute's hold takes from her balance (a debt when it was paid), a
      // release gives back; a lost dispute's clawback was held already
      const taken =
        event.type === 'PerformerEarningsHeld' ||
        (event.type === 'PerformerEarningsClawedBack' && data.cause === 'refund')
          ? (share ?? 0)
          : event.type === 'PerformerEarningsReleased'
            ? -(share ?? 0)
            : 0;
      const balanceCents = before.balanceCents + accrued - taken - payout;
      const after = {
        performerId,
        balanceCents,
        accruedCents: before.accruedCents + accrued,
        paidOutCents: before.paidOutCents + payout,
        lowestCents: Math.min(before.lowestCents, balanceCents),
      };
      // only a payout can overdraw her: a debt a clawback leaves is carried (docs/architecture.md#refunds)
      if ((payout > 0 || accrued < 0) && balanceCents < 0)
        problems.push({
          stream: event.streamId,
          revision: event.revision,
          problem: `earnings went negative: ${balanceCents} cents`,
        });
      earnings.set(performerId, after);
    }
  }

  for (const [purchaseId, event] of pendingPurchase) {
    problems.push({
      stream: event.streamId,
      revision: event.revision,
      problem: `AuracoinPurchased ${purchaseId} never credited`,
    });
  }
  for (const wallet of wallets.values()) {
    totals.credited += wallet.credited;
    totals.debited += wallet.debited;
    totals.adjusted += wallet.adjusted;
    totals.balance += wallet.balance;
    totals.purchasedBalance += wallet.purchased;
    totals.promotionalBalance += wallet.promotional;
  }
  if (totals.purchasedUnits !== totals.purchaseCredits)
    problems.push({
      stream: '*',
      problem: `purchases ${totals.purchasedUnits} units but purchase credits ${totals.purchaseCredits}`,
    });
  const sales = auditSales(events);
  const refunds = auditRefunds(events);
  problems.push(...sales.problems, ...refunds.problems);
  return { wallets, earnings, problems, totals, sales, cardPayments: refunds.cardPayments };
}

/**
 * A debit names what it paid for: a reason, a reference, and right before it on the wallet the
 * event saying what was bought, which names that reference (a spend appends the two together).
 */
function checkDebit(debit: StoredEvent, before: StoredEvent | undefined, problems: AuditProblem[]): void {
  const data = (debit.data ?? {}) as Record<string, unknown>;
  const problem = (text: string) => problems.push({ stream: debit.streamId, revision: debit.revision, problem: text });
  if (!named(data.reason) || !named(data.reference)) {
    problem(`debit of ${String(data.amount)} units without a reason and a reference: it names nothing it paid for`);
    return;
  }
  if (!before || MONEY_EVENTS.has(before.type))
    problem(`debit for ${String(data.reason)} ${String(data.reference)} follows no purchase`);
  else if (!Object.values((before.data ?? {}) as Record<string, unknown>).includes(data.reference)) {
    problem(
      `debit for ${String(data.reason)} ${String(data.reference)} follows ${before.type}, which is not what it names`,
    );
  }
}

/** The split the rule gives an event on the wallet as it was before it (what it must have recorded), if it records one. */
function ruleSplit(event: StoredEvent, before: WalletTotals): UnitSplit | undefined {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const amount = num(data.amount) ?? 0;
  switch (event.type) {
    case 'AuracoinDebited':
      return spendSplit(before, amount, typeof data.holdId === 'string' ? data.holdId : undefined);
    case 'AuracoinHeld':
      return before.holds[String(data.holdId)] ? undefined : holdSplit(before, amount);
    case 'AuracoinReleased': {
      const hold = before.holds[String(data.holdId)];
      return hold && { purchased: hold.purchased, promotional: hold.promotional };
    }
    case 'AuracoinAdjusted':
      return adjustmentSplit(before, amount);
    default:
      return undefined;
  }
}

/**
 * Promotional units (docs/architecture.md#promotional-units): a split an event records is the
 * rule's (purchased units first; a hold gives back what it took, per kind; an adjustment's increase
 * is promotional) and adds up to its amount; no kind of units ever goes below zero, and the kinds
 * add up to the balance. A spend claiming purchased units the wallet did not have is reported here.
 */
function checkSplit(event: StoredEvent, before: WalletTotals, after: WalletTotals, problems: AuditProblem[]): void {
  const problem = (text: string) => problems.push({ stream: event.streamId, revision: event.revision, problem: text });
  const recorded = recordedSplit(event);
  const amount = num((event.data as Record<string, unknown> | undefined)?.amount);
  if (recorded) {
    const expected = ruleSplit(event, before);
    if (recorded.purchased + recorded.promotional !== amount)
      problem(
        `${event.type} of ${String(amount)} units records ${recorded.purchased} purchased + ${recorded.promotional} promotional`,
      );
    else if (expected && (expected.purchased !== recorded.purchased || expected.promotional !== recorded.promotional)) {
      problem(
        `${event.type} records ${recorded.purchased} purchased and ${recorded.promotional} promotional units;` +
          ` purchased first, the wallet gives ${expected.purchased} and ${expected.promotional}`,
      );
    }
  }
  if (after.purchased < 0 || after.promotional < 0)
    problem(
      `${event.type} leaves ${after.purchased} purchased and ${after.promotional} promotional units: more were spent than the wallet had`,
    );
  else if (after.purchased + after.promotional !== after.balance)
    problem(
      `purchased ${after.purchased} + promotional ${after.promotional} units differ from the balance ${after.balance}`,
    );
}

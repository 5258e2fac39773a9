/**
 * The audit of refunds and disputes (docs/architecture.md#refunds), pure over the log: every
 * refund is of a sale on its wallet and never more than is left of it, gives back each kind by the
 * rule with its credit right after it, and takes back exactly the share rule of its purchased part
 * on her earnings, once; every dispute locks exactly the purchase's units still in the wallet,
 * traces what they paid for by the oldest-purchase-first rule and holds exactly those shares; a
 * lost one removes at most the locked units and takes back exactly the held shares, a won one
 * releases them; a frozen wallet spends nothing but what a hold placed before covers. Carried
 * debts are checked by the payouts' replay (earned = paid + in transfer + unpaid + clawed back + held).
 */
import { performerShareOfPartCents, type DisputeTraceLine, type DomainEvent } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import type { AuditProblem } from '../../kernel/module';
import { recorded } from '../../platform/recorded-event';
import { heldShares, traceOf } from '../refunds/dispute';
import { disputedPurchaseOf, refundableWallet, refundLots, saleKey, type RefundableWallet } from '../refunds/refund';
import { cardPaymentsTracker, type CardPaymentsSummary } from './card-payments';

const WALLET_PREFIX = 'wallet-';
const EARNINGS_PREFIX = 'earnings-';

/** What her earnings stream must hold for each cause, by `<cause id>:<performer id>`. */
interface Owed {
  kind: 'refund' | 'hold' | 'dispute_clawback' | 'release';
  cents: number;
  stream: string;
  revision: number;
}

export function auditRefunds(events: readonly StoredEvent[]): {
  problems: AuditProblem[];
  cardPayments: CardPaymentsSummary;
} {
  const problems: AuditProblem[] = [];
  const payments = cardPaymentsTracker();
  const wallets = new Map<string, RefundableWallet>();
  const owed = new Map<string, Owed>();
  const seen = new Map<string, Owed['kind']>();
  /** per wallet: the refund or dispute close whose event must come right after */
  const expecting = new Map<
    string,
    {
      type: 'AuracoinCredited' | 'AuracoinDebited';
      reference: string;
      amount: number;
      purchased: number;
      lots?: string;
      stream: string;
      revision: number;
    }
  >();

  for (const stored of events) {
    const event = recorded(stored);
    if (!event) continue;
    const problem = (text: string) =>
      problems.push({ stream: stored.streamId, revision: stored.revision, problem: text });

    if (stored.streamId.startsWith(WALLET_PREFIX)) {
      const walletId = stored.streamId.slice(WALLET_PREFIX.length);
      const before = wallets.get(walletId) ?? refundableWallet.initialState();
      const expected = expecting.get(walletId);
      if (expected) {
        expecting.delete(walletId);
        checkFollower(event, expected, problem);
      }
      checkWalletEvent(event, before, { problem, owed, expecting, walletId, stored });
      payments.track(event, before, { walletId, stream: stored.streamId, revision: stored.revision });
      wallets.set(walletId, refundableWallet.evolve(before, event));
      continue;
    }

    if (stored.streamId.startsWith(EARNINGS_PREFIX)) {
      const made = earningsCause(event);
      if (!made) continue;
      const due = owed.get(made.key);
      if (seen.has(made.key)) problem(`${event.type} for ${made.key} recorded twice`);
      else if (!due || due.kind !== made.kind)
        problem(`${event.type} of ${made.cents} cents for ${made.key}, which no refund or dispute made`);
      else if (due.cents !== made.cents)
        problem(`${event.type} of ${made.cents} cents for ${made.key}: the rule gives ${due.cents}`);
      seen.set(made.key, made.kind);
    }
  }
  for (const [walletId, expected] of expecting)
    problems.push({
      stream: expected.stream,
      revision: expected.revision,
      problem: `${expected.reference} on wallet ${walletId} is not followed by its ${expected.type}`,
    });
  for (const [key, due] of owed)
    if (!seen.has(key))
      problems.push({
        stream: due.stream,
        revision: due.revision,
        problem: `${key}: ${due.cents} cents to record on her earnings (${due.kind}), never recorded`,
      });
  const settled = payments.settle(wallets);
  problems.push(...settled.problems);
  return { problems, cardPayments: settled.summary };
}

function checkFollower(
  event: DomainEvent,
  expected: { type: string; reference: string; amount: number; purchased: number; lots?: string },
  problem: (text: string) => void,
) {
  const data = event.data as {
    amount?: number;
    reference?: string;
    reason?: string;
    purchasedAmount?: number;
    lots?: { purchaseId: string | null; units: number }[];
  };
  const reason = expected.type === 'AuracoinCredited' ? 'refund' : 'chargeback';
  if (
    event.type !== expected.type ||
    data.reason !== reason ||
    data.reference !== expected.reference ||
    data.amount !== expected.amount ||
    data.purchasedAmount !== expected.purchased ||
    (expected.lots !== undefined && lotsText(data.lots) !== expected.lots)
  ) {
    problem(
      `${expected.reference} must be followed by its ${expected.type} (${reason})` +
        ` of ${expected.amount} units, ${expected.purchased} purchased` +
        (expected.lots !== undefined ? ` to the lots ${expected.lots || '(none)'}` : '') +
        `; found ${event.type}`,
    );
  }
}

/** Refunded lots as comparable text. */
const lotsText = (lots: readonly { purchaseId: string | null; units: number }[] | undefined) =>
  (lots ?? []).map((lot) => `${lot.purchaseId ?? 'none'}:${lot.units}`).join(',');

interface WalletCheck {
  problem: (text: string) => void;
  owed: Map<string, Owed>;
  expecting: Map<
    string,
    {
      type: 'AuracoinCredited' | 'AuracoinDebited';
      reference: string;
      amount: number;
      purchased: number;
      lots?: string;
      stream: string;
      revision: number;
    }
  >;
  walletId: string;
  stored: StoredEvent;
}

function checkWalletEvent(event: DomainEvent, before: RefundableWallet, check: WalletCheck) {
  const { problem, owed, stored } = check;
  const at = { stream: stored.streamId, revision: stored.revision };
  switch (event.type) {
    case 'SaleRefunded': {
      const d = event.data;
      const sale = before.sales[saleKey(d.kind, d.saleId)];
      if (!sale) return problem(`refund ${d.refundId} of ${d.kind} ${d.saleId}, which is no sale of this wallet`);
      const left = sale.grossUnits - sale.refundedUnits;
      if (d.amount > left)
        problem(
          `refund ${d.refundId} of ${d.amount} units exceeds the ${left} units left of its sale of ${sale.grossUnits}`,
        );
      const purchased =
        Math.round(((sale.refundedUnits + d.amount) * sale.purchasedUnits) / sale.grossUnits) -
        sale.refundedPurchasedUnits;
      if (d.purchasedAmount !== purchased || d.promotionalAmount !== d.amount - purchased)
        problem(
          `refund ${d.refundId} gives back ${d.purchasedAmount} purchased units; the sale's proportion gives ${purchased}`,
        );
      const share = performerShareOfPartCents(sale.refundedPurchasedUnits, purchased);
      if (d.clawbackCents !== share)
        problem(
          `refund ${d.refundId} takes back ${d.clawbackCents} cents; the share rule of its purchased part gives ${share}`,
        );
      if (d.performerId !== sale.performerId)
        problem(`refund ${d.refundId} names performer ${d.performerId}, the sale ${sale.performerId}`);
      const disputed = disputedPurchaseOf(before, saleKey(d.kind, d.saleId));
      if (disputed)
        problem(
          `refund ${d.refundId} of a sale paid by purchase ${disputed}, whose dispute is ${before.disputedPurchases[disputed]}`,
        );
      // the lots it gives back: a refund recorded before refunds named them names none (the card payments' audit follows them by the rule)
      const lots = d.lots && lotsText(refundLots(before, saleKey(d.kind, d.saleId), d.purchasedAmount));
      if (lots !== undefined && lots !== lotsText(d.lots))
        problem(
          `refund ${d.refundId} gives back to the lots ${lotsText(d.lots) || '(none)'}; the purchases that paid the sale give ${lots || '(none)'}`,
        );
      if (share > 0) check.owed.set(`${d.refundId}:${sale.performerId}`, { kind: 'refund', cents: share, ...at });
      check.expecting.set(check.walletId, {
        type: 'AuracoinCredited',
        reference: d.refundId,
        amount: d.amount,
        purchased: d.purchasedAmount,
        ...(d.lots ? { lots: lotsText(d.lots) } : {}),
        ...at,
      });
      return;
    }
    case 'WalletFrozen': {
      const d = event.data;
      if (before.disputes[d.disputeId]) return problem(`dispute ${d.disputeId} froze the wallet twice`);
      const locked = before.wallet.lots
        .filter((lot) => lot.purchaseId === d.purchaseId)
        .reduce((sum, lot) => sum + lot.units, 0);
      if (d.lockedUnits !== locked)
        problem(
          `dispute ${d.disputeId} locked ${d.lockedUnits} units; purchase ${d.purchaseId} had ${locked} left in the wallet`,
        );
      const trace = traceOf(before, d.purchaseId);
      if (traceText(trace) !== traceText(d.trace))
        problem(
          `dispute ${d.disputeId}: its trace is not what purchase ${d.purchaseId}'s units paid for (oldest purchase first)`,
        );
      for (const [performerId, cents] of heldShares(d.trace))
        if (cents > 0) owed.set(`${d.disputeId}:${performerId}:hold`, { kind: 'hold', cents, ...at });
      return;
    }
    case 'WalletUnfrozen': {
      const d = event.data;
      const frozen = before.wallet.frozen?.[d.disputeId];
      if (before.disputes[d.disputeId] !== 'open' || !frozen)
        return problem(`dispute ${d.disputeId} unfroze a wallet it had not frozen`);
      if (d.outcome === 'won' && d.removedUnits !== 0)
        problem(`dispute ${d.disputeId} won but removed ${d.removedUnits} units`);
      if (d.removedUnits > frozen.lockedUnits)
        problem(
          `dispute ${d.disputeId} removed ${d.removedUnits} units, more than the ${frozen.lockedUnits} it locked`,
        );
      if (d.removedUnits > 0)
        check.expecting.set(check.walletId, {
          type: 'AuracoinDebited',
          reference: d.disputeId,
          amount: d.removedUnits,
          purchased: d.removedUnits,
          ...at,
        });
      for (const [key, due] of [...owed]) {
        if (!key.startsWith(`${d.disputeId}:`) || due.kind !== 'hold') continue;
        const performerId = key.slice(d.disputeId.length + 1, -':hold'.length);
        owed.set(`${d.disputeId}:${performerId}:${d.outcome === 'won' ? 'release' : 'clawback'}`, {
          kind: d.outcome === 'won' ? 'release' : 'dispute_clawback',
          cents: due.cents,
          ...at,
        });
      }
      return;
    }
    case 'AuracoinDebited': {
      const frozen = Object.keys(before.wallet.frozen ?? {}).length > 0;
      const hold = event.data.holdId ? before.wallet.holds[event.data.holdId] : undefined;
      if (frozen && event.data.reason !== 'chargeback' && !(hold && hold.amount >= event.data.amount))
        problem(`a frozen wallet spent ${event.data.amount} units on ${event.data.reason} ${event.data.reference}`);
      return;
    }
    default:
  }
}

/** A trace as comparable text, whatever order a store keeps an event's keys in. */
const traceText = (trace: readonly DisputeTraceLine[]) =>
  trace.map((line) => [line.source, line.sourceId, line.performerId, line.units, line.shareCents].join('|')).join(';');

/** The cause an earnings event answers, by the key `auditRefunds` expects it under. */
function earningsCause(event: DomainEvent): { key: string; kind: Owed['kind']; cents: number } | undefined {
  switch (event.type) {
    case 'PerformerEarningsClawedBack':
      return event.data.cause === 'refund'
        ? { key: `${event.data.causeId}:${event.data.performerId}`, kind: 'refund', cents: event.data.shareCents }
        : {
            key: `${event.data.causeId}:${event.data.performerId}:clawback`,
            kind: 'dispute_clawback',
            cents: event.data.shareCents,
          };
    case 'PerformerEarningsHeld':
      return {
        key: `${event.data.disputeId}:${event.data.performerId}:hold`,
        kind: 'hold',
        cents: event.data.shareCents,
      };
    case 'PerformerEarningsReleased':
      return {
        key: `${event.data.disputeId}:${event.data.performerId}:release`,
        kind: 'release',
        cents: event.data.shareCents,
      };
    default:
      return undefined;
  }
}

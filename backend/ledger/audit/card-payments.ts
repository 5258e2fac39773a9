/**
 * The audit follows every card payment in euros (docs/architecture.md#disputes), pure over the log.
 * Each unit a card purchase credited is, at any time, in exactly one place: still in the wallet
 * (never spent), spent (on a sale or an alias), given back by a refund and in the wallet again, or
 * removed (by a lost dispute, or by an admin's decrease). Per purchase, the units are followed
 * through the log by the rules (a debit takes the oldest lots, a refund gives back to the
 * purchases that paid its sale, `refundLots`, a chargeback takes its purchase's lots) and must
 * leave exactly what the wallet's lots hold of it (a refund recorded before refunds named their
 * lots gave back units of no purchase: not in its lots); after a lost dispute nothing of the
 * purchase may be left spendable (its card money is back with the buyer), those units included. In euros, at each purchase's own
 * price: paid = still in wallets + spent (performers' shares + platform's part) + refunded +
 * charged back (+ removed by admins): a lost purchase is charged back whole.
 */
import { formatEuroCents, performerShareCents, type DomainEvent } from '@aura/contracts';
import type { AuditProblem } from '../../kernel/module';
import { refundLots, saleKey, type RefundableWallet } from '../refunds/refund';
import { kindsMoved, takeFromLots } from '../wallet/fold';

/** One card payment as the audit follows it (units: auracoin minor units; cents: euro cents). */
interface CardPayment {
  walletId: string;
  units: number;
  cents: number;
  /** taken by debits for what was bought (the oldest lots first) */
  spent: number;
  /** given back to it by refunds, by the rule (whatever a credit recorded) */
  returned: number;
  /** of `returned`, given back by refunds recorded before refunds named their lots: units of no purchase in the wallet */
  untied: number;
  /** taken by its lost dispute's chargeback */
  removed: number;
  /** taken by an admin's decrease */
  adjusted: number;
  lost: boolean;
  stream: string;
  revision: number;
}

export interface CardPaymentsSummary {
  refunds: number;
  disputes: number;
  lostDisputes: number;
  cardPayments: number;
  /** euro cents of the card payments that reconcile */
  reconciledCents: number;
  /** where the euros paid by the card payments that reconcile are, in cents */
  euros: {
    paid: number;
    inWallets: number;
    spent: number;
    performers: number;
    platform: number;
    refunded: number;
    chargedBack: number;
    removedByAdmins: number;
  };
}

export function cardPaymentsTracker() {
  const payments = new Map<string, CardPayment>();
  const counts = { refunds: 0, disputes: 0, lostDisputes: 0 };
  const add = (
    purchaseId: string | null,
    field: 'spent' | 'returned' | 'untied' | 'removed' | 'adjusted',
    units: number,
  ) => {
    const payment = purchaseId ? payments.get(purchaseId) : undefined;
    if (payment) payment[field] += units;
  };

  /** One wallet event, on the wallet as it was before it. */
  function track(
    event: DomainEvent,
    before: RefundableWallet,
    at: { walletId: string; stream: string; revision: number },
  ) {
    switch (event.type) {
      case 'AuracoinPurchased':
        if (!payments.has(event.data.purchaseId))
          payments.set(event.data.purchaseId, {
            walletId: at.walletId,
            // its credit brings the units (the wallets' audit checks that it matches)
            units: 0,
            cents: event.data.priceCents,
            spent: 0,
            returned: 0,
            untied: 0,
            removed: 0,
            adjusted: 0,
            lost: false,
            stream: at.stream,
            revision: at.revision,
          });
        return;
      case 'AuracoinCredited': {
        const payment =
          event.data.reason === 'purchase' && event.data.purchaseId && payments.get(event.data.purchaseId);
        if (payment && payment.walletId === at.walletId) payment.units += event.data.amount;
        return;
      }
      case 'AuracoinDebited':
      case 'AuracoinAdjusted': {
        // a debit and an adjustment always move kinds; only a lost dispute's debit names a purchase
        const leaving = -kindsMoved(before.wallet, event)!.purchased;
        const { purchaseId: chargeback } = event.data as { purchaseId?: string };
        const field = chargeback ? 'removed' : event.type === 'AuracoinDebited' ? 'spent' : 'adjusted';
        for (const lot of takeFromLots(before.wallet.lots, leaving, chargeback).taken)
          add(lot.purchaseId, field, lot.units);
        return;
      }
      case 'SaleRefunded':
        counts.refunds += 1;
        for (const lot of refundLots(before, saleKey(event.data.kind, event.data.saleId), event.data.purchasedAmount)) {
          add(lot.purchaseId, 'returned', lot.units);
          if (!event.data.lots) add(lot.purchaseId, 'untied', lot.units);
        }
        return;
      case 'WalletFrozen':
        counts.disputes += 1;
        return;
      case 'WalletUnfrozen': {
        const frozen = before.wallet.frozen[event.data.disputeId];
        const payment = frozen ? payments.get(frozen.purchaseId) : undefined;
        if (event.data.outcome !== 'lost' || !frozen) return;
        counts.lostDisputes += 1;
        if (payment) payment.lost = true;
        return;
      }
      default:
    }
  }

  /** Every payment reconciled against the wallets as the log leaves them. */
  function settle(wallets: ReadonlyMap<string, RefundableWallet>): {
    problems: AuditProblem[];
    summary: CardPaymentsSummary;
  } {
    const problems: AuditProblem[] = [];
    const euros = {
      paid: 0,
      inWallets: 0,
      spent: 0,
      performers: 0,
      platform: 0,
      refunded: 0,
      chargedBack: 0,
      removedByAdmins: 0,
    };
    let reconciledCents = 0;
    for (const [purchaseId, payment] of payments) {
      const wallet = wallets.get(payment.walletId)!;
      const lots = wallet.wallet.lots.filter((lot) => lot.purchaseId === purchaseId);
      const unspent = lots.filter((lot) => !lot.refunded).reduce((sum, lot) => sum + lot.units, 0);
      const refunded = lots.filter((lot) => lot.refunded).reduce((sum, lot) => sum + lot.units, 0);
      const left = payment.units - payment.spent + payment.returned - payment.removed - payment.adjusted;
      const problem = (text: string) =>
        problems.push({
          stream: payment.stream,
          revision: payment.revision,
          problem: `purchase ${purchaseId}: ${text}`,
        });
      if (payment.lost && left > 0) {
        problem(
          `its dispute was lost (the card money is back with the buyer), but ${left} units of it are left spendable` +
            (payment.returned > 0 ? ` (${payment.returned} given back by refunds)` : ''),
        );
        continue;
      }
      // a refund recorded before refunds named their lots gave back units of no purchase: not in its lots
      if (left - payment.untied !== unspent + refunded) {
        problem(
          `${payment.units} units paid, ${payment.spent} spent, ${payment.returned - payment.untied} given back by refunds,` +
            ` ${payment.removed} charged back and ${payment.adjusted} removed by admins leave ${left - payment.untied},` +
            ` but the wallet holds ${unspent + refunded} of it`,
        );
        continue;
      }
      // never credited (the wallets' audit names it): nothing to follow
      if (payment.units === 0) continue;
      reconciledCents += payment.cents;
      euros.paid += payment.cents;
      if (payment.lost) {
        euros.chargedBack += payment.cents;
        continue;
      }
      // at the purchase's own price, rounded over the running total so the parts add up to what was paid
      const spent = payment.units - unspent - refunded - payment.adjusted;
      const [inWallets, refundedCents, adjustedCents, spentCents] = centsOf(payment, [
        unspent,
        refunded,
        payment.adjusted,
        spent,
      ]);
      const performers = performersShareOf(wallet, purchaseId);
      euros.inWallets += inWallets!;
      euros.refunded += refundedCents!;
      euros.removedByAdmins += adjustedCents!;
      euros.spent += spentCents!;
      euros.performers += performers;
      euros.platform += spentCents! - performers;
    }
    return {
      problems,
      summary: { ...counts, cardPayments: payments.size, reconciledCents, euros },
    };
  }

  return { track, settle };
}

/** Units of a payment as euro cents at its price, each part the running total's rounding less the one before. */
function centsOf(payment: CardPayment, parts: number[]): number[] {
  let units = 0;
  let cents = 0;
  return parts.map((part) => {
    units += part;
    const upTo = Math.round((units * payment.cents) / payment.units);
    const own = upTo - cents;
    cents = upTo;
    return own;
  });
}

/** The performers' shares of what a purchase's units paid for and no refund gave back (the share rule per sale). */
function performersShareOf(wallet: RefundableWallet, purchaseId: string): number {
  return Object.entries(wallet.consumed[purchaseId] ?? {}).reduce((sum, [key, consumed]) => {
    const kept = consumed - (wallet.returned[purchaseId]?.[key] ?? 0);
    return sum + performerShareCents(Math.max(0, kept));
  }, 0);
}

/** The report's lines: what the audit covered, and where the card payments' euros are. */
export function cardPaymentsLines(summary: CardPaymentsSummary): string[] {
  // it-IT, with a plain space before the sign (a report read in a terminal and grepped)
  const euro = (cents: number) => formatEuroCents(cents).replace(/\s/gu, ' ');
  const e = summary.euros;
  return [
    `  refunds: ${summary.refunds}, disputes: ${summary.disputes} (lost ${summary.lostDisputes}),` +
      ` card payments: ${summary.cardPayments}, euros reconciled: ${euro(summary.reconciledCents)}`,
    `  card payments: paid ${euro(e.paid)} = still in wallets ${euro(e.inWallets)} + spent ${euro(e.spent)}` +
      ` (performers' shares ${euro(e.performers)} + platform's part ${euro(e.platform)})` +
      ` + refunded ${euro(e.refunded)} + charged back ${euro(e.chargedBack)}` +
      (e.removedByAdmins ? ` + removed by admins ${euro(e.removedByAdmins)}` : ''),
  ];
}

/**
 * The auditor's check of sales (docs/architecture.md#money): every sale (`saleOf`: a paid message,
 * a photo, a session's minute or minimum) sits on the buyer's wallet right before the debit that
 * pays exactly it; every earnings credit traces to exactly one sale and is the share rule of its
 * purchased part (the part its debit took of purchased units); no sale is credited twice or never.
 */
import type { StoredEvent } from '../../platform/eventstore/port';
import type { AuditProblem } from '../../kernel/module';
import { recorded } from '../../platform/recorded-event';
import { saleShareCents, type EarningsSource } from '../earnings/credit';
import { saleOf, type DatedSale } from '../earnings/sales';

export interface SalesFigures {
  sales: number;
  /** what buyers paid, minor units */
  grossUnits: number;
  /** of it, paid with purchased units (a sale recorded before the split: its gross) */
  purchasedUnits: number;
  /** what performers were credited, euro cents */
  shareCents: number;
}

export interface SalesAudit {
  bySource: Partial<Record<EarningsSource, SalesFigures>>;
  problems: AuditProblem[];
}

type Data = Record<string, unknown>;
const dataOf = (event: StoredEvent) => (event.data ?? {}) as Data;
const at = (event: StoredEvent, problem: string): AuditProblem => ({
  stream: event.streamId,
  revision: event.revision,
  problem,
});
const keyOf = (source: unknown, sourceId: unknown) => `${String(source)} ${String(sourceId)}`;

/** The sale an event records, if it records one. */
function saleIn(event: StoredEvent | undefined): DatedSale | undefined {
  const typed = event && recorded(event);
  return typed ? saleOf(typed) : undefined;
}

interface Sold {
  event: StoredEvent;
  made: DatedSale;
  credits: number;
}

export function auditSales(events: readonly StoredEvent[]): SalesAudit {
  const problems: AuditProblem[] = [];
  const sales = new Map<string, Sold>();
  const previousInStream = new Map<string, StoredEvent>();
  const credits: StoredEvent[] = [];
  const bySource: SalesAudit['bySource'] = {};
  const figures = (source: EarningsSource) =>
    (bySource[source] ??= { sales: 0, grossUnits: 0, purchasedUnits: 0, shareCents: 0 });
  /** a sale on a wallet, waiting for the debit that must follow it */
  const awaitingDebit = (event: StoredEvent | undefined) =>
    event?.streamId.startsWith('wallet-') ? saleIn(event) : undefined;

  for (const event of events) {
    const previous = previousInStream.get(event.streamId);
    previousInStream.set(event.streamId, event);
    const paying = awaitingDebit(previous);
    if (paying && event.type !== 'AuracoinDebited')
      problems.push(at(previous!, `sale ${keyOf(paying.sale.source, paying.sale.sourceId)} not followed by its debit`));
    if (paying && event.type === 'AuracoinDebited') {
      const data = dataOf(event);
      if (
        data.amount !== paying.sale.grossUnits ||
        data.reason !== paying.debit.reason ||
        data.reference !== paying.debit.reference
      ) {
        problems.push(
          at(
            event,
            `debit of ${String(data.amount)} units for ${String(data.reason)} ${String(data.reference)}` +
              ` does not pay the sale before it` +
              ` (${paying.sale.grossUnits} units, ${paying.debit.reason} ${paying.debit.reference})`,
          ),
        );
      }
      // the purchased part the sale earns on is what its debit took of purchased units
      if (paying.sale.purchasedUnits !== undefined && data.purchasedAmount !== paying.sale.purchasedUnits) {
        problems.push(
          at(
            event,
            `sale ${keyOf(paying.sale.source, paying.sale.sourceId)} says ${paying.sale.purchasedUnits} purchased units,` +
              ` its debit ${String(data.purchasedAmount)}`,
          ),
        );
      }
    }
    const made = saleIn(event);
    if (made) {
      const key = keyOf(made.sale.source, made.sale.sourceId);
      if (!event.streamId.startsWith('wallet-'))
        problems.push(at(event, `sale ${key} outside a wallet: nobody paid for it`));
      if (!Number.isInteger(made.sale.grossUnits) || made.sale.grossUnits <= 0)
        problems.push(at(event, `sale ${key} for ${String(made.sale.grossUnits)} units`));
      if (sales.has(key)) problems.push(at(event, `sale ${key} recorded twice`));
      else sales.set(key, { event, made, credits: 0 });
      figures(made.sale.source).sales += 1;
      figures(made.sale.source).grossUnits += made.sale.grossUnits;
      figures(made.sale.source).purchasedUnits += made.sale.purchasedUnits ?? made.sale.grossUnits;
      if (
        made.sale.purchasedUnits !== undefined &&
        !(
          Number.isInteger(made.sale.purchasedUnits) &&
          made.sale.purchasedUnits >= 0 &&
          made.sale.purchasedUnits <= made.sale.grossUnits
        )
      ) {
        problems.push(
          at(event, `sale ${key} of ${made.sale.grossUnits} units says ${made.sale.purchasedUnits} purchased`),
        );
      }
    }
    if (event.type === 'PerformerEarningsCredited') credits.push(event);
  }
  for (const last of previousInStream.values()) {
    const paying = awaitingDebit(last);
    if (paying)
      problems.push(at(last, `sale ${keyOf(paying.sale.source, paying.sale.sourceId)} not followed by its debit`));
  }

  for (const credit of credits) {
    const data = dataOf(credit);
    const key = keyOf(data.source, data.sourceId);
    const sold = sales.get(key);
    if (!sold) {
      problems.push(at(credit, `earnings for ${key}, which nobody paid for`));
      continue;
    }
    sold.credits += 1;
    const { sale } = sold.made;
    figures(sale.source).shareCents += Number(data.shareCents);
    if (sold.credits > 1) problems.push(at(credit, `sale ${key} credited again (credit number ${sold.credits})`));
    if (data.performerId !== sale.performerId || credit.streamId !== `earnings-${sale.performerId}`)
      problems.push(at(credit, `earnings for ${key} go to another performer than the sale's`));
    if (data.grossUnits !== sale.grossUnits)
      problems.push(
        at(credit, `earnings for ${key} name ${String(data.grossUnits)} units, the sale ${sale.grossUnits}`),
      );
    if (data.purchasedUnits !== sale.purchasedUnits)
      problems.push(
        at(
          credit,
          `earnings for ${key} name ${String(data.purchasedUnits)} purchased units, the sale ${String(sale.purchasedUnits)}`,
        ),
      );
    // the share of the purchased part only (a sale recorded before the split: of its gross)
    const share = saleShareCents(sale);
    if (data.shareCents !== share)
      problems.push(
        at(
          credit,
          `earnings for ${key}: ${String(data.shareCents)} cents, the share rule gives ${share} on its purchased part`,
        ),
      );
  }
  for (const [key, sold] of sales) {
    if (sold.credits === 0) problems.push(at(sold.event, `sale ${key} never credited to the performer`));
  }
  return { bySource, problems };
}

/**
 * Refunds (docs/architecture.md#refunds): an admin gives back a private session, a paid message or
 * a photo sale, whole or in part, within the refund window. The refund is decided on the buyer's
 * wallet, folded with its sales (the sale events are on it, right before their debits), and
 * appended with the wallet's expected revision: concurrent refunds of one sale are decided one
 * after the other, so together they never exceed it. The wallet gets back purchased units as
 * purchased and promotional ones as promotional, in the proportion the sale was paid; her share of
 * the refunded purchased part is taken back on her earnings by the clawback reaction (./clawback.ts).
 * Purchased units go back to the lots of the card purchases they were spent from (`refundLots`), so
 * a later dispute on such a purchase locks them and a lost one removes them; a sale paid by a
 * purchase whose dispute is open or lost is not refunded (409 `sale_disputed`): its card money is
 * (or may be) back with the buyer already.
 */
import {
  performerShareOfPartCents,
  unitsToAuracoin,
  type DisputeOutcome,
  type DomainEvent,
  type RefundKind,
} from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { EventStore } from '../../platform/eventstore/port';
import type { Aggregate, HandleOptions } from '../../kernel/handle-command';
import { saleOf } from '../earnings/sales';
import { applyWalletEvent, emptyWallet, takeFromLots, type WalletTotals } from '../wallet/fold';
import { onWallet } from '../wallet/wallet';

/** What a wallet's spend bought: a tip or a show ticket is final (never refunded by an admin) but a dispute traces it too. */
export type SaleKind = RefundKind | 'tip' | 'ticket';

/** One sale on a wallet, as a refund needs it. */
export interface WalletSale {
  kind: SaleKind;
  saleId: string;
  performerId: string;
  /** what the buyer paid, and of it purchased units (a sale recorded before the split: all of it) */
  grossUnits: number;
  purchasedUnits: number;
  /** ms since epoch of its last part (a session's last minute or its minimum) */
  at: number;
  refundedUnits: number;
  refundedPurchasedUnits: number;
  clawedBackCents: number;
}

export interface RefundableWallet {
  wallet: WalletTotals;
  /** by `saleKey(kind, saleId)` */
  sales: Readonly<Record<string, WalletSale>>;
  /** the sale the next debit pays (the event right before it) */
  lastSale?: string;
  /** what each card purchase's units paid for: purchase id → sale key → purchased units (oldest purchase first) */
  consumed: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** what refunds gave back to each card purchase's lots: purchase id → sale key → purchased units */
  returned: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** disputes seen on this wallet and their state */
  disputes: Readonly<Record<string, 'open' | 'won' | 'lost'>>;
  /** the card purchases disputed on this wallet: open, or how the last dispute closed (a lost one stays lost) */
  disputedPurchases: Readonly<Record<string, 'open' | DisputeOutcome>>;
}

export const saleKey = (kind: SaleKind, saleId: string) => `${kind}:${saleId}`;

/** The sale an event records on a wallet, as its kind and id (a session's parts are one sale: the session). */
export function walletSaleOf(
  event: DomainEvent,
): Omit<WalletSale, 'refundedUnits' | 'refundedPurchasedUnits' | 'clawedBackCents'> | undefined {
  const made = saleOf(event);
  if (!made) return undefined;
  const { sale, at, debit } = made;
  return {
    kind: sale.source,
    saleId: sale.source === 'session' ? debit.reference : sale.sourceId,
    performerId: sale.performerId,
    grossUnits: sale.grossUnits,
    purchasedUnits: sale.purchasedUnits ?? sale.grossUnits,
    at: at.getTime(),
  };
}

function evolveSales(sales: RefundableWallet['sales'], event: DomainEvent): RefundableWallet['sales'] {
  if (event.type === 'SaleRefunded') {
    const key = saleKey(event.data.kind, event.data.saleId);
    const sale = sales[key];
    if (!sale) return sales;
    return {
      ...sales,
      [key]: {
        ...sale,
        refundedUnits: sale.refundedUnits + event.data.amount,
        refundedPurchasedUnits: sale.refundedPurchasedUnits + event.data.purchasedAmount,
        clawedBackCents: sale.clawedBackCents + event.data.clawbackCents,
      },
    };
  }
  const part = walletSaleOf(event);
  if (!part) return sales;
  const key = saleKey(part.kind, part.saleId);
  const before = sales[key];
  if (!before) return { ...sales, [key]: { ...part, refundedUnits: 0, refundedPurchasedUnits: 0, clawedBackCents: 0 } };
  return {
    ...sales,
    [key]: {
      ...before,
      grossUnits: before.grossUnits + part.grossUnits,
      purchasedUnits: before.purchasedUnits + part.purchasedUnits,
      at: Math.max(before.at, part.at),
    },
  };
}

/** Which purchases' lots a debit's purchased units came from: the oldest purchase first, as the wallet's fold takes them. */
function lotsTaken(wallet: WalletTotals, purchasedUnits: number): [string, number][] {
  return takeFromLots(wallet.lots, purchasedUnits).taken.flatMap((lot) =>
    lot.purchaseId ? [[lot.purchaseId, lot.units] as [string, number]] : [],
  );
}

/** `units` more under purchase → sale. */
function addUnits(
  byPurchase: Readonly<Record<string, Readonly<Record<string, number>>>>,
  purchaseId: string,
  key: string,
  units: number,
) {
  const bySale = byPurchase[purchaseId] ?? {};
  return { ...byPurchase, [purchaseId]: { ...bySale, [key]: (bySale[key] ?? 0) + units } };
}

function evolveConsumed(state: RefundableWallet, event: DomainEvent): RefundableWallet['consumed'] {
  if (event.type !== 'AuracoinDebited' || !state.lastSale) return state.consumed;
  const purchased = event.data.purchasedAmount ?? 0;
  let consumed = state.consumed;
  for (const [purchaseId, units] of lotsTaken(state.wallet, purchased))
    consumed = addUnits(consumed, purchaseId, state.lastSale, units);
  return consumed;
}

function evolveReturned(returned: RefundableWallet['returned'], event: DomainEvent): RefundableWallet['returned'] {
  // a refund recorded before refunds named their lots gave back units of no purchase
  if (event.type !== 'SaleRefunded' || !event.data.lots) return returned;
  const key = saleKey(event.data.kind, event.data.saleId);
  let after = returned;
  for (const lot of event.data.lots) if (lot.purchaseId) after = addUnits(after, lot.purchaseId, key, lot.units);
  return after;
}

function evolveDisputes(disputes: RefundableWallet['disputes'], event: DomainEvent): RefundableWallet['disputes'] {
  if (event.type === 'WalletFrozen') return { ...disputes, [event.data.disputeId]: 'open' };
  if (event.type === 'WalletUnfrozen') return { ...disputes, [event.data.disputeId]: event.data.outcome };
  return disputes;
}

function evolveDisputedPurchases(state: RefundableWallet, event: DomainEvent): RefundableWallet['disputedPurchases'] {
  const purchases = state.disputedPurchases;
  if (event.type === 'WalletFrozen' && purchases[event.data.purchaseId] !== 'lost')
    return { ...purchases, [event.data.purchaseId]: 'open' };
  const frozen = event.type === 'WalletUnfrozen' ? state.wallet.frozen?.[event.data.disputeId] : undefined;
  if (event.type !== 'WalletUnfrozen' || !frozen || purchases[frozen.purchaseId] === 'lost') return purchases;
  return { ...purchases, [frozen.purchaseId]: event.data.outcome };
}

/** A wallet and its sales, folded together: what a refund and a dispute are decided on. */
export const refundableWallet: Aggregate<RefundableWallet> = {
  initialState: () => ({
    wallet: emptyWallet(),
    sales: {},
    consumed: {},
    returned: {},
    disputes: {},
    disputedPurchases: {},
  }),
  evolve: (state, event) => {
    const part = walletSaleOf(event);
    return {
      wallet: applyWalletEvent(state.wallet, event),
      sales: evolveSales(state.sales, event),
      // a sale's debit comes right after it
      lastSale: part ? saleKey(part.kind, part.saleId) : undefined,
      consumed: evolveConsumed(state, event),
      returned: evolveReturned(state.returned, event),
      disputes: evolveDisputes(state.disputes, event),
      disputedPurchases: evolveDisputedPurchases(state, event),
    };
  },
};

/** Of a sale's purchased units, what each card purchase paid and no refund gave back yet (the oldest purchase first). */
export function paidByPurchases(state: RefundableWallet, key: string): [string, number][] {
  return Object.entries(state.consumed).flatMap(([purchaseId, bySale]) => {
    const left = (bySale[key] ?? 0) - (state.returned[purchaseId]?.[key] ?? 0);
    return left > 0 ? [[purchaseId, left] as [string, number]] : [];
  });
}

/**
 * The lots a refund of `purchasedUnits` of a sale gives back: to the purchases that paid it and
 * got nothing back yet, the oldest first; what no purchase paid (a sale recorded before lots, or
 * paid with units a refund gave back before lots were recorded) comes back as units of no purchase.
 */
export function refundLots(
  state: RefundableWallet,
  key: string,
  purchasedUnits: number,
): { purchaseId: string | null; units: number }[] {
  const lots: { purchaseId: string | null; units: number }[] = [];
  let owed = purchasedUnits;
  for (const [purchaseId, left] of paidByPurchases(state, key)) {
    const units = Math.min(owed, left);
    owed -= units;
    if (units > 0) lots.push({ purchaseId, units });
  }
  if (owed > 0) lots.push({ purchaseId: null, units: owed });
  return lots;
}

/** A purchase that paid (part of) the sale and whose dispute is open or was lost, if any. */
export function disputedPurchaseOf(state: RefundableWallet, key: string): string | undefined {
  return Object.entries(state.consumed).find(
    ([purchaseId, bySale]) =>
      (bySale[key] ?? 0) > 0 && ['open', 'lost'].includes(state.disputedPurchases[purchaseId] ?? ''),
  )?.[0];
}

export interface Refund {
  refundId: string;
  walletId: string;
  kind: RefundKind;
  saleId: string;
  /** minor units; undefined: all that is left of the sale */
  amountUnits?: number;
  reason: string;
  adminId: string;
  /** the refund window, hours from the sale (its last part) */
  windowHours: number;
}

/**
 * Pure: [SaleRefunded, AuracoinCredited] for a refund the sale still allows, or a refusal: an
 * unknown sale, a session still running, a sale paid by a purchase whose dispute is open or lost,
 * past the window, nothing left, more than is left. Both events name the lots the purchased part
 * goes back to (`refundLots`).
 * Kinds are given back in the sale's proportion, rounded over the sale's refunds so that all of
 * them together give back exactly what it took of each; her clawback is the share rule of the
 * refunded purchased units, rounded the same way, so a whole refund takes back exactly her share.
 */
export function decideRefund(command: Refund, state: RefundableWallet, now: Date): DomainEvent[] {
  const key = saleKey(command.kind, command.saleId);
  const sale = state.sales[key];
  if (!sale) throw new DomainError('sale_not_found');
  if (command.reason.trim() === '') throw new DomainError('refund_reason_required');
  // Stryker disable next-line ConditionalExpression: a hold is named by its session's id; no photo's or message's id names one
  if (command.kind === 'session' && state.wallet.holds[command.saleId]) throw new DomainError('refund_session_running');
  if (disputedPurchaseOf(state, key)) throw new DomainError('sale_disputed');
  if (now.getTime() - sale.at > command.windowHours * 3_600_000) throw new DomainError('refund_window_closed');
  const left = sale.grossUnits - sale.refundedUnits;
  if (left <= 0) throw new DomainError('refunded_already');
  const amount = command.amountUnits ?? left;
  if (!Number.isInteger(amount) || amount <= 0) throw new DomainError('validation_failed');
  if (amount > left) throw new DomainError('refund_above_sale', { refundable: unitsToAuracoin(left) });
  const purchasedAfter = Math.round(((sale.refundedUnits + amount) * sale.purchasedUnits) / sale.grossUnits);
  const purchasedAmount = purchasedAfter - sale.refundedPurchasedUnits;
  const promotionalAmount = amount - purchasedAmount;
  const lots = refundLots(state, key, purchasedAmount);
  const at = now.toISOString();
  return [
    {
      type: 'SaleRefunded',
      data: {
        refundId: command.refundId,
        walletId: command.walletId,
        kind: command.kind,
        saleId: command.saleId,
        performerId: sale.performerId,
        amount,
        purchasedAmount,
        promotionalAmount,
        lots,
        saleGrossUnits: sale.grossUnits,
        salePurchasedUnits: sale.purchasedUnits,
        refundedBeforeUnits: sale.refundedUnits,
        refundedPurchasedBeforeUnits: sale.refundedPurchasedUnits,
        clawbackCents: performerShareOfPartCents(sale.refundedPurchasedUnits, purchasedAmount),
        reason: command.reason.trim(),
        adminId: command.adminId,
        refundedAt: at,
      },
    },
    {
      type: 'AuracoinCredited',
      data: {
        walletId: command.walletId,
        amount,
        reason: 'refund',
        reference: command.refundId,
        purchasedAmount,
        promotionalAmount,
        lots,
        creditedAt: at,
      },
    },
  ];
}

/** A refund decided on the buyer's wallet with its expected revision (read and decided again on a conflict). */
export function refundSale(eventStore: EventStore, command: Refund, now: () => Date, options: HandleOptions) {
  return onWallet(
    eventStore,
    command.walletId,
    refundableWallet,
    (state) => decideRefund(command, state, now()),
    options,
  );
}

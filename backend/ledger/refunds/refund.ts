/**
 * Refunds (docs/architecture.md#refunds): an admin gives back a private session, a paid message or
 * a photo sale, whole or in part, within the refund window. The refund is decided on the buyer's
 * wallet, folded with its sales (the sale events are on it, right before their debits), and
 * appended with the wallet's expected revision: concurrent refunds of one sale are decided one
 * after the other, so together they never exceed it. The wallet gets back purchased units as
 * purchased and promotional ones as promotional, in the proportion the sale was paid; her share of
 * the refunded purchased part is taken back on her earnings by the clawback reaction (./clawback.ts).
 */
import { performerShareOfPartCents, unitsToAuracoin, type DomainEvent, type RefundKind } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { EventStore } from '../../platform/eventstore/port';
import type { Aggregate, HandleOptions } from '../../kernel/handle-command';
import { saleOf } from '../earnings/sales';
import { applyWalletEvent, emptyWallet, type WalletTotals } from '../wallet/fold';
import { onWallet } from '../wallet/wallet';

/** What a wallet's spend bought: a tip is final (never refunded) but a dispute traces it too. */
export type SaleKind = RefundKind | 'tip';

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
  /** disputes seen on this wallet and their state */
  disputes: Readonly<Record<string, 'open' | 'won' | 'lost'>>;
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
  const taken: [string, number][] = [];
  let owed = purchasedUnits;
  for (const lot of wallet.lots) {
    if (owed <= 0) break;
    const units = Math.min(owed, lot.units);
    owed -= units;
    if (lot.purchaseId && units > 0) taken.push([lot.purchaseId, units]);
  }
  return taken;
}

function evolveConsumed(state: RefundableWallet, event: DomainEvent): RefundableWallet['consumed'] {
  if (event.type !== 'AuracoinDebited' || !state.lastSale) return state.consumed;
  const purchased = event.data.purchasedAmount ?? 0;
  let consumed = state.consumed;
  for (const [purchaseId, units] of lotsTaken(state.wallet, purchased)) {
    const bySale = consumed[purchaseId] ?? {};
    consumed = { ...consumed, [purchaseId]: { ...bySale, [state.lastSale]: (bySale[state.lastSale] ?? 0) + units } };
  }
  return consumed;
}

function evolveDisputes(disputes: RefundableWallet['disputes'], event: DomainEvent): RefundableWallet['disputes'] {
  if (event.type === 'WalletFrozen') return { ...disputes, [event.data.disputeId]: 'open' };
  if (event.type === 'WalletUnfrozen') return { ...disputes, [event.data.disputeId]: event.data.outcome };
  return disputes;
}

/** A wallet and its sales, folded together: what a refund and a dispute are decided on. */
export const refundableWallet: Aggregate<RefundableWallet> = {
  initialState: () => ({ wallet: emptyWallet(), sales: {}, consumed: {}, disputes: {} }),
  evolve: (state, event) => {
    const part = walletSaleOf(event);
    return {
      wallet: applyWalletEvent(state.wallet, event),
      sales: evolveSales(state.sales, event),
      // a sale's debit comes right after it
      lastSale: part ? saleKey(part.kind, part.saleId) : undefined,
      consumed: evolveConsumed(state, event),
      disputes: evolveDisputes(state.disputes, event),
    };
  },
};

export const REFUND_MESSAGES = {
  notFound:
    'Vendita non trovata: controlla il tipo e l’id (la sessione, il messaggio a pagamento o l’acquisto della foto)',
  running: 'La sessione è ancora in corso: si può rimborsare quando è finita',
  refundedAlready: 'Questa vendita è già stata rimborsata per intero',
  reason: 'Il motivo del rimborso è obbligatorio',
  amount: 'L’importo del rimborso deve essere positivo, con al massimo due decimali',
  windowClosed: (hours: number) =>
    `Il rimborso è possibile solo entro ${hours} ore dalla vendita: il periodo è scaduto`,
  aboveSale: (leftUnits: number) =>
    `Il rimborso supera quanto resta da rimborsare di questa vendita: al massimo ${unitsToAuracoin(leftUnits).toLocaleString('it-IT')} auracoin`,
} as const;

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
 * unknown sale, a session still running, past the window, nothing left, more than is left.
 * Kinds are given back in the sale's proportion, rounded over the sale's refunds so that all of
 * them together give back exactly what it took of each; her clawback is the share rule of the
 * refunded purchased units, rounded the same way, so a whole refund takes back exactly her share.
 */
export function decideRefund(command: Refund, state: RefundableWallet, now: Date): DomainEvent[] {
  const sale = state.sales[saleKey(command.kind, command.saleId)];
  if (!sale) throw new DomainError('not_found', REFUND_MESSAGES.notFound);
  if (command.reason.trim() === '') throw new DomainError('validation_failed', REFUND_MESSAGES.reason);
  // Stryker disable next-line ConditionalExpression: a hold is named by its session's id; no photo's or message's id names one
  if (command.kind === 'session' && state.wallet.holds[command.saleId])
    throw new DomainError('conflict', REFUND_MESSAGES.running);
  if (now.getTime() - sale.at > command.windowHours * 3_600_000)
    throw new DomainError('refund_window_closed', REFUND_MESSAGES.windowClosed(command.windowHours));
  const left = sale.grossUnits - sale.refundedUnits;
  if (left <= 0) throw new DomainError('conflict', REFUND_MESSAGES.refundedAlready);
  const amount = command.amountUnits ?? left;
  if (!Number.isInteger(amount) || amount <= 0) throw new DomainError('validation_failed', REFUND_MESSAGES.amount);
  if (amount > left) throw new DomainError('validation_failed', REFUND_MESSAGES.aboveSale(left));
  const purchasedAfter = Math.round(((sale.refundedUnits + amount) * sale.purchasedUnits) / sale.grossUnits);
  const purchasedAmount = purchasedAfter - sale.refundedPurchasedUnits;
  const promotionalAmount = amount - purchasedAmount;
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

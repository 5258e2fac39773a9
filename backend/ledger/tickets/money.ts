import type { DomainEvent, EventDataOf } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { Aggregate } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import { applyWalletEvent, emptyWallet, type WalletTotals } from '../wallet/fold';
import { decideHold, decideRelease, decideSpend, onWallet, type PaidWith } from '../wallet/wallet';

/**
 * A ticket show's ticket on the buyer's wallet (docs/architecture.md#money): its price is held
 * (`AuracoinHeld`, hold id = ticket id) from the purchase until the ticketed part is over, then
 * either paid from the hold (`ShowTicketCharged`, the sale that earns her share, and its debit) or
 * given back whole (`ShowTicketRefunded` and the hold's release). Each step is decided on the
 * wallet's latest state with fixed event ids, so the purchase and the settlement serialise on the
 * wallet: once a ticket is settled no hold can be placed for it, and a settled ticket is never
 * settled again.
 */
export interface TicketMoney {
  wallet: WalletTotals;
  /** the ticket's hold was placed (it may be closed since) */
  placed: boolean;
  bought: EventDataOf<'ShowTicketBought'> | null;
  settled: 'charged' | 'refunded' | null;
}

export interface TicketTerms {
  ticketId: string;
  walletId: string;
  showId: string;
  performerId: string;
  priceUnits: number;
}

const HOLD_REASON = 'ticket';

export function ticketMoney(ticketId: string): Aggregate<TicketMoney> {
  return {
    initialState: () => ({ wallet: emptyWallet(), placed: false, bought: null, settled: null }),
    evolve(state, event) {
      const money = { ...state, wallet: applyWalletEvent(state.wallet, event) };
      const data = event.data as { ticketId?: string; holdId?: string };
      if (event.type === 'AuracoinHeld' && data.holdId === ticketId) return { ...money, placed: true };
      if (data.ticketId !== ticketId) return money;
      // only a ticket's own three events carry its ticketId
      if (event.type === 'ShowTicketBought') return { ...money, bought: event.data };
      if (event.type === 'ShowTicketCharged') return { ...money, settled: 'charged' };
      if (event.type === 'ShowTicketRefunded') return { ...money, settled: 'refunded' };
      return money;
    },
  };
}

/** The purchase: the ticket and the hold of its price (nothing when placed already; refused once the ticket was settled). */
export function decideTicketHold(terms: TicketTerms, money: TicketMoney, now: Date): DomainEvent[] {
  if (money.settled) throw new DomainError('ticket_show_closed');
  if (money.placed) return [];
  const hold = decideHold(
    { walletId: terms.walletId, holdId: terms.ticketId, amountUnits: terms.priceUnits, reason: HOLD_REASON },
    money.wallet,
    now,
  );
  return [{ type: 'ShowTicketBought', data: { ...terms, boughtAt: now.toISOString() } }, ...hold];
}

/** The ticketed part ran: the price is paid from the hold (the sale), the emptied hold closed. */
export function decideTicketCharge(terms: TicketTerms, money: TicketMoney, now: Date): DomainEvent[] {
  if (money.settled) return [];
  const hold = money.wallet.holds[terms.ticketId];
  // never held (a purchase refused, or cut short): recorded as given back, so no hold follows
  if (!money.placed || !hold) return decideTicketRefund(terms, money, now);
  const charged = (paid: PaidWith): DomainEvent => ({
    type: 'ShowTicketCharged',
    data: {
      ticketId: terms.ticketId,
      walletId: terms.walletId,
      showId: terms.showId,
      performerId: terms.performerId,
      amountUnits: hold.amount,
      ...paid,
      chargedAt: now.toISOString(),
    },
  });
  const paid = decideSpend(
    {
      walletId: terms.walletId,
      amountUnits: hold.amount,
      purchase: charged,
      reason: HOLD_REASON,
      reference: terms.ticketId,
      holdId: terms.ticketId,
    },
    money.wallet,
    now,
  );
  const after = paid.reduce(applyWalletEvent, money.wallet);
  return [...paid, ...decideRelease(terms.walletId, terms.ticketId, after, now)];
}

/** Cancelled, or over too soon: the whole hold goes back (a ticket never held is recorded as refunded of nothing). */
export function decideTicketRefund(terms: TicketTerms, money: TicketMoney, now: Date): DomainEvent[] {
  if (money.settled) return [];
  const hold = money.wallet.holds[terms.ticketId];
  return [
    {
      type: 'ShowTicketRefunded',
      data: {
        ticketId: terms.ticketId,
        walletId: terms.walletId,
        showId: terms.showId,
        performerId: terms.performerId,
        amountUnits: hold?.amount ?? 0,
        refundedAt: now.toISOString(),
      },
    },
    ...decideRelease(terms.walletId, terms.ticketId, money.wallet, now),
  ];
}

/** Fixed ids of a ticket's wallet events: each is stored once whoever decides it. */
export const ticketWalletEventIds = (ticketId: string, events: readonly DomainEvent[]) =>
  events.map((event) => deterministicId(`ticket:${ticketId}:${event.type}`));

/** A ticket's money on its buyer's wallet: the one way the shows reach it. */
export function ticketWallet(eventStore: EventStore) {
  const decide = (
    terms: TicketTerms,
    decision: (money: TicketMoney) => DomainEvent[],
    metadata?: Record<string, unknown>,
  ) => {
    let ids: string[] = [];
    return onWallet(
      eventStore,
      terms.walletId,
      ticketMoney(terms.ticketId),
      (money) => {
        const events = decision(money);
        ids = ticketWalletEventIds(terms.ticketId, events);
        return events;
      },
      { metadata, eventId: (_event, index) => ids[index]! },
    );
  };
  return {
    /** holds the price (refused: the balance, a frozen wallet, a ticket settled already) */
    hold: (terms: TicketTerms, now: Date, metadata?: Record<string, unknown>) =>
      decide(terms, (money) => decideTicketHold(terms, money, now), metadata),
    /** pays the ticket from its hold (her share follows through the earnings credit) */
    charge: (terms: TicketTerms, now: Date, metadata?: Record<string, unknown>) =>
      decide(terms, (money) => decideTicketCharge(terms, money, now), metadata),
    /** gives the held price back */
    refund: (terms: TicketTerms, now: Date, metadata?: Record<string, unknown>) =>
      decide(terms, (money) => decideTicketRefund(terms, money, now), metadata),
  };
}

export type TicketWallet = ReturnType<typeof ticketWallet>;

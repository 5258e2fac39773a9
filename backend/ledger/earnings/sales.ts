/**
 * Every kind of sale that earns a performer her share, in one place: the event that records the
 * sale (appended on the buyer's wallet right before its debit) and the sale it makes. The earnings
 * credit (./credit.ts) and the ledger audit (../audit/sales.ts) read sales only through `saleOf`,
 * so a new kind of sale is one case here.
 */
import type { DomainEvent, EventDataOf } from '@aura/contracts';
import type { Sale } from './credit';

/** A sale and when it was made. */
export interface DatedSale {
  sale: Sale;
  at: Date;
  /** what the buyer's debit for it names: its reason and reference */
  debit: { reason: string; reference: string };
}

/** How a sale was paid, as its event recorded it (nothing for a sale recorded before the split). */
const paidPart = (data: { purchasedUnits?: number }): Pick<Sale, 'purchasedUnits'> =>
  data.purchasedUnits === undefined ? {} : { purchasedUnits: data.purchasedUnits };

export const photoSale = (purchase: EventDataOf<'PhotoPurchased'>): Sale => ({
  performerId: purchase.performerId,
  source: 'photo',
  sourceId: purchase.purchaseId,
  grossUnits: purchase.priceUnits,
  ...paidPart(purchase),
});

const messageSale = (message: EventDataOf<'MessageSent'>): Sale => ({
  performerId: message.performerId,
  source: 'message',
  sourceId: message.messageId,
  grossUnits: message.priceUnits,
  ...paidPart(message),
});

/** A tip to a public show: one sale, of the tip's amount. */
export const tipSale = (tip: EventDataOf<'ShowTipped'>): Sale => ({
  performerId: tip.performerId,
  source: 'tip',
  sourceId: tip.tipId,
  grossUnits: tip.amountUnits,
  ...paidPart(tip),
});

/** A tip inside a private session: one sale, of the tip's amount, like a show's (never refunded, traced by a dispute). */
const sessionTipSale = (tip: EventDataOf<'SessionTipped'>): Sale => ({
  performerId: tip.performerId,
  source: 'tip',
  sourceId: tip.tipId,
  grossUnits: tip.amountUnits,
  ...paidPart(tip),
});

/** A ticket show's ticket, charged once its ticketed part ran: one sale, of the ticket's price. */
export const ticketSale = (ticket: EventDataOf<'ShowTicketCharged'>): Sale => ({
  performerId: ticket.performerId,
  source: 'ticket',
  sourceId: ticket.ticketId,
  grossUnits: ticket.amountUnits,
  ...paidPart(ticket),
});

/** A session's part: its purchased units before it are its running total's minus its own (a part recorded before the split has none). */
function sessionPaidPart(data: {
  purchasedUnits?: number;
  sessionPurchasedUnits?: number;
}): Pick<Sale, 'purchasedUnits' | 'purchasedBeforeUnits'> {
  if (data.purchasedUnits === undefined) return {};
  return {
    purchasedUnits: data.purchasedUnits,
    purchasedBeforeUnits: Math.max(0, (data.sessionPurchasedUnits ?? data.purchasedUnits) - data.purchasedUnits),
  };
}

/** The event types that record a sale. */
export const SALE_EVENT_TYPES = [
  'PhotoPurchased',
  'MessageSent',
  'SessionMinuteBilled',
  'SessionMinimumCharged',
  'ShowTipped',
  'SessionTipped',
  'ShowTicketCharged',
  'SpyMinuteBilled',
] as const;

/**
 * A spy's minute on her private: a sale of its own (each minute rounds alone), earned as the
 * private's (source 'session', `<sessionId>:spy-<spyId>-minute-<n>`).
 */
export const spyMinuteSale = (billed: EventDataOf<'SpyMinuteBilled'>): Sale => ({
  performerId: billed.performerId,
  source: 'session',
  sourceId: `${billed.sessionId}:spy-${billed.spyId}-minute-${billed.minute}`,
  grossUnits: billed.amount,
  ...paidPart(billed),
});

/** A session's minute or the rest of its minimum: one part of the session's sale. */
export function sessionPartSale(
  event:
    | { type: 'SessionMinuteBilled'; data: EventDataOf<'SessionMinuteBilled'> }
    | { type: 'SessionMinimumCharged'; data: EventDataOf<'SessionMinimumCharged'> },
): Sale {
  const { sessionId, performerId, amount, sessionCostUnits } = event.data;
  const part = event.type === 'SessionMinuteBilled' ? `minute-${event.data.minute}` : 'minimum';
  return {
    performerId,
    source: 'session',
    sourceId: `${sessionId}:${part}`,
    grossUnits: amount,
    grossBeforeUnits: sessionCostUnits - amount,
    ...sessionPaidPart(event.data),
  };
}

/**
 * The sale an event records, or undefined (a free message, any other event). A session is one
 * sale billed in parts (each minute, the rest of a minimum), rounded once over its running total
 * (of purchased units: the share is earned on them only).
 */
export function saleOf(event: DomainEvent): DatedSale | undefined {
  switch (event.type) {
    case 'PhotoPurchased':
      return {
        sale: photoSale(event.data),
        at: new Date(event.data.purchasedAt),
        debit: { reason: 'photo', reference: event.data.photoId },
      };
    case 'MessageSent':
      if (event.data.priceUnits <= 0) return undefined;
      return {
        sale: messageSale(event.data),
        at: new Date(event.data.sentAt),
        debit: { reason: 'message', reference: event.data.messageId },
      };
    case 'ShowTipped':
      return {
        sale: tipSale(event.data),
        at: new Date(event.data.tippedAt),
        debit: { reason: 'tip', reference: event.data.tipId },
      };
    case 'SessionTipped':
      return {
        sale: sessionTipSale(event.data),
        at: new Date(event.data.tippedAt),
        debit: { reason: 'tip', reference: event.data.tipId },
      };
    case 'ShowTicketCharged':
      return {
        sale: ticketSale(event.data),
        at: new Date(event.data.chargedAt),
        debit: { reason: 'ticket', reference: event.data.ticketId },
      };
    case 'SpyMinuteBilled':
      return {
        sale: spyMinuteSale(event.data),
        at: new Date(event.data.billedAt),
        debit: { reason: 'spy', reference: event.data.spyId },
      };
    case 'SessionMinuteBilled':
    case 'SessionMinimumCharged': {
      const at = event.type === 'SessionMinuteBilled' ? event.data.billedAt : event.data.chargedAt;
      return {
        sale: sessionPartSale(event),
        at: new Date(at),
        debit: { reason: 'session', reference: event.data.sessionId },
      };
    }
    default:
      return undefined;
  }
}

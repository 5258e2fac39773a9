import { streams, type DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { createInMemoryEventStore } from '../../test/doubles/in-memory-event-store';
import { runLedgerAudit } from '../audit/run-audit';
import { earningsCreditReaction } from '../earnings/reaction';
import type { RecordedEvent } from '../../platform/recorded-event';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { decideTicketCharge, decideTicketHold, decideTicketRefund, ticketMoney, ticketWallet } from './money';

const at = new Date('2026-11-30T20:00:00.000Z');
const iso = at.toISOString();
const walletId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const showId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const ticketId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const purchaseId = '7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const terms = { ticketId, walletId, showId, performerId, priceUnits: 2000 };

const spec = deciderSpec(ticketMoney(ticketId));
const welcome = (amount: number): DomainEvent => ({
  type: 'AuracoinCredited',
  data: { walletId, amount, reason: 'welcome', creditedAt: iso },
});
const bought: DomainEvent = { type: 'ShowTicketBought', data: { ...terms, boughtAt: iso } };
const held: DomainEvent = {
  type: 'AuracoinHeld',
  data: {
    walletId,
    holdId: ticketId,
    amount: 2000,
    reason: 'ticket',
    purchasedAmount: 0,
    promotionalAmount: 2000,
    heldAt: iso,
  },
};
const refunded = (amountUnits: number): DomainEvent => ({
  type: 'ShowTicketRefunded',
  data: { ticketId, walletId, showId, performerId, amountUnits, refundedAt: iso },
});
const released = (amount: number, promotionalAmount = amount): DomainEvent => ({
  type: 'AuracoinReleased',
  data: { walletId, holdId: ticketId, amount, purchasedAmount: 0, promotionalAmount, releasedAt: iso },
});

describe("a ticket's money on his wallet", () => {
  it('the purchase holds its price until the ticketed part ends', () =>
    spec
      .given([welcome(5000)])
      .when((m) => decideTicketHold(terms, m, at))
      .then([bought, held]));
  it('too little available balance is the usual refusal', () => {
    spec
      .given([welcome(1999)])
      .when((m) => decideTicketHold(terms, m, at))
      .thenThrows('insufficient_balance');
  });
  it('holds once (its key repeated), and never after the ticket was settled', () => {
    spec
      .given([welcome(5000), bought, held])
      .when((m) => decideTicketHold(terms, m, at))
      .then([]);
    spec
      .given([welcome(5000), refunded(0)])
      .when((m) => decideTicketHold(terms, m, at))
      .thenThrows('ticket_show_closed');
  });
  it('a completed ticketed part pays it from the hold: the sale, its debit, the emptied hold closed', () =>
    spec
      .given([welcome(5000), bought, held])
      .when((m) => decideTicketCharge(terms, m, at))
      .then([
        {
          type: 'ShowTicketCharged',
          data: {
            ticketId,
            walletId,
            showId,
            performerId,
            amountUnits: 2000,
            purchasedUnits: 0,
            promotionalUnits: 2000,
            chargedAt: iso,
          },
        },
        {
          type: 'AuracoinDebited',
          data: {
            walletId,
            amount: 2000,
            reason: 'ticket',
            reference: ticketId,
            holdId: ticketId,
            purchasedAmount: 0,
            promotionalAmount: 2000,
            debitedAt: iso,
          },
        },
        released(0),
      ]));
  it('a cancelled or too short one gives the whole hold back, recorded as a refund', () =>
    spec
      .given([welcome(5000), bought, held])
      .when((m) => decideTicketRefund(terms, m, at))
      .then([refunded(2000), released(2000)]));
  it('a ticket never held is recorded as refunded of nothing (no hold may follow), and settles once', () => {
    spec
      .given([welcome(5000)])
      .when((m) => decideTicketCharge(terms, m, at))
      .then([refunded(0)]);
    spec
      .given([welcome(5000), bought, held, refunded(2000), released(2000)])
      .when((m) => decideTicketCharge(terms, m, at))
      .then([]);
    spec
      .given([welcome(5000), bought, held, refunded(2000), released(2000)])
      .when((m) => decideTicketRefund(terms, m, at))
      .then([]);
  });
});

describe('the ledger audit after ticket sales and refunds', () => {
  it('finds no problem: a ticket paid by card units credited at 55%, one refunded, one never held', async () => {
    const store = createInMemoryEventStore();
    const anna = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
    await store.appendToStream(
      streams.wallet(walletId),
      [
        {
          id: '0b7c4d1e-8f7a-4e63-9a51-000000000001',
          type: 'AuracoinPurchased',
          data: {
            purchaseId,
            walletId,
            packageId: purchaseId,
            credits: 50,
            amount: 5000,
            priceCents: 4000,
            provider: 'sandbox',
            providerPaymentId: 'pi',
            purchasedAt: iso,
          },
        },
        {
          id: '0b7c4d1e-8f7a-4e63-9a51-000000000002',
          type: 'AuracoinCredited',
          data: { walletId, amount: 5000, reason: 'purchase', purchaseId, creditedAt: iso },
        },
      ],
      { expectedRevision: 'any' },
    );
    await store.appendToStream(
      streams.wallet(anna),
      [
        {
          id: '0b7c4d1e-8f7a-4e63-9a51-000000000003',
          type: 'AuracoinCredited',
          data: { walletId: anna, amount: 3000, reason: 'welcome', creditedAt: iso },
        },
      ],
      { expectedRevision: 'any' },
    );
    const wallets = ticketWallet(store);
    const annaTicket = { ...terms, walletId: anna, ticketId: '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f' };
    const neverHeld = { ...terms, walletId: anna, ticketId: '8b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f' };
    await wallets.hold(terms, at);
    await wallets.hold(annaTicket, at);
    await wallets.charge(terms, at);
    await wallets.refund(annaTicket, at);
    await wallets.refund(neverHeld, at);
    // settled again (the reaction after a stop): nothing more
    await wallets.charge(terms, at);
    await wallets.refund(annaTicket, at);
    const credit = earningsCreditReaction('reaction:ticket-earnings', ['ShowTicketCharged'], store);
    for (const event of await store.readAll({ after: 0 }))
      if (event.type === 'ShowTicketCharged')
        await credit.apply(event as unknown as RecordedEvent, undefined as unknown as ReadModelStore);

    const report = await runLedgerAudit(store, { hooks: [], storedReadModels: false });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    const earnings = await store.readStream(`earnings-${performerId}`);
    expect(earnings.map((event) => event.data)).toEqual([
      expect.objectContaining({
        source: 'ticket',
        sourceId: ticketId,
        grossUnits: 2000,
        purchasedUnits: 2000,
        shareCents: 1100,
      }),
    ]);
    const annaWallet = await store.readStream(streams.wallet(anna));
    expect(annaWallet.map((event) => event.type)).toEqual([
      'AuracoinCredited',
      'ShowTicketBought',
      'AuracoinHeld',
      'ShowTicketRefunded',
      'AuracoinReleased',
      'ShowTicketRefunded',
    ]);
  });
});

/**
 * The audit follows each card payment in euros (issue 38 item 2): given a log, the report says what
 * it covered and where the paid euros are; a log where a lost dispute leaves refunded units
 * spendable fails, naming the purchase.
 */
import type { DomainEvent } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import { clawbackOf } from '../refunds/clawback';
import { decideFreeze, decideUnfreeze } from '../refunds/dispute';
import { decideRefund, refundableWallet } from '../refunds/refund';
import { auditLedger } from './audit';
import { cardPaymentsLines } from './card-payments';
import { photoBoughtWithPurchasedUnits } from '../../test/doubles/ledger-events';

const walletId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const purchaseId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const photoId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const photoSaleId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const refundId = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const disputeId = '7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const at = '2026-11-18T10:00:00.000Z';
const now = new Date('2026-11-18T12:00:00.000Z');

/** The log: earnings events on her stream, the others on his wallet (or the stream given with one). */
function log(events: (DomainEvent | [string, DomainEvent])[]): StoredEvent[] {
  const revisions = new Map<string, number>();
  return events.map((entry, index) => {
    const [streamId, event] = Array.isArray(entry)
      ? entry
      : [entry.type.startsWith('PerformerEarnings') ? `earnings-${performerId}` : `wallet-${walletId}`, entry];
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    return {
      id: `e${index}`,
      streamId,
      type: event.type,
      data: event.data,
      revision,
      position: index + 1,
      metadata: {},
      createdAt: new Date(at),
    };
  });
}
const fold = (events: DomainEvent[]) =>
  events
    .filter((event) => !event.type.startsWith('PerformerEarnings'))
    .reduce(refundableWallet.evolve, refundableWallet.initialState());

/** 20 auracoin bought by card for 15 €, 5 welcome coins, then a 10-auracoin photo of hers they pay (her 5,50 € credited). */
const bought: DomainEvent[] = [
  {
    type: 'AuracoinPurchased',
    data: {
      purchaseId,
      walletId,
      packageId: purchaseId,
      credits: 20,
      amount: 2000,
      priceCents: 1500,
      provider: 'sandbox',
      providerPaymentId: 'pi',
      purchasedAt: at,
    },
  },
  { type: 'AuracoinCredited', data: { walletId, amount: 2000, reason: 'purchase', purchaseId, creditedAt: at } },
  { type: 'AuracoinCredited', data: { walletId, amount: 500, reason: 'welcome', creditedAt: at } },
  ...photoBoughtWithPurchasedUnits({ saleId: photoSaleId, walletId, photoId, performerId, units: 1000, at }),
  {
    type: 'PerformerEarningsCredited',
    data: {
      performerId,
      source: 'photo',
      sourceId: photoSaleId,
      grossUnits: 1000,
      purchasedUnits: 1000,
      shareCents: 550,
      creditedAt: at,
    },
  },
];
const refund = (events: DomainEvent[]) => {
  const refunded = decideRefund(
    {
      refundId,
      walletId,
      kind: 'photo',
      saleId: photoSaleId,
      reason: 'Foto sfocata',
      adminId: 'admin-1',
      windowHours: 48,
    },
    fold(events),
    now,
  );
  return [...refunded, clawbackOf(refunded[0]!)!];
};
/** A dispute on the card purchase, opened and lost, by the deciders on the log as given. */
const disputeLost = (events: DomainEvent[]) => {
  const frozen = decideFreeze({ walletId, disputeId, purchaseId }, fold(events), now);
  const lost = decideUnfreeze({ walletId, disputeId, outcome: 'lost' }, fold([...events, ...frozen]), now);
  return [...frozen, ...lost];
};
const audit = (events: (DomainEvent | [string, DomainEvent])[]) => auditLedger(log(events));
const problems = (events: (DomainEvent | [string, DomainEvent])[]) =>
  audit(events).problems.map((problem) => problem.problem);

describe('the audit follows each card payment in euros', () => {
  it('a card payment half spent on her photo: half still in the wallet, half spent (her share and the platform’s part)', () => {
    const { cardPayments, problems: found } = audit(bought);
    expect(found).toEqual([]);
    expect(cardPayments).toEqual({
      refunds: 0,
      disputes: 0,
      lostDisputes: 0,
      cardPayments: 1,
      reconciledCents: 1500,
      euros: {
        paid: 1500,
        inWallets: 750,
        spent: 750,
        performers: 550,
        platform: 200,
        refunded: 0,
        chargedBack: 0,
        removedByAdmins: 0,
      },
    });
    expect(cardPaymentsLines(cardPayments)).toEqual([
      '  refunds: 0, disputes: 0 (lost 0), card payments: 1, euros reconciled: 15,00 €',
      '  card payments: paid 15,00 € = still in wallets 7,50 € + spent 7,50 €' +
        " (performers' shares 5,50 € + platform's part 2,00 €) + refunded 0,00 € + charged back 0,00 €",
    ]);
  });

  it('the photo refunded: its units are back in the wallet as refunded, of the card purchase', () => {
    const events = [...bought, ...refund(bought)];
    const { cardPayments, problems: found } = audit(events);
    expect(found).toEqual([]);
    expect(cardPayments).toMatchObject({
      refunds: 1,
      reconciledCents: 1500,
      euros: { paid: 1500, inWallets: 750, spent: 0, performers: 0, platform: 0, refunded: 750 },
    });
  });

  it('refund, then a lost chargeback: the refunded units are removed too, the whole payment is charged back', () => {
    const refunded = [...bought, ...refund(bought)];
    const events = [...refunded, ...disputeLost(refunded)];
    // the dispute locked and removed all 20 auracoin: the 10 never spent and the 10 the refund gave back
    expect(events.at(-1)).toMatchObject({ type: 'AuracoinDebited', data: { amount: 2000, reason: 'chargeback' } });
    const { cardPayments, problems: found } = audit(events);
    expect(found).toEqual([]);
    expect(cardPayments).toMatchObject({
      refunds: 1,
      disputes: 1,
      lostDisputes: 1,
      cardPayments: 1,
      reconciledCents: 1500,
      euros: { paid: 1500, inWallets: 0, spent: 0, refunded: 0, chargedBack: 1500 },
    });
  });

  /** the refund as it was credited before refunds named their lots: units of no purchase */
  const untiedRefund = () => {
    const [saleRefunded, credited, clawback] = refund(bought) as [DomainEvent, DomainEvent, DomainEvent];
    const { lots: _saleLots, ...saleData } = saleRefunded.data as Record<string, unknown>;
    const { lots: _creditLots, ...creditData } = credited.data as Record<string, unknown>;
    return [
      ...bought,
      { type: 'SaleRefunded', data: saleData } as DomainEvent,
      { type: 'AuracoinCredited', data: creditData } as DomainEvent,
      clawback,
    ];
  };

  it('a refund recorded before refunds named their lots still reconciles while no dispute is lost', () => {
    const { cardPayments, problems: found } = audit(untiedRefund());
    expect(found).toEqual([]);
    // its units are no longer the purchase's: spent, from the purchase's side
    expect(cardPayments.euros).toMatchObject({ paid: 1500, inWallets: 750, spent: 750, refunded: 0 });
  });

  it('fails a log where a lost dispute leaves refunded units spendable (a refund credited without its lots), naming the purchase', () => {
    const refunded = untiedRefund();
    // the deciders, on that wallet, lock and remove only the lot they can see
    const events = [...refunded, ...disputeLost(refunded)];
    expect(events.at(-1)).toMatchObject({ type: 'AuracoinDebited', data: { amount: 1000, reason: 'chargeback' } });
    const { cardPayments, problems: found } = audit(events);
    expect(audit(events).problems).toContainEqual({
      stream: `wallet-${walletId}`,
      revision: 0,
      problem:
        `purchase ${purchaseId}: its dispute was lost (the card money is back with the buyer),` +
        ' but 1000 units of it are left spendable (1000 given back by refunds)',
    });
    expect(found).toHaveLength(1);
    expect(cardPayments).toMatchObject({ lostDisputes: 1, cardPayments: 1, reconciledCents: 0 });
  });

  it('finds a refund credited to other lots than the rule’s: the purchase’s units no longer add up', () => {
    const [saleRefunded, credited, clawback] = refund(bought) as [DomainEvent, DomainEvent, DomainEvent];
    const elsewhere = [{ purchaseId: null, units: 1000 }];
    expect(
      problems([
        ...bought,
        { type: 'SaleRefunded', data: { ...(saleRefunded.data as object), lots: elsewhere } } as DomainEvent,
        { type: 'AuracoinCredited', data: { ...(credited.data as object), lots: elsewhere } } as DomainEvent,
        clawback,
      ]),
    ).toEqual([
      `refund ${refundId} gives back to the lots none:1000; the purchases that paid the sale give ${purchaseId}:1000`,
      `purchase ${purchaseId}: 2000 units paid, 1000 spent, 1000 given back by refunds,` +
        ' 0 charged back and 0 removed by admins leave 2000, but the wallet holds 1000 of it',
    ]);
    // a credit naming other lots than its refund
    expect(
      problems([
        ...bought,
        saleRefunded,
        { type: 'AuracoinCredited', data: { ...(credited.data as object), lots: elsewhere } } as DomainEvent,
        clawback,
      ]),
    ).toContain(
      `${refundId} must be followed by its AuracoinCredited (refund) of 1000 units, 1000 purchased to the lots ${purchaseId}:1000; found AuracoinCredited`,
    );
  });

  it('finds a refund of a sale paid by a purchase whose dispute is open', () => {
    const frozen = decideFreeze({ walletId, disputeId, purchaseId }, fold(bought), now);
    const hold: DomainEvent = {
      type: 'PerformerEarningsHeld',
      data: { performerId, disputeId, shareCents: 550, heldAt: now.toISOString() },
    };
    // the refund as the decider made it before the dispute, written after it
    expect(problems([...bought, ...frozen, hold, ...refund(bought)])).toContain(
      `refund ${refundId} of a sale paid by purchase ${purchaseId}, whose dispute is open`,
    );
  });

  it('an admin’s decrease of purchased units is followed too: removed by admins', () => {
    const decreased: DomainEvent = {
      type: 'AuracoinAdjusted',
      data: {
        walletId,
        amount: -700,
        balanceBefore: 1500,
        balanceAfter: 800,
        adminId: 'admin-1',
        purchasedAmount: -200,
        promotionalAmount: -500,
        adjustedAt: at,
      },
    };
    const { cardPayments, problems: found } = audit([...bought, decreased]);
    expect(found).toEqual([]);
    expect(cardPayments.euros).toMatchObject({ paid: 1500, inWallets: 600, spent: 750, removedByAdmins: 150 });
    expect(cardPaymentsLines(cardPayments)[1]).toMatch(/ \+ removed by admins 1,50 €$/u);
  });

  it('a payment is followed once, by its own wallet’s purchase credits only', () => {
    const otherWallet = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e50';
    // its AuracoinPurchased twice: the first one counts
    expect(audit([bought[0]!, ...bought])).toMatchObject({ cardPayments: { cardPayments: 1, reconciledCents: 1500 } });
    // a credit of another reason naming it, on its wallet; a purchase credit naming it on another wallet
    const named = (reason: string) =>
      ({
        type: 'AuracoinCredited',
        data: { walletId, amount: 100, reason, purchaseId, creditedAt: at },
      }) as DomainEvent;
    expect(problems([...bought, named('welcome')])).toEqual([]);
    const elsewhere: [string, DomainEvent] = [
      `wallet-${otherWallet}`,
      {
        type: 'AuracoinCredited',
        data: { walletId: otherWallet, amount: 100, reason: 'purchase', purchaseId, creditedAt: at },
      },
    ];
    expect(problems([...bought, elsewhere]).filter((text) => text.startsWith(`purchase ${purchaseId}:`))).toEqual([]);
  });

  it('finds a lost dispute that removed less than the purchase had left, and a credit of no payment lost', () => {
    const frozen = decideFreeze({ walletId, disputeId, purchaseId }, fold(bought), now);
    const [unfrozen, chargeback] = decideUnfreeze(
      { walletId, disputeId, outcome: 'lost' },
      fold([...bought, ...frozen]),
      now,
    );
    const hold: DomainEvent = {
      type: 'PerformerEarningsHeld',
      data: { performerId, disputeId, shareCents: 550, heldAt: now.toISOString() },
    };
    const clawback: DomainEvent = {
      type: 'PerformerEarningsClawedBack',
      data: {
        performerId,
        cause: 'dispute',
        causeId: disputeId,
        source: 'photo',
        sourceId: photoSaleId,
        shareCents: 550,
        reason: 'Contestazione del pagamento persa: quota trattenuta ripresa',
        clawedBackAt: now.toISOString(),
      },
    };
    const less = (units: number) => [
      { type: 'WalletUnfrozen', data: { ...(unfrozen!.data as object), removedUnits: units } } as DomainEvent,
      {
        type: 'AuracoinDebited',
        data: { ...(chargeback!.data as object), amount: units, purchasedAmount: units },
      } as DomainEvent,
    ];
    expect(problems([...bought, ...frozen, hold, ...less(600), clawback])).toEqual([
      `purchase ${purchaseId}: its dispute was lost (the card money is back with the buyer), but 400 units of it are left spendable`,
    ]);
    // a purchase credited with no AuracoinPurchased (the wallets' audit names it), disputed and lost: nothing to follow
    expect(() => audit([...bought.slice(1), ...frozen, hold, unfrozen!, chargeback!, clawback])).not.toThrow();
  });

  it('names what a refund recorded against what the rule gives, the lots of none included', () => {
    const [saleRefunded, credited, clawback] = refund(bought) as [DomainEvent, DomainEvent, DomainEvent];
    const with_ = (sale: Record<string, unknown>, credit: Record<string, unknown>) => [
      ...bought,
      { type: 'SaleRefunded', data: { ...(saleRefunded.data as object), ...sale } } as DomainEvent,
      { type: 'AuracoinCredited', data: { ...(credited.data as object), ...credit } } as DomainEvent,
      clawback,
    ];
    const followed = (lots: string) =>
      `${refundId} must be followed by its AuracoinCredited (refund) of 1000 units, 1000 purchased to the lots ${lots}; found AuracoinCredited`;
    // its credit names no lots
    const { lots: _lots, ...untied } = credited.data as Record<string, unknown>;
    expect(
      problems([...bought, saleRefunded, { type: 'AuracoinCredited', data: untied } as DomainEvent, clawback]),
    ).toContain(followed(`${purchaseId}:1000`));
    // the refund names none, its credit some
    expect(problems(with_({ lots: [] }, {}))).toEqual(
      expect.arrayContaining([
        `refund ${refundId} gives back to the lots (none); the purchases that paid the sale give ${purchaseId}:1000`,
        followed('(none)'),
      ]),
    );
    // a refund recorded before refunds named lots, followed by a credit of another amount
    const { lots: _saleLots, ...old } = saleRefunded.data as Record<string, unknown>;
    expect(
      problems([
        ...bought,
        { type: 'SaleRefunded', data: old } as DomainEvent,
        { type: 'AuracoinCredited', data: { ...untied, amount: 900 } } as DomainEvent,
        clawback,
      ]),
    ).toContain(
      `${refundId} must be followed by its AuracoinCredited (refund) of 1000 units, 1000 purchased; found AuracoinCredited`,
    );
    // all of it said promotional: the rule gives back to no lot
    expect(problems(with_({ purchasedAmount: 0, promotionalAmount: 1000 }, {}))).toContain(
      `refund ${refundId} gives back to the lots ${purchaseId}:1000; the purchases that paid the sale give (none)`,
    );
    // part of it given back to a lot of none: the wallet holds less of the purchase than it should
    const split = [
      { purchaseId, units: 600 },
      { purchaseId: null, units: 400 },
    ];
    expect(problems(with_({ lots: split }, { lots: split }))).toContain(
      `purchase ${purchaseId}: 2000 units paid, 1000 spent, 1000 given back by refunds,` +
        ' 0 charged back and 0 removed by admins leave 2000, but the wallet holds 1600 of it',
    );
  });

  it('euros at the purchase’s own price, rounded over a running total: the parts add up to the cent', () => {
    const odd = [
      { ...bought[0]!, data: { ...(bought[0]!.data as object), priceCents: 999 } } as DomainEvent,
      ...bought.slice(1),
    ];
    expect(audit(odd).cardPayments.euros).toMatchObject({ paid: 999, inWallets: 500, spent: 499, platform: -51 });
  });

  it('a purchase never credited is named by the wallets’ audit and not reconciled', () => {
    const { cardPayments } = audit([bought[0]!]);
    expect(cardPayments).toMatchObject({ cardPayments: 1, reconciledCents: 0, euros: { paid: 0 } });
  });
});

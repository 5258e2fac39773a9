/**
 * Card disputes on the wallet (docs/architecture.md#disputes), one rule each: given a wallet's
 * events, when a dispute opens or closes, then what the wallet and her earnings get.
 */
import { performerStreams, streams, type DisputeTraceLine, type DomainEvent } from '@aura/contracts';
import { deterministicId } from '../../platform/ids';
import type { RecordedEvent } from '../../platform/recorded-event';
import { createInMemoryEventStore } from '../../test/doubles/in-memory-event-store';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { foldWallet } from '../wallet/fold';
import { clawbackEventId } from './clawback';
import {
  decideFreeze,
  decideUnfreeze,
  disputeEarnings,
  disputeEarningsReaction,
  freezeForDispute,
  heldShares,
  traceOf,
  unfreezeForDispute,
} from './dispute';
import { refundableWallet } from './refund';

const walletId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const tippedId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e50';
const firstCard = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const secondCard = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e50';
const photoSaleId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const photoId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e50';
const tipId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const disputeId = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const soldAt = '2026-11-18T10:00:00.000Z';
const now = new Date('2026-11-19T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(refundableWallet);
const fold = (events: DomainEvent[]) => events.reduce(refundableWallet.evolve, refundableWallet.initialState());

const cardCredit = (purchaseId: string, amount: number): DomainEvent => ({
  type: 'AuracoinCredited',
  data: { walletId, amount, reason: 'purchase', purchaseId, creditedAt: soldAt },
});
const welcome: DomainEvent = {
  type: 'AuracoinCredited',
  data: { walletId, amount: 500, reason: 'welcome', creditedAt: soldAt },
};
const debit = (amount: number, purchasedAmount: number, reason: string, reference: string): DomainEvent => ({
  type: 'AuracoinDebited',
  data: {
    walletId,
    amount,
    reason,
    reference,
    purchasedAmount,
    promotionalAmount: amount - purchasedAmount,
    debitedAt: soldAt,
  },
});
/** A 6-auracoin photo of hers, paid with purchased units (of the oldest card purchase). */
const photoBought: DomainEvent[] = [
  {
    type: 'PhotoPurchased',
    data: {
      purchaseId: photoSaleId,
      walletId,
      photoId,
      performerId,
      priceUnits: 600,
      purchasedUnits: 600,
      promotionalUnits: 0,
      purchasedAt: soldAt,
    },
  },
  debit(600, 600, 'photo', photoId),
];
/** A 5-auracoin tip to another performer: 4 from the first card purchase's lot, 1 from the second's. */
const tipped: DomainEvent[] = [
  {
    type: 'ShowTipped',
    data: {
      tipId,
      walletId,
      showId: tipId,
      performerId: tippedId,
      identityId: walletId,
      displayName: 'Marco',
      amountUnits: 500,
      message: null,
      menuItemId: null,
      menuItemLabel: null,
      purchasedUnits: 500,
      promotionalUnits: 0,
      tippedAt: soldAt,
    },
  },
  debit(500, 500, 'tip', tipId),
];
/** Two card purchases (10 and 3 auracoin), the welcome coins, the photo and the tip: 2 auracoin of the second purchase are left. */
const spent: DomainEvent[] = [
  cardCredit(firstCard, 1000),
  welcome,
  cardCredit(secondCard, 300),
  ...photoBought,
  ...tipped,
];

const photoLine: DisputeTraceLine = {
  source: 'photo',
  sourceId: photoSaleId,
  performerId,
  units: 600,
  shareCents: 330,
};
const tipFromFirst: DisputeTraceLine = {
  source: 'tip',
  sourceId: tipId,
  performerId: tippedId,
  units: 400,
  shareCents: 220,
};
const frozenFor = (purchaseId: string, lockedUnits: number, trace: DisputeTraceLine[]): DomainEvent => ({
  type: 'WalletFrozen',
  data: { walletId, disputeId, purchaseId, lockedUnits, trace, frozenAt: at },
});
const unfrozen = (outcome: 'won' | 'lost', removedUnits: number): DomainEvent => ({
  type: 'WalletUnfrozen',
  data: { walletId, disputeId, outcome, removedUnits, unfrozenAt: at },
});
const photoRefunded = (amount: number): DomainEvent => ({
  type: 'SaleRefunded',
  data: {
    refundId: disputeId,
    walletId,
    kind: 'photo',
    saleId: photoSaleId,
    performerId,
    amount,
    purchasedAmount: amount,
    promotionalAmount: 0,
    saleGrossUnits: 600,
    salePurchasedUnits: 600,
    refundedBeforeUnits: 0,
    refundedPurchasedBeforeUnits: 0,
    clawbackCents: 0,
    reason: 'Foto sbagliata',
    adminId: 'admin-1',
    refundedAt: soldAt,
  },
});

describe('the dispute trace', () => {
  it('a disputed purchase traces every sale its units paid, oldest purchase first, with her share of that part', () => {
    // given the photo and 4 auracoin of the tip paid from the first card purchase
    const state = fold(spent);
    // when its trace is taken, then each sale it paid, and her share of the units it gave
    expect(traceOf(state, firstCard)).toEqual([photoLine, tipFromFirst]);
    expect(traceOf(state, secondCard)).toEqual([
      { source: 'tip', sourceId: tipId, performerId: tippedId, units: 100, shareCents: 55 },
    ]);
  });

  it('what a refund gave back of a sale is out of the trace', () => {
    // given 2 of the photo's 6 auracoin refunded
    const state = fold([...spent, photoRefunded(200)]);
    // then the photo traces 4 auracoin, her share of them
    expect(traceOf(state, firstCard)).toEqual([{ ...photoLine, units: 400, shareCents: 220 }, tipFromFirst]);
  });

  it('a sale refunded whole leaves the trace', () => {
    expect(traceOf(fold([...spent, photoRefunded(600)]), firstCard)).toEqual([tipFromFirst]);
  });

  it('a purchase whose units paid nothing traces nothing', () => {
    expect(traceOf(fold([cardCredit(firstCard, 1000)]), firstCard)).toEqual([]);
    expect(traceOf(fold(spent), disputeId)).toEqual([]);
  });
});

describe('a dispute opened', () => {
  it('freezes the wallet, locking what is left of the disputed purchase and tracing what it paid', () => {
    spec
      .given(spent)
      .when((state) => decideFreeze({ walletId, disputeId, purchaseId: secondCard }, state, now))
      .then([
        frozenFor(secondCard, 200, [
          { source: 'tip', sourceId: tipId, performerId: tippedId, units: 100, shareCents: 55 },
        ]),
      ]);
  });

  it('a purchase spent whole locks nothing but still traces its sales', () => {
    spec
      .given(spent)
      .when((state) => decideFreeze({ walletId, disputeId, purchaseId: firstCard }, state, now))
      .then([frozenFor(firstCard, 0, [photoLine, tipFromFirst])]);
  });

  it('the same dispute opened again freezes nothing more', () => {
    spec
      .given([...spent, frozenFor(secondCard, 200, [])])
      .when((state) => decideFreeze({ walletId, disputeId, purchaseId: secondCard }, state, now))
      .then([]);
  });
});

describe('a dispute closed', () => {
  const frozen = [...spent, frozenFor(secondCard, 200, [])];

  it('lost, the locked units still in the wallet are removed by a chargeback naming the dispute and the purchase', () => {
    spec
      .given(frozen)
      .when((state) => decideUnfreeze({ walletId, disputeId, outcome: 'lost' }, state, now))
      .then([
        unfrozen('lost', 200),
        {
          type: 'AuracoinDebited',
          data: {
            walletId,
            amount: 200,
            reason: 'chargeback',
            reference: disputeId,
            purchaseId: secondCard,
            purchasedAmount: 200,
            promotionalAmount: 0,
            debitedAt: at,
          },
        },
      ]);
  });

  it('lost, the chargeback takes the locked units from that purchase’s lot and nothing else', () => {
    const [first, second] = decideUnfreeze({ walletId, disputeId, outcome: 'lost' }, fold(frozen), now);
    const after = foldWallet([...frozen, first!, second!]);
    expect(after).toMatchObject({ balance: 500, purchased: 0, promotional: 500, lots: [], frozen: {} });
  });

  it('lost, never more than is left of the purchase when some of it was spent after the freeze', () => {
    // given 1.5 of the 2 locked auracoin gone since (an older hold's debit)
    const given = [...frozen, debit(150, 150, 'session', disputeId)];
    spec
      .given(given)
      .when((state) => decideUnfreeze({ walletId, disputeId, outcome: 'lost' }, state, now))
      .then([
        unfrozen('lost', 50),
        {
          type: 'AuracoinDebited',
          data: {
            walletId,
            amount: 50,
            reason: 'chargeback',
            reference: disputeId,
            purchaseId: secondCard,
            purchasedAmount: 50,
            promotionalAmount: 0,
            debitedAt: at,
          },
        },
      ]);
  });

  it('lost, never more than the balance spends may use (an open hold keeps its part)', () => {
    const held: DomainEvent = {
      type: 'AuracoinHeld',
      data: {
        walletId,
        holdId: disputeId,
        amount: 650,
        reason: 'session',
        purchasedAmount: 150,
        promotionalAmount: 500,
        heldAt: at,
      },
    };
    const [, chargeback] = decideUnfreeze({ walletId, disputeId, outcome: 'lost' }, fold([...frozen, held]), now);
    expect(chargeback).toMatchObject({ type: 'AuracoinDebited', data: { amount: 50 } });
  });

  it('lost, only the disputed purchase’s lot counts, not a later purchase’s', () => {
    const thirdCard = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e51';
    const given = [...frozen, debit(150, 150, 'session', disputeId), cardCredit(thirdCard, 1000)];
    const [, chargeback] = decideUnfreeze({ walletId, disputeId, outcome: 'lost' }, fold(given), now);
    expect(chargeback).toMatchObject({ type: 'AuracoinDebited', data: { amount: 50, purchaseId: secondCard } });
  });

  it('lost with nothing left of the purchase removes nothing', () => {
    spec
      .given([...spent, frozenFor(firstCard, 0, [])])
      .when((state) => decideUnfreeze({ walletId, disputeId, outcome: 'lost' }, state, now))
      .then([unfrozen('lost', 0)]);
  });

  it('won, the wallet is unfrozen and nothing is taken', () => {
    spec
      .given(frozen)
      .when((state) => decideUnfreeze({ walletId, disputeId, outcome: 'won' }, state, now))
      .then([unfrozen('won', 0)]);
  });

  it('a close before the dispute opened, or a second close, changes nothing', () => {
    spec
      .given(spent)
      .when((state) => decideUnfreeze({ walletId, disputeId, outcome: 'lost' }, state, now))
      .then([]);
    spec
      .given([...frozen, unfrozen('won', 0)])
      .when((state) => decideUnfreeze({ walletId, disputeId, outcome: 'lost' }, state, now))
      .then([]);
  });
});

describe('her earnings in a dispute', () => {
  const trace: DisputeTraceLine[] = [
    photoLine,
    { ...photoLine, source: 'message', sourceId: tipId, units: 100, shareCents: 55 },
    tipFromFirst,
    { ...tipFromFirst, units: 1, shareCents: 0 },
  ];

  it('the shares held are added up per performer', () => {
    expect([...heldShares(trace)]).toEqual([
      [performerId, 385],
      [tippedId, 220],
    ]);
  });

  it('a freeze holds each traced performer’s share on her earnings', () => {
    expect(disputeEarnings(frozenFor(firstCard, 0, trace), trace)).toEqual([
      {
        performerId,
        id: deterministicId(`dispute-hold:${disputeId}:${performerId}`),
        event: { type: 'PerformerEarningsHeld', data: { performerId, disputeId, shareCents: 385, heldAt: at } },
      },
      {
        performerId: tippedId,
        id: deterministicId(`dispute-hold:${disputeId}:${tippedId}`),
        event: {
          type: 'PerformerEarningsHeld',
          data: { performerId: tippedId, disputeId, shareCents: 220, heldAt: at },
        },
      },
    ]);
  });

  it('a dispute won releases what was held', () => {
    expect(disputeEarnings(unfrozen('won', 0), [tipFromFirst])).toEqual([
      {
        performerId: tippedId,
        id: deterministicId(`dispute-release:${disputeId}:${tippedId}`),
        event: {
          type: 'PerformerEarningsReleased',
          data: { performerId: tippedId, disputeId, shareCents: 220, releasedAt: at },
        },
      },
    ]);
  });

  it('a dispute lost takes her held share back, once per performer, naming her first traced sale', () => {
    expect(disputeEarnings(unfrozen('lost', 0), trace)).toEqual([
      {
        performerId,
        id: clawbackEventId(disputeId, performerId),
        event: {
          type: 'PerformerEarningsClawedBack',
          data: {
            performerId,
            cause: 'dispute',
            causeId: disputeId,
            source: 'photo',
            sourceId: photoSaleId,
            shareCents: 385,
            reason: 'Contestazione del pagamento persa: quota trattenuta ripresa',
            clawedBackAt: at,
          },
        },
      },
      {
        performerId: tippedId,
        id: clawbackEventId(disputeId, tippedId),
        event: {
          type: 'PerformerEarningsClawedBack',
          data: {
            performerId: tippedId,
            cause: 'dispute',
            causeId: disputeId,
            source: 'tip',
            sourceId: tipId,
            shareCents: 220,
            reason: 'Contestazione del pagamento persa: quota trattenuta ripresa',
            clawedBackAt: at,
          },
        },
      },
    ]);
  });

  it('a performer whose traced share rounds to nothing gets no earnings event', () => {
    expect(
      disputeEarnings(frozenFor(firstCard, 0, [{ ...tipFromFirst, units: 1, shareCents: 0 }]), [
        { ...tipFromFirst, units: 1, shareCents: 0 },
      ]),
    ).toEqual([]);
  });

  it('no other wallet event makes earnings events', () => {
    expect(disputeEarnings(welcome, trace)).toEqual([]);
  });
});

describe('disputes on an event store', () => {
  const nowFn = () => now;
  const given = async (events: DomainEvent[]) => {
    const store = createInMemoryEventStore();
    await store.appendToStream(
      streams.wallet(walletId),
      events.map((event, index) => ({ id: deterministicId(`given:${index}`), ...event, metadata: {} })),
      { expectedRevision: 'any' },
    );
    return store;
  };
  const recordedOn = async (store: ReturnType<typeof createInMemoryEventStore>, type: string) =>
    (await store.readStream(streams.wallet(walletId)))
      .filter((event) => event.type === type)
      .map((event) => event as RecordedEvent);
  const earningsOf = async (store: ReturnType<typeof createInMemoryEventStore>, performer: string) =>
    (await store.readStream(performerStreams.earnings(performer))).map((event) => ({
      id: event.id,
      type: event.type,
      shareCents: (event.data as { shareCents: number }).shareCents,
      cause: event.metadata?.causationId,
    }));

  it('a webhook delivered twice freezes and unfreezes the wallet once each', async () => {
    // given the wallet that spent both card purchases
    const store = await given(spent);
    // when the dispute on the second opens twice and is lost twice
    await freezeForDispute(store, { walletId, disputeId, purchaseId: secondCard }, nowFn, { by: 'webhook' });
    await freezeForDispute(store, { walletId, disputeId, purchaseId: secondCard }, nowFn, { by: 'webhook' });
    await unfreezeForDispute(store, { walletId, disputeId, outcome: 'lost' }, nowFn, { by: 'webhook' });
    await unfreezeForDispute(store, { walletId, disputeId, outcome: 'lost' }, nowFn, { by: 'webhook' });
    // then one freeze, one unfreeze and one chargeback, with fixed ids
    const events = (await store.readStream(streams.wallet(walletId))).slice(spent.length);
    expect(events.map((event) => [event.type, event.id])).toEqual([
      ['WalletFrozen', deterministicId(`dispute-freeze:${disputeId}:WalletFrozen:0`)],
      ['WalletUnfrozen', deterministicId(`dispute-unfreeze:${disputeId}:WalletUnfrozen:0`)],
      ['AuracoinDebited', deterministicId(`dispute-unfreeze:${disputeId}:AuracoinDebited:1`)],
    ]);
    expect(events[0]!.metadata).toMatchObject({ by: 'webhook' });
    expect(foldWallet(await store.readStream(streams.wallet(walletId)))).toMatchObject({ balance: 500, frozen: {} });
  });

  it('the earnings reaction holds her share at the freeze and takes it back, once, when the dispute is lost', async () => {
    const store = await given(spent);
    const reaction = disputeEarningsReaction(store);
    await freezeForDispute(store, { walletId, disputeId, purchaseId: firstCard }, nowFn, {});
    const [frozenEvent] = await recordedOn(store, 'WalletFrozen');
    await reaction.apply(frozenEvent!, undefined as never);
    await reaction.apply(frozenEvent!, undefined as never);
    await unfreezeForDispute(store, { walletId, disputeId, outcome: 'lost' }, nowFn, {});
    const [unfrozenEvent] = await recordedOn(store, 'WalletUnfrozen');
    await reaction.apply(unfrozenEvent!, undefined as never);
    await reaction.apply(unfrozenEvent!, undefined as never);
    expect(await earningsOf(store, performerId)).toEqual([
      {
        id: deterministicId(`dispute-hold:${disputeId}:${performerId}`),
        type: 'PerformerEarningsHeld',
        shareCents: 330,
        cause: frozenEvent!.id,
      },
      {
        id: clawbackEventId(disputeId, performerId),
        type: 'PerformerEarningsClawedBack',
        shareCents: 330,
        cause: unfrozenEvent!.id,
      },
    ]);
    expect(await earningsOf(store, tippedId)).toHaveLength(2);
    expect(reaction).toMatchObject({
      name: 'reaction:dispute-earnings',
      collections: [],
      eventTypes: ['WalletFrozen', 'WalletUnfrozen'],
    });
  });

  it('the earnings reaction releases her share when the dispute is won', async () => {
    const store = await given(spent);
    const reaction = disputeEarningsReaction(store);
    await freezeForDispute(store, { walletId, disputeId, purchaseId: secondCard }, nowFn, {});
    await unfreezeForDispute(store, { walletId, disputeId, outcome: 'won' }, nowFn, {});
    for (const event of [...(await recordedOn(store, 'WalletFrozen')), ...(await recordedOn(store, 'WalletUnfrozen'))])
      await reaction.apply(event, undefined as never);
    expect((await earningsOf(store, tippedId)).map(({ type, shareCents }) => [type, shareCents])).toEqual([
      ['PerformerEarningsHeld', 55],
      ['PerformerEarningsReleased', 55],
    ]);
  });

  it('an unfreeze takes the trace its own dispute’s freeze recorded, not another dispute’s', async () => {
    const otherDispute = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e50';
    const store = await given(spent);
    const reaction = disputeEarningsReaction(store);
    await freezeForDispute(store, { walletId, disputeId: otherDispute, purchaseId: firstCard }, nowFn, {});
    await freezeForDispute(store, { walletId, disputeId, purchaseId: secondCard }, nowFn, {});
    await unfreezeForDispute(store, { walletId, disputeId, outcome: 'lost' }, nowFn, {});
    const [unfrozenEvent] = await recordedOn(store, 'WalletUnfrozen');
    await reaction.apply(unfrozenEvent!, undefined as never);
    expect(await earningsOf(store, performerId)).toEqual([]);
    expect((await earningsOf(store, tippedId)).map(({ type, shareCents }) => [type, shareCents])).toEqual([
      ['PerformerEarningsClawedBack', 55],
    ]);
  });

  it('the earnings reaction ignores any other event, and an unfreeze whose freeze it cannot find makes nothing', async () => {
    const store = await given([...spent, unfrozen('lost', 0)]);
    const reaction = disputeEarningsReaction(store);
    const [credit] = await recordedOn(store, 'AuracoinCredited');
    const [orphan] = await recordedOn(store, 'WalletUnfrozen');
    await reaction.apply(credit!, undefined as never);
    await reaction.apply(orphan!, undefined as never);
    expect(await earningsOf(store, performerId)).toEqual([]);
    expect(await earningsOf(store, tippedId)).toEqual([]);
    expect(await store.readStream(performerStreams.earnings(String(undefined)))).toEqual([]);
  });
});

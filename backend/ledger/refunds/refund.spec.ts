import { errorMessages, performerStreams, type DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { foldWallet } from '../wallet/fold';
import type { RecordedEvent } from '../../platform/recorded-event';
import { createInMemoryEventStore } from '../../test/doubles/in-memory-event-store';
import { clawbackEventId, clawbackOf, clawbackReaction } from './clawback';
import { decideFreeze, decideUnfreeze, freezeForDispute } from './dispute';
import { decideRefund, refundableWallet, refundLots, refundSale, type Refund } from './refund';

const walletId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const purchaseId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const photoId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const sessionId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const refundId = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
/** the card purchase that paid the photo's purchased units, and a later one */
const cardId = '7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const laterCardId = '7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e50';
const disputeId = '8b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const soldAt = '2026-11-18T10:00:00.000Z';
const now = new Date('2026-11-19T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(refundableWallet);
const fold = (events: DomainEvent[]) => events.reduce(refundableWallet.evolve, refundableWallet.initialState());

const credited = (amount: number, reason: 'purchase' | 'welcome', card = cardId): DomainEvent => ({
  type: 'AuracoinCredited',
  data: { walletId, amount, reason, ...(reason === 'purchase' ? { purchaseId: card } : {}), creditedAt: soldAt },
});
/** A 10-auracoin photo paid with 4 purchased and 6 promotional auracoin. */
const photoBought: DomainEvent[] = [
  credited(400, 'purchase'),
  credited(1000, 'welcome'),
  {
    type: 'PhotoPurchased',
    data: {
      purchaseId,
      walletId,
      photoId,
      performerId,
      priceUnits: 1000,
      purchasedUnits: 400,
      promotionalUnits: 600,
      purchasedAt: soldAt,
    },
  },
  {
    type: 'AuracoinDebited',
    data: {
      walletId,
      amount: 1000,
      reason: 'photo',
      reference: photoId,
      purchasedAmount: 400,
      promotionalAmount: 600,
      debitedAt: soldAt,
    },
  },
];
const refundOf = (overrides: Partial<Refund> = {}): Refund => ({
  refundId,
  walletId,
  kind: 'photo',
  saleId: purchaseId,
  reason: 'Foto sbagliata',
  adminId: 'admin-1',
  windowHours: 48,
  ...overrides,
});
const refunded = (
  amount: number,
  purchased: number,
  before = { units: 0, purchased: 0 },
  clawbackCents: number,
  lots: { purchaseId: string | null; units: number }[] = purchased > 0
    ? [{ purchaseId: cardId, units: purchased }]
    : [],
): DomainEvent[] => [
  {
    type: 'SaleRefunded',
    data: {
      refundId,
      walletId,
      kind: 'photo',
      saleId: purchaseId,
      performerId,
      amount,
      purchasedAmount: purchased,
      promotionalAmount: amount - purchased,
      lots,
      saleGrossUnits: 1000,
      salePurchasedUnits: 400,
      refundedBeforeUnits: before.units,
      refundedPurchasedBeforeUnits: before.purchased,
      clawbackCents,
      reason: 'Foto sbagliata',
      adminId: 'admin-1',
      refundedAt: at,
    },
  },
  {
    type: 'AuracoinCredited',
    data: {
      walletId,
      amount,
      reason: 'refund',
      reference: refundId,
      purchasedAmount: purchased,
      promotionalAmount: amount - purchased,
      lots,
      creditedAt: at,
    },
  },
];

describe('refund decider', () => {
  it('given a photo sale, a whole refund gives back each kind as it was paid and takes back her whole share', () => {
    spec
      .given(photoBought)
      .when((state) => decideRefund(refundOf(), state, now))
      .then(refunded(1000, 400, undefined, 220));
    const after = foldWallet([...photoBought, ...refunded(1000, 400, undefined, 220)]);
    expect(after).toMatchObject({ balance: 1400, purchased: 400, promotional: 1000 });
  });

  it('partial refunds keep the sale’s proportion, rounded over all of them, and together give back exactly the sale and her share', () => {
    const first = refunded(333, 133, undefined, 73);
    spec
      .given(photoBought)
      .when((state) => decideRefund(refundOf({ amountUnits: 333 }), state, now))
      .then(first);
    const second = refunded(667, 267, { units: 333, purchased: 133 }, 147);
    spec
      .given([...photoBought, ...first])
      .when((state) => decideRefund(refundOf({ amountUnits: 667 }), state, now))
      .then(second);
    // 73 + 147 = 220, her whole share of the 400 purchased units
    spec
      .given([...photoBought, ...first, ...second])
      .when((state) => decideRefund(refundOf(), state, now))
      .thenThrows('refunded_already');
  });

  it('refuses more than is left, an unknown sale, a missing reason, a bad amount and a refund past the window', () => {
    const first = refunded(600, 240, undefined, 132);
    spec
      .given([...photoBought, ...first])
      .when((state) => decideRefund(refundOf({ amountUnits: 401 }), state, now))
      .thenThrows('refund_above_sale');
    spec
      .given(photoBought)
      .when((state) => decideRefund(refundOf({ saleId: refundId }), state, now))
      .thenThrows('sale_not_found');
    spec
      .given(photoBought)
      .when((state) => decideRefund(refundOf({ kind: 'message' }), state, now))
      .thenThrows('sale_not_found');
    spec
      .given(photoBought)
      .when((state) => decideRefund(refundOf({ reason: '  ' }), state, now))
      .thenThrows('refund_reason_required');
    spec
      .given(photoBought)
      .when((state) => decideRefund(refundOf({ amountUnits: 0 }), state, now))
      .thenThrows('validation_failed');
    const late = new Date(Date.parse(soldAt) + 48 * 3_600_000 + 1);
    spec
      .given(photoBought)
      .when((state) => decideRefund(refundOf(), state, late))
      .thenThrows('refund_window_closed');
    // exactly at the window's end it is still refundable
    expect(decideRefund(refundOf(), fold(photoBought), new Date(Date.parse(soldAt) + 48 * 3_600_000))).toHaveLength(2);
  });

  it('a session is one sale of its parts, refunded only once it is over', () => {
    const minute = (n: number, purchased: number): DomainEvent[] => [
      {
        type: 'SessionMinuteBilled',
        data: {
          sessionId,
          walletId,
          performerId,
          minute: n,
          amount: 150,
          minuteStartedAt: soldAt,
          sessionCostUnits: 150 * n,
          lastMinute: false,
          purchasedUnits: purchased,
          promotionalUnits: 150 - purchased,
          sessionPurchasedUnits: 150 * (n - 1) + purchased,
          billedAt: soldAt,
        },
      },
      {
        type: 'AuracoinDebited',
        data: {
          walletId,
          amount: 150,
          reason: 'session',
          reference: sessionId,
          holdId: sessionId,
          purchasedAmount: purchased,
          promotionalAmount: 150 - purchased,
          debitedAt: soldAt,
        },
      },
    ];
    const held: DomainEvent = {
      type: 'AuracoinHeld',
      data: {
        walletId,
        holdId: sessionId,
        amount: 300,
        reason: 'session',
        purchasedAmount: 300,
        promotionalAmount: 0,
        heldAt: soldAt,
      },
    };
    const released: DomainEvent = {
      type: 'AuracoinReleased',
      data: { walletId, holdId: sessionId, amount: 0, purchasedAmount: 0, promotionalAmount: 0, releasedAt: soldAt },
    };
    const given = [credited(300, 'purchase'), held, ...minute(1, 150), ...minute(2, 150)];
    const command = refundOf({ kind: 'session', saleId: sessionId });
    spec
      .given(given)
      .when((state) => decideRefund(command, state, now))
      .thenThrows('refund_session_running');
    const events = decideRefund(command, fold([...given, released]), now);
    // 300 units, all purchased: her share 165 cents, as the two minutes credited 82 + 83
    expect(events[0]).toMatchObject({
      type: 'SaleRefunded',
      data: { kind: 'session', saleId: sessionId, amount: 300, purchasedAmount: 300, clawbackCents: 165 },
    });
  });

  it('a refund takes back her share on her earnings; a refund of promotional units only takes nothing', () => {
    expect(clawbackOf(refunded(1000, 400, undefined, 220)[0]!)).toEqual({
      type: 'PerformerEarningsClawedBack',
      data: {
        performerId,
        cause: 'refund',
        causeId: refundId,
        source: 'photo',
        sourceId: purchaseId,
        shareCents: 220,
        reason: 'Foto sbagliata',
        clawedBackAt: at,
      },
    });
    expect(clawbackOf(refunded(100, 0, undefined, 0)[0]!)).toBeUndefined();
  });
});

describe('refunded units keep their origin (issue 38 item 1)', () => {
  const freeze = (events: DomainEvent[], card = cardId) =>
    decideFreeze({ walletId, disputeId, purchaseId: card }, fold(events), now);
  const close = (events: DomainEvent[], outcome: 'won' | 'lost') =>
    decideUnfreeze({ walletId, disputeId, outcome }, fold(events), now);

  it('given a refund of a sale paid by a card purchase, its units go back to that purchase’s lot', () => {
    const after = foldWallet([...photoBought, ...refunded(1000, 400, undefined, 220)]);
    expect(after.lots).toEqual([{ purchaseId: cardId, units: 400, refunded: true }]);
  });

  it('a dispute on that purchase then locks the refunded units, and lost removes them all: nothing of it is left', () => {
    const given = [...photoBought, ...refunded(1000, 400, undefined, 220)];
    const frozen = freeze(given);
    // the refunded part is back in the wallet: locked, not traced (her share was taken back by the refund)
    expect(frozen).toMatchObject([{ type: 'WalletFrozen', data: { lockedUnits: 400, trace: [] } }]);
    const lost = close([...given, ...frozen], 'lost');
    expect(lost[1]).toMatchObject({ type: 'AuracoinDebited', data: { amount: 400, purchaseId: cardId } });
    expect(foldWallet([...given, ...frozen, ...lost])).toMatchObject({ balance: 1000, purchased: 0, lots: [] });
  });

  it('a refund of part of a sale traces the rest: the dispute locks what came back and holds her share of what did not', () => {
    const given = [...photoBought, ...refunded(500, 200, undefined, 110)];
    expect(freeze(given)).toMatchObject([
      {
        type: 'WalletFrozen',
        data: { lockedUnits: 200, trace: [{ source: 'photo', sourceId: purchaseId, units: 200, shareCents: 110 }] },
      },
    ]);
  });

  it('a sale paid by two purchases gives back the oldest purchase’s units first, each refund what is left of them', () => {
    // 3 purchased auracoin of the first card, 2 of the second (and 5 promotional)
    const twoCards = [credited(300, 'purchase'), credited(100, 'purchase', laterCardId), ...photoBought.slice(1)];
    const first = decideRefund(refundOf({ amountUnits: 500 }), fold(twoCards), now);
    expect(first[0]).toMatchObject({ data: { purchasedAmount: 200, lots: [{ purchaseId: cardId, units: 200 }] } });
    expect(first[1]).toMatchObject({ data: { lots: [{ purchaseId: cardId, units: 200 }] } });
    // a dispute on the first card now traces what is left of its part of the sale (3 − 2 auracoin)
    expect(decideFreeze({ walletId, disputeId, purchaseId: cardId }, fold([...twoCards, ...first]), now)).toMatchObject(
      [{ data: { lockedUnits: 200, trace: [{ units: 100, shareCents: 55 }] } }],
    );
    const second = decideRefund(refundOf(), fold([...twoCards, ...first]), now);
    expect(second[0]).toMatchObject({
      data: {
        purchasedAmount: 200,
        lots: [
          { purchaseId: cardId, units: 100 },
          { purchaseId: laterCardId, units: 100 },
        ],
      },
    });
    expect(foldWallet([...twoCards, ...first, ...second]).lots).toEqual([
      { purchaseId: cardId, units: 200, refunded: true },
      { purchaseId: cardId, units: 100, refunded: true },
      { purchaseId: laterCardId, units: 100, refunded: true },
    ]);
    // a dispute on the first card locks both of its lots; lost, it removes both
    const events = [...twoCards, ...first, ...second];
    const frozen = freeze(events);
    expect(frozen).toMatchObject([{ data: { lockedUnits: 300 } }]);
    const lost = close([...events, ...frozen], 'lost');
    expect(foldWallet([...events, ...frozen, ...lost]).lots).toEqual([
      { purchaseId: laterCardId, units: 100, refunded: true },
    ]);
  });

  it('promotional units come back promotional, of no purchase; units of no purchase come back of none', () => {
    const promotionalOnly = refundLots(fold(photoBought), `photo:${purchaseId}`, 0);
    expect(promotionalOnly).toEqual([]);
    // a sale whose purchased units no card purchase lot paid (a credit naming none)
    const noCard: DomainEvent = {
      type: 'AuracoinCredited',
      data: { walletId, amount: 400, reason: 'purchase', creditedAt: soldAt },
    };
    // what no purchase paid is traced to none, and given back to none
    expect(fold([noCard, ...photoBought.slice(1)]).consumed).toEqual({});
    const events = decideRefund(refundOf(), fold([noCard, ...photoBought.slice(1)]), now);
    expect(fold([noCard, ...photoBought.slice(1), ...events]).returned).toEqual({});
    expect(events[1]).toMatchObject({
      data: { purchasedAmount: 400, promotionalAmount: 600, lots: [{ purchaseId: null, units: 400 }] },
    });
    expect(foldWallet([noCard, ...photoBought.slice(1), ...events])).toMatchObject({
      purchased: 400,
      promotional: 1000,
      lots: [{ purchaseId: null, units: 400, refunded: true }],
    });
  });

  it('refuses (409 sale_disputed) a sale paid by a purchase whose dispute is open or lost; won, it is refunded', () => {
    const frozen = freeze(photoBought);
    spec
      .given([...photoBought, ...frozen])
      .when((state) => decideRefund(refundOf(), state, now))
      .thenThrows('sale_disputed');
    const lost = close([...photoBought, ...frozen], 'lost');
    spec
      .given([...photoBought, ...frozen, ...lost])
      .when((state) => decideRefund(refundOf({ amountUnits: 100 }), state, now))
      .thenThrows('sale_disputed');
    const won = close([...photoBought, ...frozen], 'won');
    expect(decideRefund(refundOf(), fold([...photoBought, ...frozen, ...won]), now)).toHaveLength(2);
    // a dispute on another purchase does not stop it, even one that paid another sale of the wallet
    const other = freeze(photoBought, laterCardId);
    expect(decideRefund(refundOf(), fold([...photoBought, ...other]), now)).toHaveLength(2);
    const otherSale: DomainEvent[] = [
      credited(200, 'purchase', laterCardId),
      {
        type: 'PhotoPurchased',
        data: {
          ...(photoBought[2]!.data as object),
          purchaseId: refundId,
          priceUnits: 200,
          purchasedUnits: 200,
          promotionalUnits: 0,
        },
      } as DomainEvent,
      {
        type: 'AuracoinDebited',
        data: { ...(photoBought[3]!.data as object), amount: 200, purchasedAmount: 200, promotionalAmount: 0 },
      } as DomainEvent,
    ];
    const bothPaid = [...photoBought, ...otherSale];
    expect(fold(bothPaid).consumed).toEqual({
      [cardId]: { [`photo:${purchaseId}`]: 400 },
      [laterCardId]: { [`photo:${refundId}`]: 200 },
    });
    const disputedOther = [...bothPaid, ...freeze(bothPaid, laterCardId)];
    expect(decideRefund(refundOf(), fold(disputedOther), now)).toHaveLength(2);
    expect(() => decideRefund(refundOf({ saleId: refundId }), fold(disputedOther), now)).toThrow(
      errorMessages.sale_disputed,
    );
  });

  it('a purchase whose dispute was lost stays lost, whatever a later dispute on it says', () => {
    const frozen = freeze(photoBought);
    const lost = close([...photoBought, ...frozen], 'lost');
    const again = decideFreeze(
      { walletId, disputeId: refundId, purchaseId: cardId },
      fold([...photoBought, ...frozen, ...lost]),
      now,
    );
    const wonAgain = decideUnfreeze(
      { walletId, disputeId: refundId, outcome: 'won' },
      fold([...photoBought, ...frozen, ...lost, ...again]),
      now,
    );
    expect(fold([...photoBought, ...frozen, ...lost, ...again, ...wonAgain]).disputedPurchases).toEqual({
      [cardId]: 'lost',
    });
    expect(fold([...photoBought, ...frozen, ...lost, ...again]).disputedPurchases).toEqual({ [cardId]: 'lost' });
    expect(fold([...photoBought, ...frozen, ...lost, ...again, ...wonAgain]).disputes).toEqual({
      [disputeId]: 'lost',
      [refundId]: 'won',
    });
  });

  it('a refund and a dispute of the same sale at once: one waits for the other on the wallet’s revision', async () => {
    const seeded = async () => {
      const store = createInMemoryEventStore();
      await store.appendToStream(
        `wallet-${walletId}`,
        photoBought.map((event, index) => ({ id: `seed-${index}`, ...event, metadata: {} })),
        { expectedRevision: 'no_stream' },
      );
      return store;
    };
    const refund = (store: ReturnType<typeof createInMemoryEventStore>) =>
      refundSale(store, refundOf(), () => now, { metadata: {} }).then(
        () => 'refunded',
        (error: { code?: string }) => error.code,
      );
    const dispute = (store: ReturnType<typeof createInMemoryEventStore>) =>
      freezeForDispute(store, { walletId, disputeId, purchaseId: cardId }, () => now, {});
    for (const refundFirst of [true, false]) {
      const store = await seeded();
      const [refunded] = refundFirst
        ? await Promise.all([refund(store), dispute(store)])
        : await Promise.all([dispute(store), refund(store)]).then(([, answer]) => [answer]);
      const wallet = fold((await store.readStream(`wallet-${walletId}`)) as unknown as DomainEvent[]);
      const frozen = Object.values(wallet.wallet.frozen)[0]!;
      // refunded first: the dispute locks the refunded units; disputed first: the refund is refused
      if (refunded === 'refunded') expect(frozen.lockedUnits).toBe(400);
      else expect(refunded).toBe('sale_disputed');
      expect(frozen.lockedUnits).toBe(wallet.wallet.purchased);
    }
  });
});

describe('a wallet’s sales as refunds see them', () => {
  it('a refund adds up what was given back of a sale, of each kind, and her share taken back', () => {
    const first = refunded(333, 133, undefined, 73);
    const second = refunded(667, 267, { units: 333, purchased: 133 }, 147);
    expect(fold([...photoBought, ...first, ...second]).sales[`photo:${purchaseId}`]).toMatchObject({
      refundedUnits: 1000,
      refundedPurchasedUnits: 400,
      clawedBackCents: 220,
    });
  });

  it('a refund of a sale the wallet does not hold changes none of its sales', () => {
    const stray = refunded(100, 40, undefined, 22)[0]!;
    const other = { ...stray, data: { ...(stray.data as object), saleId: refundId } } as DomainEvent;
    expect(fold([...photoBought, other]).sales).toEqual(fold(photoBought).sales);
  });

  it('a session’s sale is dated by its last part: the refund window runs from there', () => {
    const part = (n: number, billedAt: string): DomainEvent => ({
      type: 'SessionMinuteBilled',
      data: {
        sessionId,
        walletId,
        performerId,
        minute: n,
        amount: 150,
        minuteStartedAt: billedAt,
        sessionCostUnits: 150 * n,
        lastMinute: false,
        billedAt,
      },
    });
    const later = '2026-11-18T12:00:00.000Z';
    expect(fold([part(1, later), part(2, soldAt)]).sales[`session:${sessionId}`]).toMatchObject({
      at: Date.parse(later),
      grossUnits: 300,
    });
  });

  it('the reason is recorded as the admin wrote it, without the spaces around it', () => {
    const [saleRefunded] = decideRefund(refundOf({ reason: '  Foto sbagliata  ' }), fold(photoBought), now);
    expect(saleRefunded).toMatchObject({ data: { reason: 'Foto sbagliata' } });
  });
});

describe('a refund on an event store', () => {
  it('is decided on the buyer’s wallet as stored and appended there, with its options', async () => {
    const store = createInMemoryEventStore();
    await store.appendToStream(
      `wallet-${walletId}`,
      photoBought.map((event, index) => ({ id: `seed-${index}`, ...event, metadata: {} })),
      { expectedRevision: 'no_stream' },
    );
    await refundSale(store, refundOf({ amountUnits: 333 }), () => now, { metadata: { by: 'admin-1' } });
    const appended = (await store.readStream(`wallet-${walletId}`)).slice(photoBought.length);
    expect(appended.map((event) => ({ type: event.type, data: event.data, by: event.metadata?.by }))).toEqual(
      refunded(333, 133, undefined, 73).map((event) => ({ ...event, by: 'admin-1' })),
    );
  });
});

describe('the refund clawback reaction', () => {
  const recordedAs = (id: string, event: DomainEvent): RecordedEvent =>
    ({
      id,
      streamId: `wallet-${walletId}`,
      revision: 0,
      position: 1,
      metadata: {},
      createdAt: now,
      ...event,
    }) as RecordedEvent;

  it('a refund takes her share back on her earnings once, however often it is seen, caused by the refund', async () => {
    // given the reaction on a store
    const store = createInMemoryEventStore();
    const reaction = clawbackReaction(store);
    const refund = recordedAs('r1', refunded(1000, 400, undefined, 220)[0]!);
    // when the refund is applied twice
    await reaction.apply(refund, undefined as never);
    await reaction.apply(refund, undefined as never);
    // then one clawback of her share, with the refund's fixed id
    const earnings = await store.readStream(performerStreams.earnings(performerId));
    expect(
      earnings.map((event) => ({
        id: event.id,
        type: event.type,
        data: event.data,
        cause: event.metadata?.causationId,
      })),
    ).toEqual([
      {
        id: clawbackEventId(refundId, performerId),
        type: 'PerformerEarningsClawedBack',
        data: clawbackOf(refund)!.data,
        cause: 'r1',
      },
    ]);
    expect(reaction).toMatchObject({
      name: 'reaction:refund-clawbacks',
      collections: [],
      eventTypes: ['SaleRefunded'],
    });
  });

  it('a refund of promotional units only takes nothing back', async () => {
    const store = createInMemoryEventStore();
    await clawbackReaction(store).apply(recordedAs('r2', refunded(100, 0, undefined, 0)[0]!), undefined as never);
    expect(await store.readStream(performerStreams.earnings(performerId))).toEqual([]);
  });
});

/**
 * Every kind of sale and the sale it makes (docs/architecture.md#money): given the event that
 * records it, then the performer, the source, the gross and how it was paid.
 */
import type { DomainEvent } from '@aura/contracts';
import type { RecordedEvent } from '../../platform/recorded-event';
import { saleOf, sessionPartSale } from './sales';

const performerId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e70';
const walletId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e70';
const sessionId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e70';
const at = '2026-11-20T10:00:00.000Z';
const later = '2026-11-20T10:05:00.000Z';
const recorded = (event: DomainEvent) =>
  ({
    id: 'e1',
    streamId: `wallet-${walletId}`,
    revision: 0,
    position: 1,
    metadata: {},
    createdAt: new Date(at),
    ...event,
  }) as RecordedEvent;

const minute3 = {
  type: 'SessionMinuteBilled' as const,
  data: {
    sessionId,
    walletId,
    performerId,
    minute: 3,
    amount: 250,
    minuteStartedAt: at,
    sessionCostUnits: 750,
    lastMinute: false,
    purchasedUnits: 200,
    promotionalUnits: 50,
    sessionPurchasedUnits: 600,
    billedAt: at,
  },
};
const minimum = {
  type: 'SessionMinimumCharged' as const,
  data: {
    sessionId,
    walletId,
    performerId,
    minutes: 2,
    amount: 500,
    sessionCostUnits: 1250,
    purchasedUnits: 500,
    promotionalUnits: 0,
    sessionPurchasedUnits: 1100,
    chargedAt: later,
  },
};

describe('the sales that earn a share', () => {
  it("a session's minute is the part minute-k of the session's one sale, after the running total before it", () => {
    expect(sessionPartSale(minute3)).toEqual({
      performerId,
      source: 'session',
      sourceId: `${sessionId}:minute-3`,
      grossUnits: 250,
      grossBeforeUnits: 500,
      purchasedUnits: 200,
      purchasedBeforeUnits: 400,
    });
  });

  it("the rest of a session's minimum is its part 'minimum'", () => {
    expect(sessionPartSale(minimum)).toMatchObject({
      sourceId: `${sessionId}:minimum`,
      grossUnits: 500,
      grossBeforeUnits: 750,
      purchasedUnits: 500,
      purchasedBeforeUnits: 600,
    });
  });

  it('a part recorded before purchased and promotional units were told apart says nothing of them', () => {
    const { purchasedUnits: _p, promotionalUnits: _q, sessionPurchasedUnits: _s, ...old } = minute3.data;
    expect(sessionPartSale({ type: 'SessionMinuteBilled', data: old as typeof minute3.data })).toEqual({
      performerId,
      source: 'session',
      sourceId: `${sessionId}:minute-3`,
      grossUnits: 250,
      grossBeforeUnits: 500,
    });
  });

  it('a part without its running total of purchased units has none before it', () => {
    const { sessionPurchasedUnits: _s, ...data } = minute3.data;
    expect(sessionPartSale({ type: 'SessionMinuteBilled', data: data as typeof minute3.data })).toMatchObject({
      purchasedUnits: 200,
      purchasedBeforeUnits: 0,
    });
  });

  it('a session part is dated when it was billed or charged, and its debit names the session', () => {
    expect(saleOf(recorded(minute3))).toMatchObject({
      at: new Date(at),
      debit: { reason: 'session', reference: sessionId },
    });
    expect(saleOf(recorded(minimum))).toMatchObject({
      at: new Date(later),
      debit: { reason: 'session', reference: sessionId },
    });
  });

  it('a photo is a sale of its price; a paid message too; a free message and any other event are none', () => {
    const photo: DomainEvent = {
      type: 'PhotoPurchased',
      data: {
        purchaseId: 'x1',
        walletId,
        photoId: 'p1',
        performerId,
        priceUnits: 500,
        purchasedUnits: 300,
        promotionalUnits: 200,
        purchasedAt: at,
      },
    };
    expect(saleOf(recorded(photo))).toEqual({
      sale: { performerId, source: 'photo', sourceId: 'x1', grossUnits: 500, purchasedUnits: 300 },
      at: new Date(at),
      debit: { reason: 'photo', reference: 'p1' },
    });
    const message = (priceUnits: number) =>
      recorded({
        type: 'MessageSent',
        data: { messageId: 'm1', conversationId: 'c1', senderId: walletId, performerId, priceUnits, sentAt: later },
      } as unknown as DomainEvent);
    expect(saleOf(message(50))).toEqual({
      sale: { performerId, source: 'message', sourceId: 'm1', grossUnits: 50 },
      at: new Date(later),
      debit: { reason: 'message', reference: 'm1' },
    });
    expect(saleOf(message(0))).toBeUndefined();
    expect(
      saleOf(recorded({ type: 'AuracoinCredited', data: { walletId, amount: 1, reason: 'welcome', creditedAt: at } })),
    ).toBeUndefined();
  });

  it('a tip is a sale of its amount to the show’s performer, its debit naming the tip', () => {
    const tip: DomainEvent = {
      type: 'ShowTipped',
      data: {
        tipId: 't1',
        walletId,
        showId: 's1',
        performerId,
        identityId: walletId,
        displayName: 'Marco',
        amountUnits: 300,
        message: null,
        menuItemId: null,
        menuItemLabel: null,
        purchasedUnits: 100,
        promotionalUnits: 200,
        tippedAt: at,
      },
    };
    expect(saleOf(recorded(tip))).toEqual({
      sale: { performerId, source: 'tip', sourceId: 't1', grossUnits: 300, purchasedUnits: 100 },
      at: new Date(at),
      debit: { reason: 'tip', reference: 't1' },
    });
    const { purchasedUnits: _p, promotionalUnits: _q, ...before } = tip.data as Record<string, unknown>;
    expect(saleOf(recorded({ type: 'ShowTipped', data: before } as DomainEvent))?.sale).toEqual({
      performerId,
      source: 'tip',
      sourceId: 't1',
      grossUnits: 300,
    });
  });

  it('a tip inside a private session is a sale of its amount to her, its debit naming the tip', () => {
    const tip: DomainEvent = {
      type: 'SessionTipped',
      data: {
        sessionId: 's1',
        tipId: 't2',
        walletId,
        performerId,
        identityId: walletId,
        displayName: 'Marco',
        amountUnits: 500,
        purchasedUnits: 200,
        promotionalUnits: 300,
        tippedAt: at,
      },
    };
    expect(saleOf(recorded(tip))).toEqual({
      sale: { performerId, source: 'tip', sourceId: 't2', grossUnits: 500, purchasedUnits: 200 },
      at: new Date(at),
      debit: { reason: 'tip', reference: 't2' },
    });
  });

  it("a spy's minute on her private is a sale of its own to her, earned as the private's, its debit naming the watch", () => {
    const billed: DomainEvent = {
      type: 'SpyMinuteBilled',
      data: {
        spyId: 's9',
        sessionId,
        walletId,
        performerId,
        minute: 2,
        amount: 150,
        owedFrom: at,
        purchasedUnits: 100,
        promotionalUnits: 50,
        billedAt: later,
      },
    };
    expect(saleOf(recorded(billed))).toEqual({
      sale: {
        performerId,
        source: 'session',
        sourceId: `${sessionId}:spy-s9-minute-2`,
        grossUnits: 150,
        purchasedUnits: 100,
      },
      at: new Date(later),
      debit: { reason: 'spy', reference: 's9' },
    });
  });
});

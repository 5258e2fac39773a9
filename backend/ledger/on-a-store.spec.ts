/**
 * The ledger's money decisions as they reach an event store (docs/architecture.md#money): each is
 * read from its own stream and appended there, with the event that caused it. Given a store, when
 * the ledger decides, then what the stream holds.
 */
import { streams, performerStreams, type DomainEvent } from '@aura/contracts';
import type { RecordedEvent } from '../platform/recorded-event';
import { createInMemoryEventStore } from '../test/doubles/in-memory-event-store';
import {
  adjustWallet,
  decideOnEarnings,
  decidePayout,
  earningsAccountOf,
  earningsCreditReaction,
  earningsEventId,
  walletTotals,
  SALE_EVENT_TYPES,
} from './index';

const at = '2026-11-20T10:00:00.000Z';
const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e46';
const performerId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e46';
const otherPerformer = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e47';
const now = () => new Date(at);

const recordedAs = (id: string, event: DomainEvent, position: number): RecordedEvent =>
  ({
    id,
    streamId: streams.wallet(userId),
    revision: position - 1,
    position,
    metadata: {},
    createdAt: new Date(at),
    ...event,
  }) as RecordedEvent;
const photo = (purchaseId: string, seller = performerId): DomainEvent => ({
  type: 'PhotoPurchased',
  data: {
    purchaseId,
    walletId: userId,
    photoId: 'p1',
    performerId: seller,
    priceUnits: 500,
    purchasedUnits: 300,
    promotionalUnits: 200,
    purchasedAt: at,
  },
});

describe('the earnings credit reaction', () => {
  it('credits each sale of a batch to its performer once, caused by the event that made it', async () => {
    // given a store and the reaction to photo purchases
    const store = createInMemoryEventStore();
    const reaction = earningsCreditReaction('earnings-credit', SALE_EVENT_TYPES, store);
    const batch = [
      recordedAs('e1', photo('x1'), 1),
      recordedAs(
        'e2',
        { type: 'AliasPurchased', data: { aliasId: 'a', userId, aliasName: 'Z', price: 1, purchasedAt: at } },
        2,
      ),
      recordedAs('e3', photo('x2', otherPerformer), 3),
    ];
    // when a batch is applied, then applied again (after a crash), then one event of it alone
    await reaction.applyBatch!(batch, undefined as never);
    await reaction.applyBatch!(batch, undefined as never);
    await reaction.apply(batch[0]!, undefined as never);
    // then each performer has her credit once, on the purchased part, with its cause
    const hers = await store.readStream(performerStreams.earnings(performerId));
    expect(
      hers.map((event) => ({
        id: event.id,
        type: event.type,
        shareCents: (event.data as { shareCents: number }).shareCents,
        cause: event.metadata?.causationId,
      })),
    ).toEqual([
      { id: earningsEventId('photo', 'x1'), type: 'PerformerEarningsCredited', shareCents: 165, cause: 'e1' },
    ]);
    expect(await store.readStream(performerStreams.earnings(otherPerformer))).toHaveLength(1);
    expect(reaction).toMatchObject({ name: 'earnings-credit', collections: [], eventTypes: SALE_EVENT_TYPES });
  });

  it('one sale applied alone is credited, caused by its event', async () => {
    const store = createInMemoryEventStore();
    const reaction = earningsCreditReaction('earnings-credit', SALE_EVENT_TYPES, store);
    await reaction.apply(recordedAs('e7', photo('x7'), 7), undefined as never);
    const hers = await store.readStream(performerStreams.earnings(performerId));
    expect(hers.map((event) => ({ id: event.id, cause: event.metadata?.causationId }))).toEqual([
      { id: earningsEventId('photo', 'x7'), cause: 'e7' },
    ]);
  });

  it('a batch without a sale appends nothing', async () => {
    const store = createInMemoryEventStore();
    let appends = 0;
    const counting = {
      ...store,
      appendToStream: (...args: Parameters<typeof store.appendToStream>) => (
        (appends += 1),
        store.appendToStream(...args)
      ),
    } as typeof store;
    const reaction = earningsCreditReaction('earnings-credit', SALE_EVENT_TYPES, counting);
    await reaction.applyBatch!(
      [
        recordedAs(
          'e1',
          { type: 'AuracoinCredited', data: { walletId: userId, amount: 1, reason: 'welcome', creditedAt: at } },
          1,
        ),
      ],
      undefined as never,
    );
    expect(appends).toBe(0);
  });
});

describe('an admin adjusting a wallet', () => {
  it('appends the adjustment to the wallet with its metadata, and its totals follow', async () => {
    const store = createInMemoryEventStore();
    await store.appendToStream(
      streams.wallet(userId),
      [
        {
          id: '0b7c4d1e-8f7a-4e63-9a51-000000000001',
          type: 'AuracoinCredited',
          data: { walletId: userId, amount: 1000, reason: 'welcome', creditedAt: at },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await adjustWallet(store, { walletId: userId, targetUnits: 400, adminId: 'admin-1' }, now, { actor: 'admin-1' });
    const [, adjusted] = await store.readStream(streams.wallet(userId));
    expect(adjusted).toMatchObject({
      type: 'AuracoinAdjusted',
      data: { amount: -600, balanceBefore: 1000, balanceAfter: 400, adminId: 'admin-1', adjustedAt: at },
      metadata: { actor: 'admin-1' },
    });
    expect(await walletTotals(store, userId)).toMatchObject({ balance: 400, adjusted: -600, credited: 1000 });
  });
});

describe("a performer's earnings account on its stream", () => {
  it('is folded from her stream, and a payout decided on it is appended there once', async () => {
    const store = createInMemoryEventStore();
    const credit = {
      type: 'PerformerEarningsCredited',
      data: { performerId, source: 'photo', sourceId: 'x1', grossUnits: 10_000, shareCents: 5500, creditedAt: at },
    } as const;
    await store.appendToStream(
      performerStreams.earnings(performerId),
      [{ id: '0b7c4d1e-8f7a-4e63-9a51-000000000002', type: credit.type, data: credit.data }],
      { expectedRevision: 'no_stream' },
    );
    expect(await earningsAccountOf(store, performerId)).toMatchObject({
      performerId,
      creditCount: 1,
      earnedCents: 5500,
    });
    const command = {
      payoutId: 'p1',
      runId: 'r1',
      periodEnd: '2026-11-22T22:59:59.999Z',
      cutoff: '2026-11-22T22:59:59.999Z',
      minimumCents: 5000,
      destination: { method: 'iban' as const, holderName: 'A', masked: 'IT60 •••• 3456' },
    };
    await decideOnEarnings(store, performerId, (state) => decidePayout(command, state, new Date(at)), {});
    await decideOnEarnings(store, performerId, (state) => decidePayout(command, state, new Date(at)), {});
    expect((await store.readStream(performerStreams.earnings(performerId))).map((event) => event.type)).toEqual([
      'PerformerEarningsCredited',
      'PayoutScheduled',
    ]);
    expect(await earningsAccountOf(store, performerId)).toMatchObject({ scheduledCents: 5500, unpaid: [] });
  });
});

import { streams, type DomainEvent } from '@aura/contracts';
import { walletBalance } from './fold';
import type { EventStore } from '../../platform/eventstore/port';
import { DomainError } from '../../platform/domain-error';
import { newId } from '../../platform/ids';
import { spendEventIds, spendFromWallet } from './spend';
import { openMemoryPglite } from '../../test/event-stores';

let store: EventStore;
beforeAll(async () => {
  store = await openMemoryPglite();
});
afterAll(async () => {
  await store.close();
});

const now = () => new Date('2026-11-20T10:00:00.000Z');
async function fund(walletId: string, units: number) {
  await store.appendToStream(
    streams.wallet(walletId),
    [
      {
        id: newId(),
        type: 'AuracoinCredited',
        data: { walletId, amount: units, reason: 'welcome', creditedAt: now().toISOString() },
      },
    ],
    { expectedRevision: 'any' },
  );
}
const aliasPurchase = (walletId: string, name = 'Zorro'): DomainEvent => ({
  type: 'AliasPurchased',
  data: { aliasId: newId(), userId: walletId, aliasName: name, price: 5000, purchasedAt: now().toISOString() },
});

describe('spendFromWallet', () => {
  it('appends the purchase then the debit', async () => {
    const walletId = newId();
    await fund(walletId, 6000);
    const result = await spendFromWallet(store, {
      walletId,
      amountUnits: 5000,
      purchase: aliasPurchase(walletId),
      reason: 'alias',
      now,
    });
    expect(result.replayed).toBe(false);
    const events = await store.readStream(streams.wallet(walletId));
    expect(events.map((e) => e.type)).toEqual(['AuracoinCredited', 'AliasPurchased', 'AuracoinDebited']);
    expect(walletBalance(events)).toBe(1000);
  });

  it('refuses a spend above the balance and appends nothing', async () => {
    const walletId = newId();
    await fund(walletId, 4999);
    await expect(
      spendFromWallet(store, { walletId, amountUnits: 5000, purchase: aliasPurchase(walletId), now }),
    ).rejects.toMatchObject({
      code: 'insufficient_balance',
      message: 'Insufficient auracoin balance',
    });
    expect(await store.readStream(streams.wallet(walletId))).toHaveLength(1);
  });

  it('gives back the first spend for a repeated idempotency key', async () => {
    const walletId = newId();
    await fund(walletId, 20000);
    const first = await spendFromWallet(store, {
      walletId,
      amountUnits: 5000,
      purchase: aliasPurchase(walletId, 'A'),
      idempotencyKey: 'k1',
      now,
    });
    const again = await spendFromWallet(store, {
      walletId,
      amountUnits: 5000,
      purchase: aliasPurchase(walletId, 'B'),
      idempotencyKey: 'k1',
      now,
    });
    expect(again.replayed).toBe(true);
    expect(again.purchase).toEqual(first.purchase);
    expect(walletBalance(await store.readStream(streams.wallet(walletId)))).toBe(15000);
  });

  it('lets exactly k of 100 concurrent spends through when the wallet affords k', async () => {
    const walletId = newId();
    const k = 7;
    await fund(walletId, k * 5000 + 4999);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        spendFromWallet(store, { walletId, amountUnits: 5000, purchase: aliasPurchase(walletId), now }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(k);
    expect(refused.every((r) => r.reason instanceof DomainError && r.reason.code === 'insufficient_balance')).toBe(
      true,
    );
    const events = await store.readStream(streams.wallet(walletId));
    expect(walletBalance(events)).toBe(4999);
    expect(events.filter((e) => e.type === 'AuracoinDebited')).toHaveLength(k);
  });

  describe('after a spend, the wallet this process knows may be stale: what others wrote since still counts', () => {
    it('a credit written by someone else pays the next spend (the refusal is decided again on the stream)', async () => {
      const walletId = newId();
      await fund(walletId, 5000);
      await spendFromWallet(store, { walletId, amountUnits: 5000, purchase: aliasPurchase(walletId), now });
      await fund(walletId, 5000);
      await expect(
        spendFromWallet(store, { walletId, amountUnits: 5000, purchase: aliasPurchase(walletId), now }),
      ).resolves.toMatchObject({ replayed: false });
      expect(walletBalance(await store.readStream(streams.wallet(walletId)))).toBe(0);
    });

    it('a debit written by someone else is not spent twice (the stale append fails and the stream is read)', async () => {
      const walletId = newId();
      await fund(walletId, 10000);
      await spendFromWallet(store, { walletId, amountUnits: 5000, purchase: aliasPurchase(walletId), now });
      // another process spends the rest
      const head = await store.readStream(streams.wallet(walletId));
      await store.appendToStream(
        streams.wallet(walletId),
        [
          { id: newId(), type: 'AliasPurchased', data: aliasPurchase(walletId).data as object },
          {
            id: newId(),
            type: 'AuracoinDebited',
            data: { walletId, amount: 5000, reason: 'alias', reference: 'elsewhere', debitedAt: now().toISOString() },
          },
        ],
        { expectedRevision: head.length - 1 },
      );
      await expect(
        spendFromWallet(store, { walletId, amountUnits: 5000, purchase: aliasPurchase(walletId), now }),
      ).rejects.toMatchObject({ code: 'insufficient_balance' });
      const events = await store.readStream(streams.wallet(walletId));
      expect(walletBalance(events)).toBe(0);
      expect(events.filter((e) => e.type === 'AuracoinDebited')).toHaveLength(2);
    });

    it('a key spent by someone else is given back, not spent again', async () => {
      const walletId = newId();
      await fund(walletId, 20000);
      await spendFromWallet(store, { walletId, amountUnits: 5000, purchase: aliasPurchase(walletId), now });
      const [purchaseId, debitId] = spendEventIds(walletId, 'elsewhere');
      const head = await store.readStream(streams.wallet(walletId));
      await store.appendToStream(
        streams.wallet(walletId),
        [
          { id: purchaseId, type: 'AliasPurchased', data: aliasPurchase(walletId, 'Other').data as object },
          {
            id: debitId,
            type: 'AuracoinDebited',
            data: { walletId, amount: 5000, reason: 'alias', reference: purchaseId, debitedAt: now().toISOString() },
          },
        ],
        { expectedRevision: head.length - 1 },
      );
      const again = await spendFromWallet(store, {
        walletId,
        amountUnits: 5000,
        purchase: aliasPurchase(walletId, 'Mine'),
        idempotencyKey: 'elsewhere',
        now,
      });
      expect(again).toMatchObject({ replayed: true, purchase: { id: purchaseId, data: { aliasName: 'Other' } } });
      expect(walletBalance(await store.readStream(streams.wallet(walletId)))).toBe(10000);
    });
  });
});

/**
 * Money stored once, on any event store: what the ledger promises whether the store's event ids
 * are unique in the whole log (the SQL stores) or per stream and recently only (EventStoreDB, and
 * the in-memory double that forgets at once). Run by stored-once.spec.ts on the double and by
 * stored-once.int.ts on every engine this machine reaches.
 */
import { performerStreams, streams, type DomainEvent } from '@aura/contracts';
import type { EventStore } from '../platform/eventstore/port';
import { newId } from '../platform/ids';
import { appendOnce } from './append-once';
import { creditEarnings, creditEarningsTogether, earningsEventId, type Sale } from './earnings/credit';
import { walletBalance } from './wallet/fold';
import { creditWallet } from './wallet/credit';
import { spendFromWallet } from './wallet/spend';

const at = new Date('2026-11-20T10:00:00.000Z');
const now = () => at;
const sale = (performerId: string, n: number): Sale => ({
  performerId,
  source: 'message',
  sourceId: `${performerId}:${n}`,
  grossUnits: 100,
});
const saleCredits = (performerId: string, count: number) =>
  Array.from({ length: count }, (_, n) => ({ sale: sale(performerId, n), at, causationId: `cause-${n}` }));
const credited = (walletId: string, amount: number, reason: 'welcome' | 'purchase' = 'welcome'): DomainEvent => ({
  type: 'AuracoinCredited',
  data: { walletId, amount, reason, creditedAt: at.toISOString() },
});
const bought = (walletId: string): DomainEvent => ({
  type: 'AliasPurchased',
  data: { aliasId: newId(), userId: walletId, aliasName: 'Zorro', price: 100, purchasedAt: at.toISOString() },
});
const tested = (n: number) => ({ id: newId(), type: 'ContractTested', data: { n } });
const timesOver = <T>(count: number, run: () => Promise<T>) => Promise.all(Array.from({ length: count }, run));

export function storedOnceContract(open: () => Promise<EventStore>): void {
  describe('money stored once', () => {
    let store: EventStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    const idsIn = async (streamId: string) => (await store.readStream(streamId)).map((event) => event.id);
    const earningsIds = (performerId: string) => idsIn(performerStreams.earnings(performerId));
    const balanceOf = async (walletId: string) => walletBalance(await store.readStream(streams.wallet(walletId)));

    describe('appendOnce', () => {
      it('stores events asked for twice once, and answers the second with where the first stored them', async () => {
        const stream = `once-${newId()}`;
        const events = [tested(1), tested(2)];
        const first = await appendOnce(store, stream, events);
        const second = await appendOnce(store, stream, events);
        expect(await idsIn(stream)).toEqual(events.map((event) => event.id));
        expect(second).toMatchObject({ nextExpectedRevision: first.nextExpectedRevision, position: first.position });
      });

      it('stores them once when asked again long after, the stream written by others since', async () => {
        const stream = `once-late-${newId()}`;
        const credit = [tested(0)];
        await appendOnce(store, stream, credit);
        for (let n = 1; n <= 5; n += 1) await store.appendToStream(stream, [tested(n)], { expectedRevision: 'any' });
        await appendOnce(store, stream, credit);
        expect((await idsIn(stream)).filter((id) => id === credit[0]!.id)).toHaveLength(1);
        expect(await idsIn(stream)).toHaveLength(6);
      });

      it('stores them once when the same events were written since by someone else, beside others', async () => {
        const stream = `once-elsewhere-${newId()}`;
        await appendOnce(store, stream, [tested(0)]);
        const credit = tested(1);
        // another process credits it (with something before it) after this one last wrote there
        await store.appendToStream(stream, [tested(2), credit], { expectedRevision: 0 });
        await appendOnce(store, stream, [credit]);
        expect((await idsIn(stream)).filter((id) => id === credit.id)).toHaveLength(1);
      });

      it('stores them once when asked for 10 times at once', async () => {
        const stream = `once-at-once-${newId()}`;
        await store.appendToStream(stream, [tested(0)], { expectedRevision: 'no_stream' });
        const events = [tested(1), tested(2)];
        await timesOver(10, () => appendOnce(store, stream, events));
        expect(await idsIn(stream)).toHaveLength(3);
      });
    });

    describe('earnings credits', () => {
      it('credits a sale asked for twice, and 10 times at once, once', async () => {
        const giulia = newId();
        await creditEarnings(store, sale(giulia, 0), at, 'cause-0');
        await creditEarnings(store, sale(giulia, 0), at, 'cause-0');
        await timesOver(10, () => creditEarnings(store, sale(giulia, 1), at, 'cause-1'));
        expect(await earningsIds(giulia)).toEqual([0, 1].map((n) => earningsEventId('message', `${giulia}:${n}`)));
      });

      it('credits each sale of a batch once, whether seen again later or by two batches at once', async () => {
        const [giulia, sofia] = [newId(), newId()];
        const batch = [...saleCredits(giulia, 3), ...saleCredits(sofia, 2)];
        await creditEarningsTogether(store, batch);
        await creditEarnings(store, sale(giulia, 3), at, 'cause-3');
        await creditEarningsTogether(store, batch);
        await Promise.all([
          creditEarningsTogether(store, saleCredits(giulia, 6)),
          creditEarningsTogether(store, saleCredits(giulia, 6).slice(2)),
        ]);
        expect([...(await earningsIds(giulia))].sort()).toEqual(
          [0, 1, 2, 3, 4, 5].map((n) => earningsEventId('message', `${giulia}:${n}`)).sort(),
        );
        expect(await earningsIds(sofia)).toEqual([0, 1].map((n) => earningsEventId('message', `${sofia}:${n}`)));
      });

      it('credits the rest of a batch some of whose sales were credited before, each once', async () => {
        const giulia = newId();
        const batch = saleCredits(giulia, 4);
        await creditEarnings(store, batch[1]!.sale, at, 'cause-1');
        await creditEarnings(store, batch[3]!.sale, at, 'cause-3');
        await creditEarningsTogether(store, batch);
        expect([...(await earningsIds(giulia))].sort()).toEqual(
          [0, 1, 2, 3].map((n) => earningsEventId('message', `${giulia}:${n}`)).sort(),
        );
      });
    });

    describe('wallet credits', () => {
      it('credits a welcome bonus asked for twice, and 10 times at once, once', async () => {
        const walletId = newId();
        const welcome = [{ name: `welcome-credit:${walletId}`, event: credited(walletId, 1000) }];
        await creditWallet(store, walletId, welcome, {});
        await timesOver(10, () => creditWallet(store, walletId, welcome, {}));
        expect(await balanceOf(walletId)).toBe(1000);
      });

      it('credits a card purchase redelivered after the wallet was spent from once', async () => {
        const walletId = newId();
        const purchaseId = newId();
        const settlement = [
          { name: `purchase-settlement:${purchaseId}:0`, event: credited(walletId, 5000, 'purchase') },
          { name: `purchase-settlement:${purchaseId}:1`, event: credited(walletId, 500, 'purchase') },
        ];
        await creditWallet(store, walletId, settlement, {});
        await spendFromWallet(store, { walletId, amountUnits: 1000, purchase: bought(walletId), now });
        await creditWallet(store, walletId, settlement, {});
        expect(await balanceOf(walletId)).toBe(4500);
      });
    });

    describe('spends', () => {
      it('spends a key asked for 10 times at once once, and answers each with the one purchase', async () => {
        const walletId = newId();
        await creditWallet(
          store,
          walletId,
          [{ name: `welcome-credit:${walletId}`, event: credited(walletId, 1000) }],
          {},
        );
        const results = await timesOver(10, () =>
          spendFromWallet(store, { walletId, amountUnits: 100, purchase: bought(walletId), idempotencyKey: 'k', now }),
        );
        expect(new Set(results.map((result) => result.purchase.id)).size).toBe(1);
        expect(results.filter((result) => !result.replayed)).toHaveLength(1);
        expect(await balanceOf(walletId)).toBe(900);
      });
    });
  });
}

/**
 * A spy's money on his wallet (docs/architecture.md#spies): given his wallet's events, what one watch
 * was billed, whether he can pay a minute, and a minute billed once whatever asks for it.
 */
import { streams, type DomainEvent } from '@aura/contracts';
import { createInMemoryEventStore } from '../../test/doubles/in-memory-event-store';
import { canPaySpyMinute, spyMoneyOf, spyWallet } from './on-wallet';

const at = new Date('2026-11-30T21:00:00.000Z');
const iso = at.toISOString();
const walletId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const sessionId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const spyId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const otherSpy = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const terms = { spyId, sessionId, performerId, userId: walletId, priceUnits: 150 };

const welcome = (amount: number): DomainEvent => ({
  type: 'AuracoinCredited',
  data: { walletId, amount, reason: 'welcome', creditedAt: iso },
});
// a card dispute opened on one of his purchases freezes his wallet
const frozenBy: DomainEvent = {
  type: 'WalletFrozen',
  data: {
    walletId,
    disputeId: '7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f',
    purchaseId: '8b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f',
    lockedUnits: 0,
    trace: [],
    frozenAt: iso,
  },
};
const billed = (spy: string, minute: number, amount = 150): DomainEvent => ({
  type: 'SpyMinuteBilled',
  data: { spyId: spy, sessionId, walletId, performerId, minute, amount, owedFrom: iso, billedAt: iso },
});

describe("a spy's money on his wallet", () => {
  it("folds this watch's minutes only: the highest minute billed and their cost", () => {
    const money = spyMoneyOf([welcome(1000), billed(spyId, 1), billed(otherSpy, 5, 300), billed(spyId, 2, 100)], spyId);
    expect(money.minutesBilled).toBe(2);
    expect(money.costUnits).toBe(250);
    expect(money.wallet.balance).toBe(1000);
  });

  it('a minute billed out of order leaves the highest as the count', () => {
    expect(spyMoneyOf([billed(spyId, 3), billed(spyId, 1)], spyId)).toMatchObject({ minutesBilled: 3, costUnits: 300 });
  });

  it('a watch with nothing billed owes nothing', () => {
    expect(spyMoneyOf([welcome(1000), billed(otherSpy, 1)], spyId)).toMatchObject({ minutesBilled: 0, costUnits: 0 });
  });

  it('pays a minute from what is available, to the unit', () => {
    const wallet = spyMoneyOf([welcome(150)], spyId).wallet;
    expect(canPaySpyMinute(wallet, 150)).toBe(true);
    expect(canPaySpyMinute(wallet, 151)).toBe(false);
  });

  it('a frozen wallet pays no minute', () => {
    const frozen = spyMoneyOf([welcome(1000), frozenBy], spyId).wallet;
    expect(canPaySpyMinute(frozen, 150)).toBe(false);
  });

  it('bills a minute once: the clock and his leaving billing the same minute spend it once', async () => {
    const store = createInMemoryEventStore();
    await store.appendToStream(streams.wallet(walletId), [{ id: 'e-welcome', ...welcome(1000) }], {
      expectedRevision: 'any',
    });
    const wallet = spyWallet(store);
    await wallet.billMinute(terms, 1, at, () => at);
    await wallet.billMinute(terms, 1, at, () => at);
    await wallet.billMinute(terms, 2, at, () => at);
    const money = await wallet.money(walletId, spyId);
    expect(money).toMatchObject({ minutesBilled: 2, costUnits: 300 });
    expect(money.wallet.balance).toBe(700);
    const events = await store.readStream(streams.wallet(walletId));
    expect(events.filter((event) => event.type === 'SpyMinuteBilled').map((event) => event.data)).toEqual([
      expect.objectContaining({ spyId, sessionId, performerId, walletId, minute: 1, amount: 150, billedAt: iso }),
      expect.objectContaining({ minute: 2 }),
    ]);
    expect(events.filter((event) => event.type === 'AuracoinDebited').map((event) => event.data)).toEqual([
      expect.objectContaining({ amount: 150, reason: 'spy', reference: spyId }),
      expect.objectContaining({ amount: 150, reason: 'spy', reference: spyId }),
    ]);
  });

  it('refuses a minute his balance cannot pay, and bills nothing', async () => {
    const store = createInMemoryEventStore();
    await store.appendToStream(streams.wallet(walletId), [{ id: 'e-welcome', ...welcome(100) }], {
      expectedRevision: 'any',
    });
    await expect(spyWallet(store).billMinute(terms, 1, at, () => at)).rejects.toMatchObject({
      code: 'insufficient_balance',
    });
    expect(await spyWallet(store).money(walletId, spyId)).toMatchObject({ minutesBilled: 0, costUnits: 0 });
  });

  it("carries the caller's metadata (what caused the minute) onto the minute's events", async () => {
    const store = createInMemoryEventStore();
    await store.appendToStream(streams.wallet(walletId), [{ id: 'e-welcome', ...welcome(1000) }], {
      expectedRevision: 'any',
    });
    await spyWallet(store).billMinute(terms, 1, at, () => at, { causedBy: 'spy-clock' });
    const minute = (await store.readStream(streams.wallet(walletId))).find((event) => event.type === 'SpyMinuteBilled');
    expect(minute?.metadata).toMatchObject({ causedBy: 'spy-clock' });
  });
});

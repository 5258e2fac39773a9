/**
 * A private session's money as it reaches the user's wallet (docs/architecture.md#money): given a
 * wallet in a store, when the session holds, bills and settles through `sessionWallet`, then what
 * the wallet stream holds, each event under the session's fixed id and with the command's metadata.
 */
import { streams, type DomainEvent, type EventDataOf } from '@aura/contracts';
import { createInMemoryEventStore } from '../../test/doubles/in-memory-event-store';
import { sessionWalletEventIds, type SessionOnWallet } from './money';
import { sessionWallet } from './on-wallet';

const t0 = Date.parse('2026-11-20T10:00:00.000Z');
const [MINUTE, RATE] = [60_000, 250];
const at = (ms: number) => new Date(t0 + ms);
const iso = (ms: number) => at(ms).toISOString();
const [sessionId, performerId, userId] = ['session-1', 'performer-1', 'user-1'];

const who = { sessionId, userId, performerId, aliasId: null, identityId: userId, displayName: 'mario' };
const price = { rateUnits: RATE, minimumMinutes: 5, holdUnits: 5 * RATE, billingMinuteMs: MINUTE };
const terms: EventDataOf<'SessionRequested'> = { ...who, ...price, requestedAt: iso(0), expiresAt: iso(MINUTE) };
const running: SessionOnWallet = { status: 'active', terms, startedAt: iso(1_000), away: {} };

async function walletWith(amount: number) {
  const store = createInMemoryEventStore();
  await store.appendToStream(
    streams.wallet(userId),
    [
      {
        id: '0b7c4d1e-8f7a-4e63-9a51-000000000001',
        type: 'AuracoinCredited',
        data: { walletId: userId, amount, reason: 'purchase', creditedAt: iso(0) },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  return store;
}

const stored = async (store: ReturnType<typeof createInMemoryEventStore>) =>
  (await store.readStream(streams.wallet(userId))).slice(1);
const asDecided = (events: { type: string; data: unknown }[]) =>
  events.map(({ type, data }) => ({ type, data }) as DomainEvent);

describe("a session's money on the wallet", () => {
  it('holds the minimum once, with its metadata, under the fixed id of the hold', async () => {
    const store = await walletWith(5000);
    const wallet = sessionWallet(store);
    await wallet.hold(terms, at(0), { actor: userId });
    await wallet.hold(terms, at(5), { actor: userId });
    const events = await stored(store);
    expect(events).toMatchObject([
      { type: 'AuracoinHeld', data: { holdId: sessionId, amount: 5 * RATE }, metadata: { actor: userId } },
    ]);
    expect(events.map((event) => event.id)).toEqual(sessionWalletEventIds(userId, sessionId, asDecided(events)));
    expect(await wallet.money(userId, sessionId)).toMatchObject({ placed: true, minutesBilled: 0 });
  });

  it('bills the minutes due and answers when the next one starts; billed again, nothing', async () => {
    const store = await walletWith(5000);
    const wallet = sessionWallet(store);
    await wallet.hold(terms, at(0));
    const outcome = await wallet.bill(running, at(1_000 + MINUTE + 5));
    expect(outcome).toMatchObject({ kind: 'bill', nextAt: t0 + 1_000 + 2 * MINUTE });
    expect(await wallet.bill(running, at(1_000 + MINUTE + 6))).toEqual({
      kind: 'wait',
      nextAt: t0 + 1_000 + 2 * MINUTE,
      waitingForParty: false,
    });
    const events = await stored(store);
    expect(events.map((event) => event.type)).toEqual([
      'AuracoinHeld',
      'SessionMinuteBilled',
      'AuracoinDebited',
      'SessionMinuteBilled',
      'AuracoinDebited',
    ]);
    expect(events.map((event) => event.id)).toEqual(sessionWalletEventIds(userId, sessionId, asDecided(events)));
    expect(await wallet.money(userId, sessionId)).toMatchObject({ minutesBilled: 2, costUnits: 2 * RATE });
  });

  it('a session that cannot be billed appends nothing and says so', async () => {
    const store = await walletWith(5000);
    expect(await sessionWallet(store).bill(running, at(1_000 + MINUTE))).toEqual({ kind: 'done' });
    expect(await stored(store)).toEqual([]);
  });

  it('settles once, at the time the clock gives, with its metadata', async () => {
    const store = await walletWith(5000);
    const wallet = sessionWallet(store);
    await wallet.hold(terms, at(0));
    const end = { endedBy: 'performer' as const, reason: 'performer_ended' as const, endedAt: at(1_000 + 10) };
    const settled = await wallet.settle(running, { sessionId, walletId: userId }, end, () => at(2_000), {
      causationId: 'c1',
    });
    expect(settled.state.settled).toMatchObject({ minutesBilled: 1, costUnits: RATE, settledAt: iso(2_000) });
    expect(settled.position).toEqual(expect.any(Number));
    const again = await wallet.settle(running, { sessionId, walletId: userId }, end, () => at(3_000));
    expect(again.events).toEqual([]);
    const events = await stored(store);
    expect(events.map((event) => [event.type, event.metadata?.causationId])).toEqual([
      ['AuracoinHeld', undefined],
      ['SessionMinuteBilled', 'c1'],
      ['AuracoinDebited', 'c1'],
      ['SessionSettled', 'c1'],
      ['AuracoinReleased', 'c1'],
    ]);
    expect(events.map((event) => event.id)).toEqual(sessionWalletEventIds(userId, sessionId, asDecided(events)));
  });
});

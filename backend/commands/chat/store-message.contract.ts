/**
 * A keyed message is stored once, free or paid, on any event store: never charged for when it was
 * stored free, never stored twice, also when a retry crosses her switch between free and paid.
 * Run by store-message.spec.ts on a store without unique event ids (in memory) and by
 * store-message.int.ts on every engine this machine reaches.
 */
import { chatStreams, streams, type DomainEvent } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { newId } from '../../platform/ids';
import { creditWallet, walletBalance } from '../../ledger';
import { messageEventId, storeMessage } from './store-message';

const now = () => new Date('2026-11-20T10:00:00.000Z');

/** The contract's world on one store: a user writing with one key, and where the message ended up. */
function keyedMessages(storeOf: () => EventStore) {
  /** a user with `units` in her wallet, writing with one key to a performer */
  async function user(units = 1000) {
    const userId = newId();
    await creditWallet(
      storeOf(),
      userId,
      [
        {
          name: `welcome-credit:${userId}`,
          event: {
            type: 'AuracoinCredited',
            data: { walletId: userId, amount: units, reason: 'welcome', creditedAt: now().toISOString() },
          },
        },
      ],
      {},
    );
    const messageId = newId();
    const message = (priceUnits: number, content = 'ciao'): DomainEvent => ({
      type: 'MessageSent',
      data: {
        messageId,
        conversationId: newId(),
        performerId: newId(),
        userId,
        identityId: userId,
        senderType: 'user',
        content,
        priceUnits,
        sentAt: new Date().toISOString(),
      },
    });
    const send = (priceUnits: number, content?: string) =>
      storeMessage(storeOf(), message(priceUnits, content), { walletId: userId, key: 'k', metadata: {}, now });
    return { userId, messageId, send };
  }

  /** where the message is: each MessageSent of it in its own stream and in the wallet, and the balance */
  async function storedOf(userId: string, messageId: string) {
    const [own, wallet] = await Promise.all([
      storeOf().readStream(chatStreams.message(messageId)),
      storeOf().readStream(streams.wallet(userId)),
    ]);
    const sent = (events: typeof own) =>
      events.filter((event) => event.type === 'MessageSent' && event.id === messageEventId(messageId));
    return { free: sent(own), paid: sent(wallet), balance: walletBalance(wallet) };
  }

  return { user, storedOf };
}

export function keyedMessageContract(open: () => Promise<EventStore>): void {
  describe('a keyed message, stored once', () => {
    let store: EventStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    const { user, storedOf } = keyedMessages(() => store);

    it('a retry that crosses her switch from free to paid is stored once, free, and charged nothing', async () => {
      const { userId, messageId, send } = await user();
      const first = await send(0);
      const retry = await send(100);
      const stored = await storedOf(userId, messageId);
      expect({ free: stored.free.length, paid: stored.paid.length, balance: stored.balance }).toEqual({
        free: 1,
        paid: 0,
        balance: 1000,
      });
      expect(retry).toBeGreaterThanOrEqual(first!);
    });

    it('a retry that crosses her switch from paid to free is stored once, paid', async () => {
      const { userId, messageId, send } = await user();
      await send(100);
      const retry = await send(0);
      const stored = await storedOf(userId, messageId);
      expect({ free: stored.free.length, paid: stored.paid.length, balance: stored.balance }).toEqual({
        free: 0,
        paid: 1,
        balance: 900,
      });
      expect(retry).toBeGreaterThanOrEqual(stored.paid[0]!.position);
    });

    it('attempts sent free and paid at the same time store it once, charged only when it is stored paid', async () => {
      for (let round = 0; round < 5; round += 1) {
        const { userId, messageId, send } = await user();
        await Promise.all([send(0), send(100), send(0), send(100)]);
        const stored = await storedOf(userId, messageId);
        expect(stored.free.length + stored.paid.length).toBe(1);
        expect(stored.balance).toBe(stored.paid.length === 1 ? 900 : 1000);
      }
    });

    it('a paid retry is answered with the first attempt when her balance no longer pays a second', async () => {
      const { userId, messageId, send } = await user(100);
      await send(100);
      await expect(send(100)).resolves.toBeDefined();
      const stored = await storedOf(userId, messageId);
      expect({ paid: stored.paid.length, balance: stored.balance }).toEqual({ paid: 1, balance: 0 });
    });

    it('a paid message her balance cannot pay is refused, stores nothing, and goes free on a retry after her switch', async () => {
      const { userId, messageId, send } = await user(50);
      await expect(send(100)).rejects.toMatchObject({ code: 'insufficient_balance' });
      await send(0);
      const stored = await storedOf(userId, messageId);
      expect({ free: stored.free.length, paid: stored.paid.length, balance: stored.balance }).toEqual({
        free: 1,
        paid: 0,
        balance: 50,
      });
    });
  });
}

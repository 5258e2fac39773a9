/**
 * A spy's money on his wallet (docs/architecture.md#spies): one `SpyMinuteBilled` + `AuracoinDebited`
 * per minute he owes, each a spend with fixed event ids (`spy:<spyId>:minute:<n>`), so the clock and
 * his leaving billing the same minute at once bill it once. No hold: a spy owes no minimum, and his
 * first seconds are free.
 */
import { streams, type EventDataOf } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { foldWallet, isFrozen, spendableFor, type WalletTotals } from '../wallet/fold';
import { spendFromWallet } from '../wallet/spend';

export interface SpyMoney {
  wallet: WalletTotals;
  /** minutes of this watch billed (1, 2, 3… once each) */
  minutesBilled: number;
  costUnits: number;
}

/** The terms a spy minute is billed on (the watch's `SpyStarted`). */
export type SpyTerms = Pick<EventDataOf<'SpyStarted'>, 'spyId' | 'sessionId' | 'performerId' | 'userId' | 'priceUnits'>;

/** What one watch was billed so far, folded from his wallet's events. */
export function spyMoneyOf(events: readonly { type: string; data: unknown }[], spyId: string): SpyMoney {
  let minutesBilled = 0;
  let costUnits = 0;
  for (const event of events) {
    if (event.type !== 'SpyMinuteBilled') continue;
    const billed = event.data as EventDataOf<'SpyMinuteBilled'>;
    if (billed.spyId !== spyId) continue;
    minutesBilled = Math.max(minutesBilled, billed.minute);
    costUnits += billed.amount;
  }
  return { wallet: foldWallet(events as Parameters<typeof foldWallet>[0]), minutesBilled, costUnits };
}

/** Can this wallet pay one spy minute now (available, not frozen)? */
export const canPaySpyMinute = (wallet: WalletTotals, priceUnits: number): boolean =>
  !isFrozen(wallet) && spendableFor(wallet) >= priceUnits;

export function spyWallet(eventStore: EventStore) {
  return {
    async money(walletId: string, spyId: string): Promise<SpyMoney> {
      return spyMoneyOf(await eventStore.readStream(streams.wallet(walletId)), spyId);
    },
    /** bills minute `minute` of the watch (a no-op when it was billed); throws insufficient_balance / wallet_frozen */
    async billMinute(
      terms: SpyTerms,
      minute: number,
      owedFrom: Date,
      now: () => Date,
      metadata?: Record<string, unknown>,
    ): Promise<number> {
      const result = await spendFromWallet(eventStore, {
        walletId: terms.userId,
        amountUnits: terms.priceUnits,
        purchase: {
          type: 'SpyMinuteBilled',
          data: {
            spyId: terms.spyId,
            sessionId: terms.sessionId,
            walletId: terms.userId,
            performerId: terms.performerId,
            minute,
            amount: terms.priceUnits,
            owedFrom: owedFrom.toISOString(),
            billedAt: now().toISOString(),
          },
        },
        reason: 'spy',
        reference: terms.spyId,
        idempotencyKey: `spy:${terms.spyId}:minute:${minute}`,
        ...(metadata ? { metadata } : {}),
        now,
      });
      return result.position;
    },
  };
}

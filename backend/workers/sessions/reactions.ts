import { earningsCreditReaction } from '../../ledger';
import type { EventStore } from '../../platform/eventstore/port';
import type { ProjectionDefinition } from '../../kernel/projections/runner';

/**
 * Every billed minute (and the rest of a minimum) credits her 55%, exactly once, rounded once over
 * the session's running total. A restart replays the minutes billed since the last checkpoint:
 * their credits are refused by their fixed ids.
 */
export const sessionEarningsReaction = (eventStore: EventStore) =>
  earningsCreditReaction('reaction:session-earnings', ['SessionMinuteBilled', 'SessionMinimumCharged'], eventStore);

/** A dispute froze a wallet: its owner's open sessions end at once (docs/architecture.md#disputes). */
export function frozenWalletSessionsReaction(
  commands: { endFrozen(sessionId: string, metadata?: Record<string, unknown>): Promise<unknown> },
  queries: { openOfUser(userId: string): Promise<{ _id: string }[]> },
): ProjectionDefinition {
  return {
    name: 'reaction:frozen-wallet-sessions',
    collections: [],
    eventTypes: ['WalletFrozen'],
    async apply(event) {
      if (event.type !== 'WalletFrozen') return;
      for (const open of await queries.openOfUser(event.data.walletId))
        await commands.endFrozen(open._id, { causationId: event.id });
    },
  };
}

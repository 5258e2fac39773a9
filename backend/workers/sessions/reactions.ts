import type { ProjectionDefinition } from '../../kernel/projections/runner';

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

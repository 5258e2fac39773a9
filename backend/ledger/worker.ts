import type { ModulePorts, WorkerSide } from '../kernel/module';
import { earningsCreditReaction } from './earnings/reaction';
import { clawbackReaction } from './refunds/clawback';
import { disputeEarningsReaction } from './refunds/dispute';

/**
 * The ledger's one worker side (docs/architecture.md#money): every sale credits the performer's 55%
 * of its purchased part, every refund takes her share of it back, every dispute holds, takes back or
 * releases the shares it traced, each exactly once. One reaction per kind of sale, each under the
 * name (and checkpoint) it always had.
 */
export function ledgerWorkers(ports: Pick<ModulePorts, 'eventStore'>) {
  const { eventStore } = ports;
  return {
    name: 'ledger',
    reactions: [
      earningsCreditReaction('reaction:photo-earnings', ['PhotoPurchased'], eventStore),
      earningsCreditReaction('reaction:message-earnings', ['MessageSent'], eventStore),
      // every billed minute and the rest of a minimum, rounded once over the session's running total
      earningsCreditReaction('reaction:session-earnings', ['SessionMinuteBilled', 'SessionMinimumCharged'], eventStore),
      earningsCreditReaction('reaction:tip-earnings', ['ShowTipped'], eventStore),
      earningsCreditReaction('reaction:session-tip-earnings', ['SessionTipped'], eventStore),
      // a ticket show's tickets, once its ticketed part ran its minimum
      earningsCreditReaction('reaction:ticket-earnings', ['ShowTicketCharged'], eventStore),
      // a spy's minute on her private: a sale of its own
      earningsCreditReaction('reaction:spy-earnings', ['SpyMinuteBilled'], eventStore),
      clawbackReaction(eventStore),
      disputeEarningsReaction(eventStore),
    ],
  } satisfies WorkerSide;
}

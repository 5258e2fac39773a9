import { clawbackReaction, disputeEarningsReaction } from '../../ledger';
import type { ModulePorts, WorkerSide } from '../../kernel/module';

/**
 * Every refund takes her share of the refunded part back, every dispute holds, takes back or releases
 * the shares it traced: exactly once (docs/architecture.md#refunds).
 */
export function refundsWorkers(ports: ModulePorts) {
  return {
    name: 'refunds',
    reactions: [clawbackReaction(ports.eventStore), disputeEarningsReaction(ports.eventStore)],
  } satisfies WorkerSide;
}

import type { EventStore } from '../eventstore/port';
import type { PayoutProvider } from './port';
import { createSandboxPayoutProvider } from './sandbox';

/** Which payout adapter runs: the TEST MODE sandbox ledger (the only one so far). */
export function payoutProviderFrom(deps: { eventStore: EventStore; now: () => Date; config: { PAYOUT_SANDBOX_LATENCY_MS: number } }): PayoutProvider {
  return createSandboxPayoutProvider({ eventStore: deps.eventStore, now: deps.now, latencyMs: deps.config.PAYOUT_SANDBOX_LATENCY_MS });
}

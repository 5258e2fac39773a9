import type { Config } from '../config/config';
import type { Clock } from '../clock';
import type { EventStore } from '../eventstore/port';
import type { PayoutProvider } from './port';
import { createSandboxPayoutProvider } from './sandbox';
import { createSepaPayoutProvider, type SepaRail } from './sepa/provider';

type PayoutConfig = Pick<
  Config,
  | 'PAYOUT_SANDBOX_LATENCY_MS'
  | 'PAYOUT_PROVIDER'
  | 'SEPA_DEBTOR_NAME'
  | 'SEPA_DEBTOR_IBAN'
  | 'SEPA_DEBTOR_BIC'
  | 'SEPA_CARD_PAYOUTS'
> & { production?: boolean };

/** Which payout adapter runs: the TEST MODE sandbox ledger, or SEPA files (cards to the sandbox or paid by hand). */
export function payoutProviderFrom(deps: {
  eventStore: EventStore;
  clock: Clock;
  config: PayoutConfig;
}): PayoutProvider & { sepa?: SepaRail } {
  const { config } = deps;
  const sandbox = createSandboxPayoutProvider({
    eventStore: deps.eventStore,
    now: deps.clock.now,
    latencyMs: config.PAYOUT_SANDBOX_LATENCY_MS,
  });
  if (config.PAYOUT_PROVIDER !== 'sepa') return sandbox;
  const cards = (config.SEPA_CARD_PAYOUTS ?? (config.production ? 'manual' : 'sandbox')) === 'sandbox' ? sandbox : null;
  return createSepaPayoutProvider({
    eventStore: deps.eventStore,
    now: deps.clock.now,
    debtor: { name: config.SEPA_DEBTOR_NAME!, iban: config.SEPA_DEBTOR_IBAN!, bic: config.SEPA_DEBTOR_BIC! },
    cards,
  });
}

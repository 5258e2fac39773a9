/**
 * The payouts read models' part of `npm run ledger:audit`: every account, payout, weekly statement
 * and run total they show, rebuilt from the log and as stored (when shared), equals the ledger's
 * replay of the earnings streams (`auditPayoutReadModels`; the money itself the ledger audits).
 */
import { auditPayoutReadModels, type ShownPayouts } from '../../ledger';
import type { AuditHook } from '../../kernel/module';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { recorded } from '../../platform/recorded-event';
import {
  PAYOUT_ACCOUNTS,
  PAYOUT_RUNS,
  PAYOUT_STATEMENTS,
  PAYOUTS,
  payoutsProjections,
  type AccountDoc,
  type PayoutDoc,
  type RunDoc,
  type StatementDoc,
} from './projection';

/** What a payouts read model store shows. */
async function shownIn(store: ReadModelStore): Promise<ShownPayouts> {
  return {
    accounts: await store.collection<AccountDoc>(PAYOUT_ACCOUNTS).find({}),
    payouts: await store.collection<PayoutDoc>(PAYOUTS).find({}),
    statements: await store.collection<StatementDoc>(PAYOUT_STATEMENTS).find({}),
    runs: await store.collection<RunDoc>(PAYOUT_RUNS).find({}),
  };
}

/** The read models rebuilt from the log, and the stored ones when the audit asks for them. */
export function payoutReadModelsAudit(stored: ReadModelStore): AuditHook {
  return async (events, options) => {
    const rebuilt = createMingoReadModelStore();
    for (const event of events.map(recorded)) {
      if (!event) continue;
      for (const projection of payoutsProjections)
        if (projection.eventTypes.includes(event.type)) await projection.apply(event, rebuilt);
    }
    const models = [{ label: 'payouts read models rebuilt from the log', shown: await shownIn(rebuilt) }];
    if (options.storedReadModels) models.push({ label: 'stored payouts read models', shown: await shownIn(stored) });
    return { lines: [], problems: auditPayoutReadModels(events, models) };
  };
}

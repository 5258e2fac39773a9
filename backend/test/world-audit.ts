import type { CommandSide, ReadSide } from '../kernel/module';
import { moneyAudits, runLedgerAudit } from '../ledger';
import type { SpecWorld } from './api-spec';

/** `npm run ledger:audit` over an API spec world's log (its read models compared as stored too), as the app harness runs it. */
export async function ledgerAuditProblems(world: SpecWorld) {
  const sides: (CommandSide | ReadSide)[] = [...Object.values(world.reads), ...Object.values(world.commands)];
  const report = await runLedgerAudit(world.ports.eventStore, {
    hooks: [
      ...sides.flatMap((side) => side.audit ?? []),
      ...moneyAudits({ now: world.ports.clock.now, reserveDays: world.config.PAYOUT_RESERVE_DAYS }),
    ],
    storedReadModels: true,
  });
  return report.problems;
}

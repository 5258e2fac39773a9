import type { AuditHook } from '../../kernel/module';
import { auditPayouts } from './payouts';
import { auditSessions } from './sessions';
import { auditTicketShows } from './tickets';

/**
 * The ledger's own parts of `npm run ledger:audit`, after the modules' hooks: payouts (every payout
 * takes only unpaid earnings older than the reserve, at or above the minimum, each week once; the
 * SEPA files match them), then the private sessions' money (every billed minute consecutive, one
 * per started minute of its running time, at its rate, the minimum as the rules say), then the
 * ticket shows' (every ticket at her price, settled once, charged or refunded as the show closed).
 */
export function moneyAudits(options: { now: () => Date; reserveDays: number }): AuditHook[] {
  return [
    async (events) => auditPayouts(events, { now: options.now(), reserveDays: options.reserveDays }),
    async (events) => auditSessions(events),
    async (events) => auditTicketShows(events),
  ];
}

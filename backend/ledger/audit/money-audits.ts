import type { AuditHook } from '../../kernel/module';
import { auditSessions } from './sessions';

/**
 * The ledger's own parts of `npm run ledger:audit`, after the modules' hooks: the private
 * sessions' money (every billed minute consecutive, one per started minute of its running time,
 * at its rate, the minimum as the rules say).
 */
export function moneyAudits(): AuditHook[] {
  return [async (events) => auditSessions(events)];
}

import type { StoredEvent } from '../../platform/eventstore/port';
import type { AuditProblem } from '../../kernel/module';
import { auditLedger, type LedgerAudit } from './audit';

const WALLET_PREFIX = 'wallet-';

/** An account's balance and total spent as a read model shows them (minor units). */
export interface ShownBalance {
  _id: string;
  balanceUnits: number;
  totalSpentUnits: number;
}

/**
 * Every wallet's balance and total spent as each read model shows them equal the replay of the
 * log: what a read model of balances hands to the audit (docs/architecture.md#money).
 */
export function auditBalances(
  events: readonly StoredEvent[],
  models: readonly { label: string; accounts: readonly ShownBalance[] }[],
): AuditProblem[] {
  const audit = auditLedger(events);
  return models.flatMap(({ label, accounts }) => compareWithUsers(audit, accounts, label));
}

/** Differences between the replayed wallets and a users read model (balance and total spent, minor units). */
function compareWithUsers(audit: LedgerAudit, users: readonly ShownBalance[], label: string): AuditProblem[] {
  const problems: AuditProblem[] = [];
  const byId = new Map(users.map((user) => [user._id, user]));
  for (const wallet of audit.wallets.values()) {
    const user = byId.get(wallet.walletId);
    if (!user) {
      problems.push({ stream: `${WALLET_PREFIX}${wallet.walletId}`, problem: `${label}: no user for this wallet` });
      continue;
    }
    if (user.balanceUnits !== wallet.balance)
      problems.push({
        stream: `${WALLET_PREFIX}${wallet.walletId}`,
        problem: `${label}: balance ${user.balanceUnits} but the log gives ${wallet.balance}`,
      });
    if (user.totalSpentUnits !== wallet.spent)
      problems.push({
        stream: `${WALLET_PREFIX}${wallet.walletId}`,
        problem: `${label}: total spent ${user.totalSpentUnits} but the log gives ${wallet.spent}`,
      });
  }
  for (const user of users) {
    if (!audit.wallets.has(user._id) && (user.balanceUnits !== 0 || user.totalSpentUnits !== 0)) {
      problems.push({
        stream: `${WALLET_PREFIX}${user._id}`,
        problem: `${label}: balance ${user.balanceUnits} for a wallet with no events`,
      });
    }
  }
  return problems;
}

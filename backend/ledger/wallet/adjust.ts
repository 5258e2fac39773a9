import { streams, type DomainEvent } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { EventStore } from '../../platform/eventstore/port';
import { adjustmentSplit, type WalletTotals } from './fold';
import { handleWallet } from './wallet';

export interface AdjustBalance {
  walletId: string;
  /** the balance the admin set, minor units */
  targetUnits: number;
  adminId: string;
}

/**
 * An admin sets a balance: the difference is recorded as AuracoinAdjusted with both balances, the
 * admin's id and its split: an increase is promotional units (nobody paid for them, so no
 * performer earns on them), a decrease takes promotional units first (docs/architecture.md#promotional-units).
 * Setting the balance it already has records nothing.
 */
export function decideAdjustBalance(command: AdjustBalance, state: WalletTotals, now: Date): DomainEvent[] {
  if (!Number.isInteger(command.targetUnits) || command.targetUnits < 0) {
    throw new DomainError('validation_failed');
  }
  if (command.targetUnits === state.balance) return [];
  // what a running private session holds stays there until the session settles
  if (command.targetUnits < state.held) throw new DomainError('balance_below_held');
  const split = adjustmentSplit(state, command.targetUnits - state.balance);
  return [
    {
      type: 'AuracoinAdjusted',
      data: {
        walletId: command.walletId,
        amount: command.targetUnits - state.balance,
        balanceBefore: state.balance,
        balanceAfter: command.targetUnits,
        adminId: command.adminId,
        purchasedAmount: split.purchased,
        promotionalAmount: split.promotional,
        adjustedAt: now.toISOString(),
      },
    },
  ];
}

/** An admin sets a user's balance: decided on the wallet with its expected revision. */
export function adjustWallet(
  eventStore: EventStore,
  command: AdjustBalance,
  now: () => Date,
  metadata: Record<string, unknown>,
) {
  return handleWallet(
    eventStore,
    streams.wallet(command.walletId),
    (state) => decideAdjustBalance(command, state, now()),
    { metadata },
  );
}

import { applyWalletEvent, emptyWallet, type DomainEvent, type WalletTotals } from '@aura/contracts';
import { DomainError } from '../domain-error';
import { commandHandler, type Aggregate } from '../eventstore/handle-command';

/** A wallet (stream `wallet-<userId>`) folded with the shared rule (contracts/src/rules/wallet.ts). */
export const wallet: Aggregate<WalletTotals> = {
  initialState: emptyWallet,
  evolve: (state, event) => applyWalletEvent(state, event),
};

/** Commands on a wallet other than spends (an admin's adjustment) go through this handler. */
export const handleWallet = commandHandler(wallet);

export const INSUFFICIENT_BALANCE_MESSAGE = 'Insufficient auracoin balance';

export interface Spend {
  walletId: string;
  /** minor units, positive integer */
  amountUnits: number;
  /** the event saying what is bought (AliasPurchased, PhotoPurchased…), appended before the debit */
  purchase: DomainEvent;
  /** what the debit is for ('alias', 'photo', 'session'…) and the id of the thing bought */
  reason: string;
  reference: string;
}

/**
 * Pure: a spend the wallet can afford gives [purchase, AuracoinDebited]; one it cannot throws
 * insufficient_balance. The balance never goes below zero.
 */
export function decideSpend(command: Spend, state: WalletTotals, now: Date): DomainEvent[] {
  if (!Number.isInteger(command.amountUnits) || command.amountUnits <= 0) {
    throw new DomainError('validation_failed', 'The amount must be a positive whole number of minor units');
  }
  if (state.balance < command.amountUnits) throw new DomainError('insufficient_balance', INSUFFICIENT_BALANCE_MESSAGE);
  return [
    command.purchase,
    {
      type: 'AuracoinDebited',
      data: { walletId: command.walletId, amount: command.amountUnits, reason: command.reason, reference: command.reference, debitedAt: now.toISOString() },
    },
  ];
}

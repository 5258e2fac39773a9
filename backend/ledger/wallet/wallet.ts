import { streams, type DomainEvent } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import {
  applyWalletEvent,
  availableBalance,
  emptyWallet,
  holdSplit,
  isFrozen,
  spendableFor,
  spendSplit,
  type WalletTotals,
} from './fold';
import { DomainError } from '../../platform/domain-error';
import {
  commandHandler,
  foldStream,
  handleCommand,
  type Aggregate,
  type HandleOptions,
} from '../../kernel/handle-command';

/** A wallet (stream `wallet-<userId>`) folded with the one rule (./fold.ts). */
export const wallet: Aggregate<WalletTotals> = {
  initialState: emptyWallet,
  evolve: (state, event) => applyWalletEvent(state, event),
};

/** Commands on a wallet other than spends (an admin's adjustment) go through this handler. */
export const handleWallet = commandHandler(wallet);

/** How a spend is paid: purchased units first, then promotional (docs/architecture.md#promotional-units). */
export interface PaidWith {
  purchasedUnits: number;
  promotionalUnits: number;
}

export interface Spend {
  walletId: string;
  /** minor units, positive integer */
  amountUnits: number;
  /**
   * the event saying what is bought (AliasPurchased, PhotoPurchased…), appended before the debit;
   * or made from how the spend is paid (a session's minute keeps its running purchased total)
   */
  purchase: DomainEvent | ((paid: PaidWith) => DomainEvent);
  /** what the debit is for ('alias', 'photo', 'session'…) and the id of the thing bought */
  reason: string;
  reference: string;
  /** pay from this open hold first (a session's minute); refused once the hold is closed */
  holdId?: string;
}

/**
 * Pure: a spend the wallet can afford gives [purchase, AuracoinDebited]; one it cannot throws
 * insufficient_balance. Only the available balance (balance − held) may be spent, plus, for a
 * debit naming a hold, what is left of that hold. The balance never goes below zero. Both events
 * record how it is paid (purchased units first): the purchase `purchasedUnits`/`promotionalUnits`,
 * on which a sale's share is earned, the debit `purchasedAmount`/`promotionalAmount`.
 */
export function decideSpend(command: Spend, state: WalletTotals, now: Date): DomainEvent[] {
  if (!Number.isInteger(command.amountUnits) || command.amountUnits <= 0) {
    throw new DomainError('validation_failed');
  }
  if (command.holdId && !state.holds[command.holdId]) throw new DomainError('conflict');
  // frozen by a dispute: only what a hold placed before already covers may still be debited (a session's minute, its minimum)
  if (isFrozen(state) && !(command.holdId && state.holds[command.holdId]!.amount >= command.amountUnits))
    throw new DomainError('wallet_frozen');
  if (spendableFor(state, command.holdId) < command.amountUnits) throw new DomainError('insufficient_balance');
  const split = spendSplit(state, command.amountUnits, command.holdId);
  const paid: PaidWith = { purchasedUnits: split.purchased, promotionalUnits: split.promotional };
  const purchase = typeof command.purchase === 'function' ? command.purchase(paid) : command.purchase;
  return [
    // the ledger writes how it was paid, whatever the module put there
    { type: purchase.type, data: { ...purchase.data, ...paid } } as DomainEvent,
    {
      type: 'AuracoinDebited',
      data: {
        walletId: command.walletId,
        amount: command.amountUnits,
        reason: command.reason,
        reference: command.reference,
        ...(command.holdId ? { holdId: command.holdId } : {}),
        purchasedAmount: split.purchased,
        promotionalAmount: split.promotional,
        debitedAt: now.toISOString(),
      },
    },
  ];
}

export interface Hold {
  walletId: string;
  holdId: string;
  amountUnits: number;
  reason: string;
  /** refuse the hold while another open hold has this reason (one private session at a time) */
  exclusive?: boolean;
  /** this hold id was placed before (open or released): placing it again is a no-op */
  alreadyPlaced?: boolean;
}

/** Pure: reserves part of the available balance, purchased units first; a hold already placed is not placed again. */
export function decideHold(command: Hold, state: WalletTotals, now: Date): DomainEvent[] {
  if (command.alreadyPlaced || state.holds[command.holdId]) return [];
  if (!Number.isInteger(command.amountUnits) || command.amountUnits <= 0) {
    throw new DomainError('validation_failed');
  }
  if (isFrozen(state)) throw new DomainError('wallet_frozen');
  if (command.exclusive && Object.values(state.holds).some((hold) => hold.reason === command.reason)) {
    throw new DomainError('conflict');
  }
  if (availableBalance(state) < command.amountUnits) throw new DomainError('insufficient_balance');
  const split = holdSplit(state, command.amountUnits);
  return [
    {
      type: 'AuracoinHeld',
      data: {
        walletId: command.walletId,
        holdId: command.holdId,
        amount: command.amountUnits,
        reason: command.reason,
        purchasedAmount: split.purchased,
        promotionalAmount: split.promotional,
        heldAt: now.toISOString(),
      },
    },
  ];
}

/** Pure: closes an open hold, freeing what is left of it (of each kind); nothing to do when it is closed already. */
export function decideRelease(walletId: string, holdId: string, state: WalletTotals, now: Date): DomainEvent[] {
  const hold = state.holds[holdId];
  if (!hold) return [];
  return [
    {
      type: 'AuracoinReleased',
      data: {
        walletId,
        holdId,
        amount: hold.amount,
        purchasedAmount: hold.purchased,
        promotionalAmount: hold.promotional,
        releasedAt: now.toISOString(),
      },
    },
  ];
}

/** A wallet folded by a fold that extends the wallet's (a private session's money: the wallet and what the session was charged). */
export async function walletAs<S>(eventStore: EventStore, walletId: string, aggregate: Aggregate<S>): Promise<S> {
  return foldStream(aggregate, await eventStore.readStream(streams.wallet(walletId)));
}

/** The wallet's totals as its events give them. */
export const walletTotals = (eventStore: EventStore, walletId: string) => walletAs(eventStore, walletId, wallet);

/**
 * A decision on a wallet by a fold that extends the wallet's (a session's hold, minutes and
 * settlement; a refund; a dispute's freeze), appended with the wallet's expected revision and the
 * decision's fixed ids: the wallet is where a session's money serialises with every other spend.
 * The ledger's own: modules reach it only through the narrow calls that use it.
 */
export function onWallet<S>(
  eventStore: EventStore,
  walletId: string,
  aggregate: Aggregate<S>,
  decide: (state: S) => DomainEvent[],
  options: HandleOptions,
) {
  return handleCommand(eventStore, streams.wallet(walletId), aggregate, decide, options);
}

const WALLET_STREAM_PREFIX = streams.wallet('');

/** Whose wallet a stream is, or undefined when it is not a wallet's: the read side's one way to tell. */
export function walletIdOfStream(streamId: string): string | undefined {
  return streamId.startsWith(WALLET_STREAM_PREFIX) ? streamId.slice(WALLET_STREAM_PREFIX.length) : undefined;
}

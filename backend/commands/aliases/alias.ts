import type { DomainEvent } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/**
 * An alias lives in two places: its purchase (AliasPurchased) is on the buyer's wallet stream,
 * next to the debit that paid for it, so buying and paying are one atomic append; its later life
 * (AliasDeleted) is on its own stream `alias-<aliasId>`.
 */
export type Alias = { status: 'active' } | { status: 'deleted' };

export const alias: Aggregate<Alias> = {
  initialState: () => ({ status: 'active' }),
  evolve(state, event) {
    if (event.type === 'AliasDeleted') return { status: 'deleted' };
    return state;
  },
};

/** Every command of an alias's own stream goes through this handler. */
export const handleAlias = commandHandler(alias);

export interface PurchaseAlias {
  aliasId: string;
  userId: string;
  aliasName: string;
  /** minor units */
  price: number;
}

/** The event recording an alias bought; spendFromWallet appends it with its debit. */
export function aliasPurchased(command: PurchaseAlias, now: Date): DomainEvent {
  const aliasName = command.aliasName.trim();
  if (aliasName === '') throw new DomainError('validation_failed');
  return {
    type: 'AliasPurchased',
    data: {
      aliasId: command.aliasId,
      userId: command.userId,
      aliasName,
      price: command.price,
      purchasedAt: now.toISOString(),
    },
  };
}

export interface DeleteAlias {
  aliasId: string;
  userId: string;
  deletedBy: string;
}

export function decideDeleteAlias(command: DeleteAlias, state: Alias, now: Date): DomainEvent[] {
  if (state.status === 'deleted') throw new DomainError('not_found');
  return [
    {
      type: 'AliasDeleted',
      data: {
        aliasId: command.aliasId,
        userId: command.userId,
        deletedBy: command.deletedBy,
        deletedAt: now.toISOString(),
      },
    },
  ];
}

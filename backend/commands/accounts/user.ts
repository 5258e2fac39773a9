import { auracoinToUnits, WELCOME_BONUS_AURACOIN, type DomainEvent } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../platform/eventstore/handle-command';

export type User =
  | { status: 'unregistered' }
  | { status: 'registered' | 'deleted'; userId: string; username: string; email: string };

export const user: Aggregate<User> = {
  initialState: () => ({ status: 'unregistered' }),
  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      return { status: 'registered', userId: event.data.userId, username: event.data.username, email: event.data.email };
    }
    if (event.type === 'UserDeleted' && state.status === 'registered') return { ...state, status: 'deleted' };
    return state;
  },
};

/** Every command of a user goes through this handler. */
export const handleUser = commandHandler(user);

export interface RegisterUser {
  userId: string;
  username: string;
  email: string;
  passwordHash: string;
}

export function decideRegister(command: RegisterUser, state: User, now: Date): DomainEvent[] {
  if (state.status !== 'unregistered') throw new DomainError('conflict', 'Utente già registrato');
  return [
    {
      type: 'UserRegistered',
      data: {
        userId: command.userId,
        username: command.username,
        email: command.email.toLowerCase(),
        passwordHash: command.passwordHash,
        role: 'user',
        registeredAt: now.toISOString(),
      },
    },
  ];
}

/** The welcome credit every new user's wallet opens with. */
export function welcomeCredit(userId: string, now: Date): DomainEvent {
  return {
    type: 'AuracoinCredited',
    data: { walletId: userId, amount: auracoinToUnits(WELCOME_BONUS_AURACOIN), reason: 'welcome', creditedAt: now.toISOString() },
  };
}

/** Event id of a user's welcome credit: fixed, so crediting it twice is a no-op. */
export const welcomeCreditEventId = (userId: string) => `welcome-credit:${userId}`;

/**
 * An admin deletes a user: UserDeleted (read models forget the personal data, the claims on the
 * username and email are released). The wallet's stream is untouched, so the ledger stays whole.
 */
export function decideDeleteUser(command: { userId: string; deletedBy: string }, state: User, now: Date): DomainEvent[] {
  if (state.status !== 'registered') throw new DomainError('not_found', 'Utente non trovato');
  return [{ type: 'UserDeleted', data: { userId: command.userId, deletedBy: command.deletedBy, deletedAt: now.toISOString() } }];
}

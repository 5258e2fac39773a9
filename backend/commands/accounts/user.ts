import { auracoinToUnits, sensitiveDataConsentRecord, WELCOME_BONUS_AURACOIN, type DomainEvent } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/** A link sent by mail: its token's hash and until when it works. */
export type PendingLink = { tokenHash: string; expiresAt: string };

export type User =
  | { status: 'unregistered' }
  | {
      status: 'registered' | 'deleted';
      userId: string;
      username: string;
      email: string;
      /** reset links not yet spent (a password change spends them all) */
      resets: PendingLink[];
      /** the address he asked to move to, until confirmed */
      emailChange: (PendingLink & { email: string }) | null;
    };

export const user: Aggregate<User> = {
  initialState: () => ({ status: 'unregistered' }),
  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      return {
        status: 'registered',
        userId: event.data.userId,
        username: event.data.username,
        email: event.data.email,
        resets: [],
        emailChange: null,
      };
    }
    if (state.status === 'unregistered') return state;
    switch (event.type) {
      case 'UserDeleted':
        return { ...state, status: 'deleted', resets: [], emailChange: null };
      case 'PasswordResetRequested':
        return {
          ...state,
          resets: [...(state.resets ?? []), { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt }],
        };
      case 'UserPasswordChanged':
        return { ...state, resets: [] };
      case 'EmailChangeRequested':
        return {
          ...state,
          emailChange: { email: event.data.email, tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
        };
      case 'UserEmailChanged':
        return { ...state, email: event.data.email, emailChange: null };
      default:
        return state;
    }
  },
};

type Registered = Extract<User, { status: 'registered' | 'deleted' }> & { status: 'registered' };

function registered(state: User): Registered {
  if (state.status !== 'registered') throw new DomainError('not_found');
  return state as Registered;
}

const invalidLink = () => new DomainError('invalid_token');
const live = (link: PendingLink | null | undefined, tokenHash: string, now: Date) =>
  link !== null && link !== undefined && link.tokenHash === tokenHash && now.getTime() < Date.parse(link.expiresAt);

/** A reset link for him: only its hash is recorded. */
export function decideRequestReset(
  command: { tokenHash: string; ttlMs: number },
  state: User,
  now: Date,
): DomainEvent[] {
  const current = registered(state);
  return [
    {
      type: 'PasswordResetRequested',
      data: {
        userId: current.userId,
        tokenHash: command.tokenHash,
        expiresAt: new Date(now.getTime() + command.ttlMs).toISOString(),
        requestedAt: now.toISOString(),
      },
    },
  ];
}

/** A reset link sets a new password once, before it expires; then every earlier link is spent too. */
export function decideResetPassword(
  command: { tokenHash: string; passwordHash: string },
  state: User,
  now: Date,
): DomainEvent[] {
  if (state.status !== 'registered' || !(state.resets ?? []).some((link) => live(link, command.tokenHash, now)))
    throw invalidLink();
  return [
    {
      type: 'UserPasswordChanged',
      data: { userId: state.userId, passwordHash: command.passwordHash, via: 'reset', changedAt: now.toISOString() },
    },
  ];
}

/** He changed his password from his settings (the current one was checked before). */
export function decideChangePassword(command: { passwordHash: string }, state: User, now: Date): DomainEvent[] {
  const current = registered(state);
  return [
    {
      type: 'UserPasswordChanged',
      data: {
        userId: current.userId,
        passwordHash: command.passwordHash,
        via: 'settings',
        changedAt: now.toISOString(),
      },
    },
  ];
}

export function decideRequestEmailChange(
  command: { email: string; tokenHash: string; ttlMs: number; emailOwner: string | null },
  state: User,
  now: Date,
): DomainEvent[] {
  const current = registered(state);
  // one account per address: another's is refused before anything is mailed
  if (command.emailOwner !== null && command.emailOwner !== current.userId) throw new DomainError('email_taken');
  if (command.email.toLowerCase() === current.email) throw new DomainError('same_email');
  return [
    {
      type: 'EmailChangeRequested',
      data: {
        userId: current.userId,
        email: command.email.toLowerCase(),
        tokenHash: command.tokenHash,
        expiresAt: new Date(now.getTime() + command.ttlMs).toISOString(),
        requestedAt: now.toISOString(),
      },
    },
  ];
}

/** The link sent to the new address confirms it (once, before it expires). */
export function decideConfirmEmail(command: { tokenHash: string }, state: User, now: Date): DomainEvent[] {
  if (state.status !== 'registered' || !live(state.emailChange, command.tokenHash, now)) throw invalidLink();
  return [
    {
      type: 'UserEmailChanged',
      data: {
        userId: state.userId,
        email: state.emailChange!.email,
        previousEmail: state.email,
        changedAt: now.toISOString(),
      },
    },
  ];
}

/** Every command of a user goes through this handler. */
export const handleUser = commandHandler(user);

export interface RegisterUser {
  userId: string;
  username: string;
  email: string;
  passwordHash: string;
  /** his explicit consent to data about sexual life (GDPR Art. 9): without it no account */
  sensitiveDataConsent: boolean;
}

export function decideRegister(command: RegisterUser, state: User, now: Date): DomainEvent[] {
  if (state.status !== 'unregistered') throw new DomainError('conflict');
  const sensitiveDataConsent = sensitiveDataConsentRecord(command.sensitiveDataConsent, now);
  if (!sensitiveDataConsent) throw new DomainError('consent_required');
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
        sensitiveDataConsent,
      },
    },
  ];
}

/** The welcome credit every new user's wallet opens with. */
export function welcomeCredit(userId: string, now: Date): DomainEvent {
  return {
    type: 'AuracoinCredited',
    data: {
      walletId: userId,
      amount: auracoinToUnits(WELCOME_BONUS_AURACOIN),
      reason: 'welcome',
      creditedAt: now.toISOString(),
    },
  };
}

/** Event id of a user's welcome credit: fixed, so crediting it twice is a no-op. */
export const welcomeCreditEventId = (userId: string) => `welcome-credit:${userId}`;

/**
 * An admin deletes a user: UserDeleted (read models forget the personal data, the claims on the
 * username and email are released). The wallet's stream is untouched, so the ledger stays whole.
 */
export function decideDeleteUser(
  command: { userId: string; deletedBy: string; reason?: 'consent_withdrawn' },
  state: User,
  now: Date,
): DomainEvent[] {
  if (state.status !== 'registered') throw new DomainError('not_found');
  return [
    {
      type: 'UserDeleted',
      data: {
        userId: command.userId,
        deletedBy: command.deletedBy,
        deletedAt: now.toISOString(),
        ...(command.reason ? { reason: command.reason } : {}),
      },
    },
  ];
}

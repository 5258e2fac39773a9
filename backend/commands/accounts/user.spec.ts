import { SENSITIVE_DATA_POLICY_VERSION } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import {
  decideConfirmEmail,
  decideDeleteUser,
  decideRegister,
  decideRequestEmailChange,
  decideRequestReset,
  decideResetPassword,
  user,
  welcomeCredit,
  type User,
} from './user';

const now = new Date('2026-11-20T10:00:00.000Z');
const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const command = {
  userId,
  username: 'Mario',
  email: 'Mario@Example.com',
  passwordHash: 'hash',
  sensitiveDataConsent: true,
};
const registered = {
  type: 'UserRegistered' as const,
  data: {
    userId,
    username: 'Mario',
    email: 'mario@example.com',
    passwordHash: 'hash',
    role: 'user' as const,
    registeredAt: now.toISOString(),
    sensitiveDataConsent: { policyVersion: SENSITIVE_DATA_POLICY_VERSION, givenAt: now.toISOString() },
  },
};

describe('user decider', () => {
  const spec = deciderSpec(user);

  it('registers a new user with a lower-cased email', () => {
    spec
      .given([])
      .when((state) => decideRegister(command, state, now))
      .then([registered]);
  });

  it('refuses a registration without consent to sensitive data (GDPR Art. 9)', () => {
    spec
      .given([])
      .when((state) => decideRegister({ ...command, sensitiveDataConsent: false }, state, now))
      .thenThrows('consent_required');
  });

  it('refuses to register the same user twice', () => {
    spec
      .given([registered])
      .when((state) => decideRegister(command, state, now))
      .thenThrows('conflict');
  });

  it('opens the wallet with 10 auracoin (1000 units)', () => {
    expect(welcomeCredit(userId, now)).toEqual({
      type: 'AuracoinCredited',
      data: { walletId: userId, amount: 1000, reason: 'welcome', creditedAt: now.toISOString() },
    });
  });
});

describe('user deletion', () => {
  const spec = deciderSpec(user);
  const deleted = {
    type: 'UserDeleted' as const,
    data: { userId, deletedBy: 'admin-1', deletedAt: now.toISOString() },
  };

  it('deletes a registered user, naming the admin', () => {
    spec
      .given([registered])
      .when((state) => decideDeleteUser({ userId, deletedBy: 'admin-1' }, state, now))
      .then([deleted]);
  });

  it('closes the account when he withdraws his consent to sensitive data, saying so', () => {
    spec
      .given([registered])
      .when((state) => decideDeleteUser({ userId, deletedBy: userId, reason: 'consent_withdrawn' }, state, now))
      .then([
        {
          type: 'UserDeleted',
          data: { userId, deletedBy: userId, deletedAt: now.toISOString(), reason: 'consent_withdrawn' },
        },
      ]);
  });

  it('refuses an unknown or already deleted user', () => {
    spec
      .given([])
      .when((state) => decideDeleteUser({ userId, deletedBy: 'admin-1' }, state, now))
      .thenThrows('not_found');
    spec
      .given([registered, deleted])
      .when((state) => decideDeleteUser({ userId, deletedBy: 'admin-1' }, state, now))
      .thenThrows('not_found');
  });
});

describe('reset and email links', () => {
  const spec = deciderSpec(user);
  const hour = 3_600_000;
  const requested = {
    type: 'PasswordResetRequested' as const,
    data: {
      userId,
      tokenHash: 'h1',
      expiresAt: new Date(now.getTime() + hour).toISOString(),
      requestedAt: now.toISOString(),
    },
  };
  const later = (ms: number) => new Date(now.getTime() + ms);
  const askEmail = (email: string, emailOwner: string | null) => (state: User) =>
    decideRequestEmailChange({ email, tokenHash: 'e1', ttlMs: hour, emailOwner }, state, now);

  it('refuses an address another account holds, and his own as a change to nothing', () => {
    spec
      .given([registered])
      .when(askEmail('Nuovo@Example.com', 'another-account'))
      .thenThrows('email_taken', 'Email già registrata');
    spec.given([registered]).when(askEmail('mario@example.com', userId)).thenThrows('same_email');
  });

  const changed = (at: Date) => ({
    type: 'UserPasswordChanged' as const,
    data: { userId, passwordHash: 'new', via: 'reset' as const, changedAt: at.toISOString() },
  });

  it('records only the hash of a reset link, valid for its time', () => {
    spec
      .given([registered])
      .when((state) => decideRequestReset({ tokenHash: 'h1', ttlMs: hour }, state, now))
      .then([requested]);
  });

  it('sets the password once per link, before it expires, and not with an unknown one', () => {
    spec
      .given([registered, requested])
      .when((state) => decideResetPassword({ tokenHash: 'h1', passwordHash: 'new' }, state, later(hour - 1)))
      .then([changed(later(hour - 1))]);
    spec
      .given([registered, requested, changed(later(10))])
      .when((state) => decideResetPassword({ tokenHash: 'h1', passwordHash: 'new' }, state, later(20)))
      .thenThrows('invalid_token');
    spec
      .given([registered, requested])
      .when((state) => decideResetPassword({ tokenHash: 'h1', passwordHash: 'new' }, state, later(hour)))
      .thenThrows('invalid_token');
    spec
      .given([registered, requested])
      .when((state) => decideResetPassword({ tokenHash: 'other', passwordHash: 'new' }, state, later(1)))
      .thenThrows('invalid_token');
  });

  it('moves to a new email only with the link sent there', () => {
    const asked = {
      type: 'EmailChangeRequested' as const,
      data: {
        userId,
        email: 'nuovo@example.com',
        tokenHash: 'e1',
        expiresAt: later(hour).toISOString(),
        requestedAt: now.toISOString(),
      },
    };
    spec.given([registered]).when(askEmail('Nuovo@Example.com', null)).then([asked]);
    spec.given([registered]).when(askEmail('mario@example.com', null)).thenThrows('same_email');
    spec
      .given([registered, asked])
      .when((state) => decideConfirmEmail({ tokenHash: 'e1' }, state, later(5)))
      .then([
        {
          type: 'UserEmailChanged',
          data: {
            userId,
            email: 'nuovo@example.com',
            previousEmail: 'mario@example.com',
            changedAt: later(5).toISOString(),
          },
        },
      ]);
    spec
      .given([registered, asked])
      .when((state) => decideConfirmEmail({ tokenHash: 'zz' }, state, later(5)))
      .thenThrows('invalid_token');
  });
});

import { deciderSpec } from '../../platform/testing/decider-spec';
import { decideDeleteUser, decideRegister, user, welcomeCredit } from './user';

const now = new Date('2026-11-20T10:00:00.000Z');
const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const command = { userId, username: 'Mario', email: 'Mario@Example.com', passwordHash: 'hash' };
const registered = {
  type: 'UserRegistered' as const,
  data: { userId, username: 'Mario', email: 'mario@example.com', passwordHash: 'hash', role: 'user' as const, registeredAt: now.toISOString() },
};

describe('user decider', () => {
  const spec = deciderSpec(user);

  it('registers a new user with a lower-cased email', () => {
    spec.given([]).when((state) => decideRegister(command, state, now)).then([registered]);
  });

  it('refuses to register the same user twice', () => {
    spec.given([registered]).when((state) => decideRegister(command, state, now)).thenThrows('conflict');
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
  const deleted = { type: 'UserDeleted' as const, data: { userId, deletedBy: 'admin-1', deletedAt: now.toISOString() } };

  it('deletes a registered user, naming the admin', () => {
    spec.given([registered]).when((state) => decideDeleteUser({ userId, deletedBy: 'admin-1' }, state, now)).then([deleted]);
  });

  it('refuses an unknown or already deleted user', () => {
    spec.given([]).when((state) => decideDeleteUser({ userId, deletedBy: 'admin-1' }, state, now)).thenThrows('not_found');
    spec.given([registered, deleted]).when((state) => decideDeleteUser({ userId, deletedBy: 'admin-1' }, state, now)).thenThrows('not_found');
  });
});

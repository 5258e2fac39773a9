import type { DomainEvent } from '@aura/contracts';
import { evolveUser, type UserDoc } from './projection';

const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const registered: DomainEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    username: 'Mario',
    email: 'mario@example.com',
    passwordHash: 'h',
    role: 'user',
    registeredAt: '2026-11-20T10:00:00.000Z',
  },
};
const credit = (amount: number): DomainEvent => ({
  type: 'AuracoinCredited',
  data: { walletId: userId, amount, reason: 'welcome', creditedAt: '2026-11-20T10:00:00.000Z' },
});
const replay = (events: DomainEvent[]) => events.reduce<UserDoc | null>(evolveUser, null);

describe('users read model', () => {
  it('records a registered user with zero balance', () => {
    expect(replay([registered])).toEqual({
      _id: userId,
      username: 'Mario',
      usernameLower: 'mario',
      email: 'mario@example.com',
      passwordHash: 'h',
      role: 'user',
      balanceUnits: 0,
      totalSpentUnits: 0,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('adds credits to the balance', () => {
    expect(replay([registered, credit(1000), credit(250)])?.balanceUnits).toBe(1250);
  });

  it('keeps a credit that arrives before the registration', () => {
    const doc = replay([credit(1000), registered]);
    expect(doc?.balanceUnits).toBe(1000);
    expect(doc?.username).toBe('Mario');
  });
});

describe('users read model: spending, adjustments, deletion', () => {
  const debit = (amount: number): DomainEvent => ({
    type: 'AuracoinDebited',
    data: { walletId: userId, amount, reason: 'alias', reference: 'a', debitedAt: '2026-11-20T10:00:00.000Z' },
  });
  const adjusted = (amount: number): DomainEvent => ({
    type: 'AuracoinAdjusted',
    data: {
      walletId: userId,
      amount,
      balanceBefore: 0,
      balanceAfter: 0,
      adminId: 'admin',
      adjustedAt: '2026-11-20T10:00:00.000Z',
    },
  });
  const deleted: DomainEvent = {
    type: 'UserDeleted',
    data: { userId, deletedBy: 'admin', deletedAt: '2026-11-21T10:00:00.000Z' },
  };

  it('subtracts debits from the balance and adds them to the total spent', () => {
    const doc = replay([registered, credit(10000), debit(5000), debit(1500)]);
    expect(doc?.balanceUnits).toBe(3500);
    expect(doc?.totalSpentUnits).toBe(6500);
  });

  it('applies signed admin adjustments to the balance only', () => {
    const doc = replay([registered, credit(1000), adjusted(-400), adjusted(2000)]);
    expect(doc?.balanceUnits).toBe(2600);
    expect(doc?.totalSpentUnits).toBe(0);
  });

  it('forgets the personal data of a deleted user and keeps the money figures', () => {
    const doc = replay([registered, credit(1000), debit(500), deleted]);
    expect(doc).toMatchObject({ deleted: true, passwordHash: '', balanceUnits: 500, totalSpentUnits: 500 });
    expect(JSON.stringify(doc)).not.toContain('Mario');
    expect(JSON.stringify(doc)).not.toContain('mario@example.com');
  });
});

import type { DomainEvent } from '@aura/contracts';
import { evolveAlias, toAliasView, type AliasDoc } from './projection';

const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '1c8d5e2f-9a8b-4f74-8b62-6b5d2c3e4f50';
const purchased: DomainEvent = {
  type: 'AliasPurchased',
  data: { aliasId, userId, aliasName: 'Zorro', price: 5000, purchasedAt: '2026-11-20T10:00:00.000Z' },
};
const deleted: DomainEvent = {
  type: 'AliasDeleted',
  data: { aliasId, userId, deletedBy: userId, deletedAt: '2026-11-21T10:00:00.000Z' },
};
const replay = (events: DomainEvent[]) => events.reduce<AliasDoc | null>(evolveAlias, null);

describe('aliases read model', () => {
  it('lists a bought alias as active', () => {
    expect(toAliasView(replay([purchased])!)).toEqual({
      id: aliasId,
      aliasName: 'Zorro',
      createdAt: '2026-11-20T10:00:00.000Z',
      isActive: true,
    });
  });

  it('marks a deleted alias, whatever the order the events arrive in', () => {
    expect(replay([purchased, deleted])?.deleted).toBe(true);
    expect(replay([deleted, purchased])).toMatchObject({ deleted: true, aliasName: 'Zorro' });
  });
});

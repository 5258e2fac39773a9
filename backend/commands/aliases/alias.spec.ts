import { DomainError } from '../../platform/domain-error';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { alias, aliasPurchased, decideDeleteAlias } from './alias';

const now = new Date('2026-11-20T10:00:00.000Z');
const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '1c8d5e2f-9a8b-4f74-8b62-6b5d2c3e4f50';

describe('alias decider', () => {
  const spec = deciderSpec(alias);
  const deleted = {
    type: 'AliasDeleted' as const,
    data: { aliasId, userId, deletedBy: userId, deletedAt: now.toISOString() },
  };

  it('records a purchase with the trimmed name', () => {
    expect(aliasPurchased({ aliasId, userId, aliasName: '  Zorro ', price: 5000 }, now)).toEqual({
      type: 'AliasPurchased',
      data: { aliasId, userId, aliasName: 'Zorro', price: 5000, purchasedAt: now.toISOString() },
    });
  });

  it('refuses a blank name', () => {
    expect(() => aliasPurchased({ aliasId, userId, aliasName: '   ', price: 5000 }, now)).toThrow(DomainError);
  });

  it('deletes an active alias', () => {
    spec
      .given([])
      .when((state) => decideDeleteAlias({ aliasId, userId, deletedBy: userId }, state, now))
      .then([deleted]);
  });

  it('refuses to delete an alias twice', () => {
    spec
      .given([deleted])
      .when((state) => decideDeleteAlias({ aliasId, userId, deletedBy: userId }, state, now))
      .thenThrows('not_found');
  });
});

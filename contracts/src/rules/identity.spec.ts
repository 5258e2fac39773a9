import { counterpartOf, identityIdOf, isAliasIdentity, type Identity } from './identity';

const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '1c8d5e2f-9a8b-4f74-8b62-6b5d2c3e4f50';

describe('identity', () => {
  it('is the alias when one is chosen, else the user', () => {
    expect(identityIdOf({ userId, aliasId })).toBe(aliasId);
    expect(identityIdOf({ userId, aliasId: null })).toBe(userId);
    expect(identityIdOf({ userId })).toBe(userId);
  });

  it('shows a performer only the identity id and its name', () => {
    const alias: Identity = { identityId: aliasId, userId, aliasId, displayName: 'Zorro' };
    expect(isAliasIdentity(alias)).toBe(true);
    expect(counterpartOf(alias)).toEqual({ id: aliasId, displayName: 'Zorro' });
    expect(JSON.stringify(counterpartOf(alias))).not.toContain(userId);
    expect(isAliasIdentity({ aliasId: null })).toBe(false);
  });
});

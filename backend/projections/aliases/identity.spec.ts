import { DomainError } from '../../platform/domain-error';
import type { AliasDoc } from './projection';
import { identityResolver } from './queries';

const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const otherId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '1c8d5e2f-9a8b-4f74-8b62-6b5d2c3e4f50';
const deletedId = '3c8d5e2f-9a8b-4f74-8b62-6b5d2c3e4f50';

const docs: Record<string, AliasDoc> = {
  [aliasId]: { _id: aliasId, userId, aliasName: 'Zorro', createdAt: '2026-11-20T10:00:00.000Z', deleted: false },
  [deletedId]: { _id: deletedId, userId, aliasName: 'Old', createdAt: '2026-11-20T10:00:00.000Z', deleted: true },
};
const usernames: Record<string, string> = { [userId]: 'mario', [otherId]: 'luigi' };
const { identityFor } = identityResolver(
  { byId: async (id) => docs[id] ?? null },
  { usernameOf: async (id) => usernames[id] ?? null },
);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

describe('identityFor', () => {
  it('is the real name without an alias', async () => {
    await expect(identityFor(userId)).resolves.toEqual({
      identityId: userId,
      userId,
      aliasId: null,
      displayName: 'mario',
    });
    await expect(identityFor(userId, null)).resolves.toMatchObject({ identityId: userId, displayName: 'mario' });
  });

  it('is the alias when the user owns it and it is active', async () => {
    await expect(identityFor(userId, aliasId)).resolves.toEqual({
      identityId: aliasId,
      userId,
      aliasId,
      displayName: 'Zorro',
    });
  });

  it("refuses someone else's, a deleted or an unknown alias, and an unknown user, all as not found", async () => {
    expect(await refusal(identityFor(otherId, aliasId))).toBe('not_found');
    expect(await refusal(identityFor(userId, deletedId))).toBe('not_found');
    expect(await refusal(identityFor(userId, '9c8d5e2f-9a8b-4f74-8b62-6b5d2c3e4f50'))).toBe('not_found');
    expect(await refusal(identityFor('9b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f'))).toBe('not_found');
  });
});

import { identityIdOf, type Identity } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { ALIASES, type AliasDoc } from './projection';

export function createAliasQueries(readModels: ReadModelStore) {
  const aliases = readModels.collection<AliasDoc>(ALIASES);
  return {
    async byId(id: string): Promise<AliasDoc | null> {
      return aliases.findOne({ _id: id });
    },
    /** who owns an alias still in use; null when unknown or deleted */
    async activeOwnerOf(id: string): Promise<string | null> {
      const doc = await aliases.findOne({ _id: id });
      return doc && !doc.deleted && doc.aliasName ? doc.userId : null;
    },
    /** a user's aliases still in use, oldest first */
    async ofUser(userId: string): Promise<AliasDoc[]> {
      return aliases.find({ userId, deleted: false }, { sort: { createdAt: 1 } });
    },
  };
}
export type AliasQueries = ReturnType<typeof createAliasQueries>;

/**
 * The one way a user's choice becomes an identity (chat, private sessions): their real name, or an
 * active alias they own. Anything else (an unknown alias, someone else's, a deleted one, a deleted
 * user) is refused as not found, so the answer tells nothing about other people's aliases.
 */
export function identityResolver(
  aliases: Pick<AliasQueries, 'byId'>,
  users: { usernameOf(userId: string): Promise<string | null> },
) {
  return {
    async identityFor(userId: string, aliasId?: string | null): Promise<Identity> {
      const username = await users.usernameOf(userId);
      if (username === null) throw new DomainError('not_found');
      if (!aliasId) return { identityId: identityIdOf({ userId }), userId, aliasId: null, displayName: username };
      const alias = await aliases.byId(aliasId);
      if (!alias || alias.userId !== userId || alias.deleted || !alias.aliasName) throw new DomainError('not_found');
      return { identityId: identityIdOf({ userId, aliasId }), userId, aliasId, displayName: alias.aliasName };
    },
  };
}
export type IdentityQueries = ReturnType<typeof identityResolver>;

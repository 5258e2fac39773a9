import type { ReadModelStore } from '../../platform/readmodels/port';
import { ALIASES, type AliasDoc } from './projection';

export function createAliasQueries(readModels: ReadModelStore) {
  const aliases = readModels.collection<AliasDoc>(ALIASES);
  return {
    async byId(id: string): Promise<AliasDoc | null> {
      return aliases.findOne({ _id: id });
    },
    /** a user's aliases still in use, oldest first */
    async ofUser(userId: string): Promise<AliasDoc[]> {
      return aliases.find({ userId, deleted: false }, { sort: { createdAt: 1 } });
    },
  };
}
export type AliasQueries = ReturnType<typeof createAliasQueries>;

import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn, viewAfter } from '../../kernel/projections/wait';
import { ALIASES, aliasesProjection, toAliasView } from './projection';
import { createAliasQueries, identityResolver } from './queries';
import { aliasesQueryRouter } from './query-routes';

export interface AliasesReadDeps {
  users: { exists(userId: string): Promise<boolean>; usernameOf(userId: string): Promise<string | null> };
}

/** Aliases as read: a user's aliases, and the one way to resolve a user's choice to an identity. */
export function aliasesReadSide(ports: ModulePorts, deps: AliasesReadDeps) {
  const aliases = createAliasQueries(ports.readModels);
  const settled = settledOn(ports.readModels, ALIASES);
  return {
    name: 'aliases',
    projections: [aliasesProjection],
    routers: [aliasesQueryRouter({ sessions: ports.sessions, aliases })],
    queries: {
      ...identityResolver(aliases, deps.users),
      /** who owns an alias still in use; null when unknown or deleted */
      activeOwnerOf: aliases.activeOwnerOf,
      /** waits until the aliases read model has applied `position` */
      settled,
      /** the aliases he holds (his data export) */
      ofUser: async (userId: string) =>
        (await aliases.ofUser(userId)).map((doc) => ({
          id: doc._id,
          aliasName: doc.aliasName,
          createdAt: doc.createdAt,
        })),
      /** the alias's view once the aliases read model has applied `position` (read-your-writes) */
      viewAfter: viewAfter(settled, aliases.byId, toAliasView),
    },
  } satisfies ReadSide & Record<string, unknown>;
}

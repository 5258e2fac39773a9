import { notFound } from '../../platform/http/errors';
import type { AuraModule, ModulePorts } from '../../platform/module';
import { settledOn } from '../../platform/projections/wait';
import { ALIASES, aliasesProjection, toAliasView } from './projection';
import { createAliasQueries, identityResolver } from './queries';
import { aliasesQueryRouter } from './query-routes';
import { aliasesRouter } from './routes';

export interface AliasesDeps {
  users: { exists(userId: string): Promise<boolean>; usernameOf(userId: string): Promise<string | null> };
}

/** Aliases: other names a user buys (50 auracoin) to meet performers under. */
export function aliasesModule(ports: ModulePorts, deps: AliasesDeps) {
  const aliases = createAliasQueries(ports.readModels);
  const settled = settledOn(ports.readModels, ALIASES);
  const identities = identityResolver(aliases, deps.users);
  return {
    name: 'aliases',
    projections: [aliasesProjection],
    routers: [
      aliasesQueryRouter({ sessions: ports.sessions, aliases }),
      aliasesRouter({
        ...ports,
        settled,
        userActive: deps.users.exists,
        aliasOwner: aliases.activeOwnerOf,
        aliasViewAfter: async (aliasId, position) => {
          await settled(position);
          const doc = await aliases.byId(aliasId);
          if (!doc) throw notFound('Alias non trovato');
          return toAliasView(doc);
        },
      }),
    ],
    queries: identities,
  } satisfies AuraModule & Record<string, unknown>;
}

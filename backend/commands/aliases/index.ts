import { notFound } from '../../platform/http/errors';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import { ALIASES, toAliasView } from '../../projections/aliases/projection';
import { createAliasQueries } from '../../projections/aliases/queries';
import { aliasesRouter } from './routes';

export interface AliasesDeps {
  users: { exists(userId: string): Promise<boolean> };
}

/** Aliases: other names a user buys (50 auracoin) to meet performers under. */
export function aliasesCommands(ports: ModulePorts, deps: AliasesDeps) {
  const aliases = createAliasQueries(ports.readModels);
  const settled = settledOn(ports.readModels, ALIASES);
  return {
    name: 'aliases',
    routers: [
      aliasesRouter({
        ...ports,
        now: ports.clock.now,
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
  } satisfies CommandSide;
}

import type { ModulePorts, ReadSide } from '../../kernel/module';
import { aliasesProjection } from './projection';
import { createAliasQueries, identityResolver } from './queries';
import { aliasesQueryRouter } from './query-routes';

export interface AliasesReadDeps {
  users: { exists(userId: string): Promise<boolean>; usernameOf(userId: string): Promise<string | null> };
}

/** Aliases as read: a user's aliases, and the one way to resolve a user's choice to an identity. */
export function aliasesReadSide(ports: ModulePorts, deps: AliasesReadDeps) {
  const aliases = createAliasQueries(ports.readModels);
  return {
    name: 'aliases',
    projections: [aliasesProjection],
    routers: [aliasesQueryRouter({ sessions: ports.sessions, aliases })],
    queries: identityResolver(aliases, deps.users),
  } satisfies ReadSide & Record<string, unknown>;
}

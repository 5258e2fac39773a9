import type { CommandSide, ModulePorts } from '../../kernel/module';
import { aliasesRouter, type AliasesDeps as RouterDeps } from './routes';

/** What the aliases' routes read of other sides (entry hands it over). */
export interface AliasesDeps {
  users: { exists(userId: string): Promise<boolean> };
  /** the aliases read side: who owns one, and its view once written */
  aliases: {
    activeOwnerOf: RouterDeps['aliasOwner'];
    viewAfter: RouterDeps['aliasViewAfter'];
    settled: RouterDeps['settled'];
  };
}

/** Aliases: other names a user buys (50 auracoin) to meet performers under. */
export function aliasesCommands(ports: ModulePorts, deps: AliasesDeps) {
  return {
    name: 'aliases',
    routers: [
      aliasesRouter({
        ...ports,
        now: ports.clock.now,
        settled: deps.aliases.settled,
        userActive: deps.users.exists,
        aliasOwner: deps.aliases.activeOwnerOf,
        aliasViewAfter: deps.aliases.viewAfter,
      }),
    ],
  } satisfies CommandSide;
}

import { rateLimiterOf } from '../../platform/http/rate-limit';
import type { CommandSide, ModulePorts } from '../../platform/module';
import { settledOn } from '../../platform/projections/wait';
import { USERS } from '../../projections/accounts/projection';
import { createUserQueries } from '../../projections/accounts/queries';
import { accountsRouter } from './routes';
import type { UserView } from '@aura/contracts';

export interface AccountsDeps {
  users: { viewAfter(userId: string, position: number | undefined): Promise<UserView> };
}

/** Users: registration, sign-in, deletion by an admin. */
export function accountsCommands(ports: ModulePorts, deps: AccountsDeps) {
  const users = createUserQueries(ports.readModels);
  return {
    name: 'accounts',
    routers: [
      accountsRouter({
        ...ports,
        limits: rateLimiterOf(ports),
        findLogin: async (identifier) => {
          const doc = await users.byLogin(identifier);
          return doc ? { id: doc._id, passwordHash: doc.passwordHash } : null;
        },
        userViewAfter: deps.users.viewAfter,
        settled: settledOn(ports.readModels, USERS),
      }),
    ],
  } satisfies CommandSide;
}

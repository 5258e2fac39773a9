import { rateLimiterOf } from '../../platform/http/rate-limit';
import { accountRateLimits } from './rate-limits';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import { USERS } from '../../projections/accounts/projection';
import { createUserQueries } from '../../projections/accounts/queries';
import { accountsRouter } from './routes';
import type { LedgerEntryView, UserView } from '@aura/contracts';
import { createMailer } from '../../platform/mail/mailer';
import { accountRouter } from './account-routes';

export interface AccountsDeps {
  users: { viewAfter(userId: string, position: number | undefined): Promise<UserView> };
  wallet: { ledgerOf(walletId: string): Promise<LedgerEntryView[]> };
  chat: { messagesOfUser(userId: string): Promise<unknown[]> };
}

/** Users: registration, sign-in, deletion by an admin; his own account (reset link, settings). */
export function accountsCommands(ports: ModulePorts, deps: AccountsDeps) {
  const users = createUserQueries(ports.readModels);
  const settled = settledOn(ports.readModels, USERS);
  const record = (doc: { _id: string; username: string; email: string; passwordHash: string } | null) =>
    doc ? { id: doc._id, username: doc.username, email: doc.email, passwordHash: doc.passwordHash } : null;
  return {
    name: 'accounts',
    rateLimits: accountRateLimits,
    routers: [
      accountsRouter({
        ...ports,
        now: ports.clock.now,
        limits: rateLimiterOf(ports, accountRateLimits),
        findLogin: async (identifier) => {
          const doc = await users.byLogin(identifier);
          return doc ? { id: doc._id, passwordHash: doc.passwordHash } : null;
        },
        userViewAfter: deps.users.viewAfter,
        settled,
      }),
      accountRouter({
        ...ports,
        now: ports.clock.now,
        limits: rateLimiterOf(ports, accountRateLimits),
        mailer: createMailer(ports.config, ports.logger),
        production: ports.config.production,
        publicUrl: ports.config.PUBLIC_URL,
        byEmail: async (email) => record(email.includes('@') ? await users.byLogin(email) : null),
        byId: async (userId) => record(await users.byId(userId)),
        userViewAfter: deps.users.viewAfter,
        settled,
        async dataOf(userId) {
          const ledger = await deps.wallet.ledgerOf(userId);
          // what he bought: packages (credits of a purchase) and what he spent on (debits)
          const purchases = ledger.filter(
            (entry) =>
              entry.type === 'AuracoinDebited' || (entry.type === 'AuracoinCredited' && entry.reference !== null),
          );
          return { purchases, ledger, messages: await deps.chat.messagesOfUser(userId) };
        },
      }),
    ],
  } satisfies CommandSide;
}

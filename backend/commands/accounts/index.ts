import { rateLimiterOf } from '../../platform/http/rate-limit';
import { accountRateLimits } from './rate-limits';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { accountsRouter } from './routes';
import { sessionStreams, type AccountExport, type LedgerEntryView, type UserView } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { createMailer } from '../../platform/mail/mailer';
import { accountRouter, type AccountRecord } from './account-routes';

export interface AccountsDeps {
  users: {
    viewAfter(userId: string, position: number | undefined): Promise<UserView>;
    /** waits until the users read model has applied `position` */
    settled(position: number | undefined): Promise<void>;
    /** by username or email, ignoring case */
    recordByLogin(identifier: string): Promise<AccountRecord | null>;
    recordById(userId: string): Promise<AccountRecord | null>;
  };
  wallet: { ledgerOf(walletId: string): Promise<LedgerEntryView[]> };
  chat: { messagesOfUser(userId: string): Promise<unknown[]> };
  aliases: { ofUser(userId: string): Promise<AccountExport['aliases']> };
  shows: { ofUser(userId: string): Promise<Pick<AccountExport, 'tips' | 'roomLines'>> };
  sessions: { ofUser(userId: string): Promise<AccountExport['sessions']> };
  purchases: { paymentsOf(userId: string): Promise<AccountExport['cardPayments']> };
}

/** The ratings he gave: each on its session's stream (no read model keeps them per user). */
async function ratingsOf(eventStore: EventStore, sessionIds: string[]): Promise<AccountExport['ratings']> {
  const ratings: AccountExport['ratings'] = [];
  for (const sessionId of sessionIds) {
    for (const event of await eventStore.readStream(sessionStreams.session(sessionId))) {
      if (event.type !== 'SessionRated') continue;
      const data = event.data as { performerId: string; stars: number; comment: string | null; ratedAt: string };
      ratings.push({
        sessionId,
        performerId: data.performerId,
        stars: data.stars,
        comment: data.comment,
        ratedAt: data.ratedAt,
      });
    }
  }
  return ratings;
}

/** Users: registration, sign-in, deletion by an admin; his own account (reset link, settings). */
export function accountsCommands(ports: ModulePorts, deps: AccountsDeps) {
  const { users } = deps;
  const { settled } = users;
  return {
    name: 'accounts',
    rateLimits: accountRateLimits,
    routers: [
      accountsRouter({
        ...ports,
        now: ports.clock.now,
        limits: rateLimiterOf(ports, accountRateLimits),
        findLogin: async (identifier) => {
          const record = await users.recordByLogin(identifier);
          return record ? { id: record.id, passwordHash: record.passwordHash } : null;
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
        publicUrl: ports.config.publicUrl,
        byEmail: async (email) => (email.includes('@') ? users.recordByLogin(email) : null),
        byId: users.recordById,
        userViewAfter: deps.users.viewAfter,
        settled,
        async dataOf(userId) {
          const ledger = await deps.wallet.ledgerOf(userId);
          // what he bought: packages (credits of a purchase) and what he spent on (debits)
          const purchases = ledger.filter(
            (entry) =>
              entry.type === 'AuracoinDebited' || (entry.type === 'AuracoinCredited' && entry.reference !== null),
          );
          const [messages, aliases, shows, sessions, cardPayments] = await Promise.all([
            deps.chat.messagesOfUser(userId),
            deps.aliases.ofUser(userId),
            deps.shows.ofUser(userId),
            deps.sessions.ofUser(userId),
            deps.purchases.paymentsOf(userId),
          ]);
          const ratings = await ratingsOf(
            ports.eventStore,
            sessions.map((session) => session.id),
          );
          return { purchases, ledger, messages, aliases, ...shows, sessions, ratings, cardPayments };
        },
      }),
    ],
  } satisfies CommandSide;
}

import { notFound } from '../../platform/http/errors';
import type { ModulePorts, ReadSide } from '../../kernel/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { settledOn } from '../../kernel/projections/wait';
import { auditBalances } from '../../ledger';
import { USERS, usersProjection, type UserDoc } from './projection';
import { createUserQueries, toUserView } from './queries';
import { usersQueryRouter } from './query-routes';
import { replayUsers } from './replay';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Users' read side: the users read model (balances included), its queries and the balances' audit. */
export function accountsReadSide(ports: ModulePorts) {
  const users = createUserQueries(ports.readModels);
  const settled = settledOn(ports.readModels, USERS);
  const record = (doc: UserDoc | null) =>
    doc ? { id: doc._id, username: doc.username, email: doc.email, passwordHash: doc.passwordHash } : null;
  const queries = {
    /** waits until the users read model has applied `position` */
    settled,
    /** a user's sign-in record by username or email, ignoring case (null: unknown or deleted) */
    recordByLogin: async (identifier: string) => record(await users.byLogin(identifier)),
    /** a user's sign-in record (null: unknown or deleted) */
    recordById: async (userId: string) => record(await users.byId(userId)),
    /** registered and not deleted */
    exists: async (userId: string) => (await users.byId(userId)) !== null,
    /** the username of a registered, not deleted user, else null */
    usernameOf: async (userId: string) => (await users.byId(userId))?.username ?? null,
    /** the user's view once the users read model has applied `position` */
    async viewAfter(userId: string, position: number | undefined) {
      await settled(position);
      const doc = await users.byId(userId);
      if (!doc) throw notFound();
      return toUserView(doc);
    },
    /** users whose username or email contains `term`, ignoring case (deleted ones too: their sales stay refundable), at most 50 */
    async idsMatching(term: string): Promise<string[]> {
      const pattern = escapeRegExp(term.trim().toLowerCase());
      const docs = await ports.readModels
        .collection<UserDoc>(USERS)
        .find({ $or: [{ usernameLower: { $regex: pattern } }, { email: { $regex: pattern } }] }, { limit: 50 });
      return docs.map((doc) => doc._id);
    },
    /** the usernames of these users (a deleted one: none) */
    async usernamesOf(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const docs = await ports.readModels.collection<UserDoc>(USERS).find({ _id: { $in: [...ids] } });
      return new Map(docs.filter((doc) => !doc.deleted && doc.username).map((doc) => [doc._id, doc.username]));
    },
    /** auracoin balance, or null for an unknown or deleted user */
    async balanceOf(userId: string) {
      const doc = await users.byId(userId);
      return doc ? toUserView(doc).auracoinBalance : null;
    },
    /** auracoin balance (0 for an unknown user) once the users read model has applied `position` */
    async balanceAfter(userId: string, position: number | undefined) {
      await settled(position);
      return (await queries.balanceOf(userId)) ?? 0;
    },
  };
  return {
    name: 'accounts',
    projections: [usersProjection],
    routers: [usersQueryRouter({ sessions: ports.sessions, users })],
    queries,
    /** the admins' users list follows without a reload: who registered, who was deleted, balances that moved */
    async pushes(events: RecordedEvent[]) {
      const accounts = new Set<string>();
      let balances = false;
      for (const event of events) {
        if (event.type === 'UserRegistered' || event.type === 'UserDeleted' || event.type === 'UserEmailChanged')
          accounts.add(event.data.userId);
        else if (
          event.type === 'AuracoinCredited' ||
          event.type === 'AuracoinDebited' ||
          event.type === 'AuracoinAdjusted'
        )
          balances = true;
      }
      // one document and the lists, or (balances moved) the whole model once for the batch
      if (balances) ports.realtime.toAdmins('readmodel:changed', { model: 'users' });
      else for (const id of accounts) ports.realtime.toAdmins('readmodel:changed', { model: 'users', id });
    },
    /** every balance and total spent the users read model shows equals the wallets' replay (rebuilt from the log, and as stored) */
    async audit(events, options) {
      const models = [{ label: 'users read model rebuilt from the log', accounts: await replayUsers(events) }];
      if (options.storedReadModels)
        models.push({
          label: 'stored users read model',
          accounts: await ports.readModels.collection<UserDoc>(USERS).find({}),
        });
      return { lines: [], problems: auditBalances(events, models) };
    },
  } satisfies ReadSide & Record<string, unknown>;
}

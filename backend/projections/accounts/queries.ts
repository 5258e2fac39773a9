import { unitsToAuracoin, type UserView } from '@aura/contracts';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { USERS, type UserDoc } from './projection';

export function toUserView(doc: UserDoc): UserView {
  return {
    id: doc._id,
    username: doc.username,
    email: doc.email,
    role: doc.role,
    auracoinBalance: unitsToAuracoin(doc.balanceUnits),
    totalAuracoinSpent: unitsToAuracoin(doc.totalSpentUnits),
    createdAt: doc.createdAt,
  };
}

/** Reads of the users read model that other modules may use (injected, never imported by commands). */
export function createUserQueries(readModels: ReadModelStore) {
  const users = readModels.collection<UserDoc>(USERS);
  const registered = (doc: UserDoc | null) => (doc && doc.usernameLower && !doc.deleted ? doc : null);
  return {
    async byId(id: string): Promise<UserDoc | null> {
      return registered(await users.findOne({ _id: id }));
    },
    /** by username (ignoring case) or email */
    async byLogin(identifier: string): Promise<UserDoc | null> {
      const lower = identifier.trim().toLowerCase();
      return registered(await users.findOne(lower.includes('@') ? { email: lower } : { usernameLower: lower }));
    },
    /** every registered, not deleted user, newest first (admin list) */
    async list(): Promise<UserDoc[]> {
      const docs = await users.find(
        { usernameLower: { $ne: '' }, deleted: { $ne: true } },
        { sort: { createdAt: -1 } },
      );
      return docs.filter((doc) => registered(doc) !== null);
    },
    /** every user document, deleted ones included (the ledger auditor compares balances) */
    async all(): Promise<UserDoc[]> {
      return users.find({});
    },
  };
}

export type UserQueries = ReturnType<typeof createUserQueries>;

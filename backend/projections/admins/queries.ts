import type { AdminView } from '@aura/contracts';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { ADMINS, type AdminDoc } from './projection';

export function toAdminView(doc: AdminDoc): AdminView {
  return {
    id: doc._id,
    fullName: doc.fullName,
    username: doc.username,
    email: doc.email,
    role: doc.role,
    isActive: doc.isActive,
    createdAt: doc.createdAt,
  };
}

/** Reads of the admins read model that other modules may use (injected, never imported by commands). */
export function createAdminQueries(readModels: ReadModelStore) {
  const admins = readModels.collection<AdminDoc>(ADMINS);
  return {
    async byId(id: string): Promise<AdminDoc | null> {
      return admins.findOne({ _id: id });
    },
    async byUsername(username: string): Promise<AdminDoc | null> {
      return admins.findOne({ usernameLower: username.trim().toLowerCase() });
    },
    async isActive(id: string): Promise<boolean> {
      return (await admins.findOne({ _id: id }))?.isActive === true;
    },
    /** oldest first */
    async list(): Promise<AdminView[]> {
      return (await admins.find({}, { sort: { createdAt: 1, _id: 1 } })).map(toAdminView);
    },
  };
}

export type AdminQueries = ReturnType<typeof createAdminQueries>;

import type { AdminRole, DomainEvent } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';

export const ADMINS = 'admins';

export type AdminDoc = {
  _id: string;
  fullName: string;
  username: string;
  usernameLower: string;
  email: string;
  passwordHash: string;
  role: AdminRole;
  isActive: boolean;
  createdAt: string;
};

export function evolveAdmin(doc: AdminDoc | null, event: DomainEvent): AdminDoc | null {
  switch (event.type) {
    case 'AdminCreated':
      return {
        _id: event.data.adminId,
        fullName: event.data.fullName,
        username: event.data.username,
        usernameLower: event.data.username.toLowerCase(),
        email: event.data.email,
        passwordHash: event.data.passwordHash,
        role: event.data.role,
        isActive: true,
        createdAt: event.data.createdAt,
      };
    case 'AdminActivated':
      return doc ? { ...doc, isActive: true } : null;
    case 'AdminDeactivated':
      return doc ? { ...doc, isActive: false } : null;
    case 'AdminDeleted':
      return null;
    default:
      return doc;
  }
}

export const adminsProjection = docProjection<AdminDoc>({
  name: ADMINS,
  collection: ADMINS,
  eventTypes: ['AdminCreated', 'AdminActivated', 'AdminDeactivated', 'AdminDeleted'],
  documentId(event) {
    switch (event.type) {
      case 'AdminCreated':
      case 'AdminActivated':
      case 'AdminDeactivated':
      case 'AdminDeleted':
        return event.data.adminId;
      default:
        return undefined;
    }
  },
  evolve: evolveAdmin,
  indexes: [{ keys: { usernameLower: 1 }, options: { name: 'by_username' } }],
});

import type { DomainEvent } from '@aura/contracts';
import { docProjection } from '../../platform/projections/doc-projection';
import type { StoredEvent } from '../../platform/eventstore/port';

export const USERS = 'users';

export type UserDoc = {
  _id: string;
  username: string;
  usernameLower: string;
  email: string;
  passwordHash: string;
  role: 'user';
  balanceUnits: number;
  totalSpentUnits: number;
  createdAt: string;
};

const asDomain = (event: StoredEvent) => ({ type: event.type, data: event.data }) as DomainEvent;

export function evolveUser(doc: UserDoc | null, event: DomainEvent): UserDoc | null {
  switch (event.type) {
    case 'UserRegistered':
      return {
        _id: event.data.userId,
        username: event.data.username,
        usernameLower: event.data.username.toLowerCase(),
        email: event.data.email,
        passwordHash: event.data.passwordHash,
        role: 'user',
        balanceUnits: doc?.balanceUnits ?? 0,
        totalSpentUnits: doc?.totalSpentUnits ?? 0,
        createdAt: event.data.registeredAt,
      };
    case 'AuracoinCredited':
      // a credit can only follow the registration; one arriving first waits in a partial doc
      return { ...(doc ?? partialUser(event.data.walletId)), balanceUnits: (doc?.balanceUnits ?? 0) + event.data.amount };
    default:
      return doc;
  }
}

function partialUser(userId: string): UserDoc {
  return { _id: userId, username: '', usernameLower: '', email: '', passwordHash: '', role: 'user', balanceUnits: 0, totalSpentUnits: 0, createdAt: '' };
}

export const usersProjection = docProjection<UserDoc>({
  name: USERS,
  collection: USERS,
  eventTypes: ['UserRegistered', 'AuracoinCredited'],
  documentId(event) {
    const domain = asDomain(event);
    if (domain.type === 'UserRegistered') return domain.data.userId;
    if (domain.type === 'AuracoinCredited') return domain.data.walletId;
    return undefined;
  },
  evolve: (doc, event) => evolveUser(doc, asDomain(event)),
  indexes: [
    { keys: { usernameLower: 1 }, options: { name: 'by_username' } },
    { keys: { email: 1 }, options: { name: 'by_email' } },
  ],
});

import type { DomainEvent } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';

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
  /** deleted by an admin: personal data replaced, login impossible */
  deleted?: boolean;
  /** the welcome credit is in the log (its recovery job has nothing to do) */
  welcomeCredited?: boolean;
};

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
      return {
        ...(doc ?? partialUser(event.data.walletId)),
        balanceUnits: (doc?.balanceUnits ?? 0) + event.data.amount,
        ...(event.data.reason === 'welcome' ? { welcomeCredited: true } : {}),
      };
    case 'AuracoinDebited':
      return {
        ...(doc ?? partialUser(event.data.walletId)),
        balanceUnits: (doc?.balanceUnits ?? 0) - event.data.amount,
        totalSpentUnits: (doc?.totalSpentUnits ?? 0) + event.data.amount,
      };
    case 'AuracoinAdjusted':
      return {
        ...(doc ?? partialUser(event.data.walletId)),
        balanceUnits: (doc?.balanceUnits ?? 0) + event.data.amount,
      };
    case 'UserPasswordChanged':
      return doc && !doc.deleted ? { ...doc, passwordHash: event.data.passwordHash } : doc;
    case 'UserEmailChanged':
      return doc && !doc.deleted ? { ...doc, email: event.data.email } : doc;
    case 'UserDeleted':
      return anonymised(doc ?? partialUser(event.data.userId), event.data.deletedAt);
    default:
      return doc;
  }
}

/** What stays of a deleted user: no name, no email, no password; the money figures (the ledger) stay. */
export function anonymised(doc: UserDoc, _deletedAt: string): UserDoc {
  const tag = doc._id.slice(0, 8);
  return {
    ...doc,
    username: `utente-eliminato-${tag}`,
    usernameLower: `deleted:${doc._id}`,
    email: `eliminato-${doc._id}@deleted.invalid`,
    passwordHash: '',
    deleted: true,
  };
}

function partialUser(userId: string): UserDoc {
  return {
    _id: userId,
    username: '',
    usernameLower: '',
    email: '',
    passwordHash: '',
    role: 'user',
    balanceUnits: 0,
    totalSpentUnits: 0,
    createdAt: '',
  };
}

export const usersProjection = docProjection<UserDoc>({
  name: USERS,
  collection: USERS,
  eventTypes: [
    'UserRegistered',
    'AuracoinCredited',
    'AuracoinDebited',
    'AuracoinAdjusted',
    'UserDeleted',
    'UserPasswordChanged',
    'UserEmailChanged',
  ],
  documentId(event) {
    if (
      event.type === 'UserRegistered' ||
      event.type === 'UserDeleted' ||
      event.type === 'UserPasswordChanged' ||
      event.type === 'UserEmailChanged'
    )
      return event.data.userId;
    if (event.type === 'AuracoinCredited' || event.type === 'AuracoinDebited' || event.type === 'AuracoinAdjusted')
      return event.data.walletId;
    return undefined;
  },
  evolve: evolveUser,
  indexes: [
    { keys: { usernameLower: 1 }, options: { name: 'by_username' } },
    { keys: { email: 1 }, options: { name: 'by_email' } },
  ],
});

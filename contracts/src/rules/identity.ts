/**
 * Who a user is to a performer: ONE identity, their real name or one of their active aliases
 * (chat conversations and private sessions alike). The performer only ever sees the identity's id
 * and display name; for an alias neither says anything about the real account, and two identities
 * of one person share nothing she could link.
 */

/** The user behind an identity and the alias they chose (null or absent: their real name). */
export interface IdentityRef {
  userId: string;
  aliasId?: string | null;
}

/** An identity resolved by the server (the aliases module's `identityFor`). */
export interface Identity {
  /** `identityIdOf`: the alias id, or the user id for the real name */
  identityId: string;
  userId: string;
  aliasId: string | null;
  /** the username for the real name, the aliasName for an alias */
  displayName: string;
}

/** What a performer may know of a counterpart: the identity id and its display name, nothing else. */
export interface Counterpart {
  id: string;
  displayName: string;
}

/** The only id a performer ever sees for a counterpart: the alias id, else the user id. */
export function identityIdOf(ref: IdentityRef): string {
  return ref.aliasId ?? ref.userId;
}

/** Is this identity an alias (rather than the real name)? */
export function isAliasIdentity(identity: Pick<Identity, 'aliasId'>): boolean {
  return identity.aliasId !== null;
}

/** The performer-facing side of an identity: never the user id of an alias, never a username or email. */
export function counterpartOf(identity: Pick<Identity, 'identityId' | 'displayName'>): Counterpart {
  return { id: identity.identityId, displayName: identity.displayName };
}

import { DomainError } from '../../platform/domain-error';
import { notFound } from '../../platform/http/errors';
import type { Principal } from '../../platform/http/session';

/**
 * Who may buy, beyond the route's `auth` level: one small rule, called by the route before
 * anything is decided.
 */

/** Buying auracoin is a user's own act, and his account must still be there (registered, not deleted). */
export async function mayBuy(caller: Principal, userActive: (userId: string) => Promise<boolean>) {
  if (caller.kind !== 'user') throw new DomainError('forbidden');
  if (!(await userActive(caller.sub))) throw notFound();
}

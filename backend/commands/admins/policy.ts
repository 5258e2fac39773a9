import { DomainError } from '../../platform/domain-error';
import { forbidden } from '../../platform/http/errors';
import type { Actor } from './admin';

/**
 * Who may act among the admins, beyond the route's `auth` level: one small rule each, called by
 * the routes before anything is decided. (What a superadmin alone may do is the decider's:
 * ./admin.ts.)
 */

/** A deactivated admin signs in no more, even with the right password. */
export function maySignIn<Login extends { isActive: boolean }>(login: Login): Login {
  if (!login.isActive) throw new DomainError('forbidden', 'Account amministratore disattivato');
  return login;
}

/** The admin acting is one the admins' records know (the session check has already found her active). */
export function actingAdmin(found: Actor | null): Actor {
  if (!found) throw forbidden();
  return found;
}

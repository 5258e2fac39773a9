import { DomainError } from '../../platform/domain-error';
import { forbidden, HttpError } from '../../platform/http/errors';
import type { Actor } from './admin';

/**
 * Who may act among the admins, beyond the route's `auth` level: one small rule each, called by
 * the routes (and the admin gate, ./mfa-gate.ts) before anything is decided. (What a superadmin
 * alone may do is the decider's: ./admin.ts.)
 */

/** A deactivated admin signs in no more, even with the right password. */
export function maySignIn<Login extends { isActive: boolean }>(login: Login): Login {
  if (!login.isActive) throw new DomainError('admin_disabled');
  return login;
}

/** The admin acting is one the admins' records know (the session check has already found her active). */
export function actingAdmin(found: Actor | null): Actor {
  if (!found) throw forbidden();
  return found;
}

/** What an admin route asks of her second factor, by its contract alone (docs/architecture.md#admin-mfa). */
export type SecondFactorAsked = 'nothing' | 'enrolment' | 'fresh';

/**
 * 'none' asks nothing (sign-in, enrolment, sign-out); a money or moderation act ('fresh') a code
 * never used before; any other admin route her enrolment, where ADMIN_MFA_REQUIRED says so.
 */
export function secondFactorAsked(secondFactor: 'fresh' | 'none' | undefined, required: boolean): SecondFactorAsked {
  if (secondFactor === 'none') return 'nothing';
  if (secondFactor === 'fresh') return 'fresh';
  return required ? 'enrolment' : 'nothing';
}

/**
 * Given whether she has enrolled: nothing but enrolling until she has (where required); once
 * enrolled, whether this route's act is signed with a code.
 */
export function signsWithCode(asked: Exclude<SecondFactorAsked, 'nothing'>, enrolled: boolean, required: boolean) {
  if (!enrolled) {
    if (required) throw new HttpError('mfa_enrollment_required');
    return false;
  }
  return asked === 'fresh';
}

/** The code comes in its header (`X-MFA-Code`); without one the act is refused before anything is counted. */
export function codeHeader(header: string): string {
  if (header === '') throw new HttpError('mfa_required');
  return header;
}

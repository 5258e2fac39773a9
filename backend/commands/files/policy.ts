import { forbidden } from '../../platform/http/errors';
import { assertOwnerOrAdmin } from '../../platform/http/routes';
import type { Principal } from '../../platform/http/session';

/**
 * Who may do what with uploads, beyond the route's `auth` level: one small rule each, called by the
 * routes before anything is stored.
 */

/** An upload ticket is used by the account it was signed for, and no other. */
export function holdsTicket(ticket: { owner?: string }, caller: Principal) {
  if (ticket.owner !== caller.sub) throw forbidden();
}

/** A photo joins her gallery by her hand, or an admin's. */
export function managesGallery(caller: Principal, performerId: string) {
  assertOwnerOrAdmin(caller, performerId);
}

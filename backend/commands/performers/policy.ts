import { forbidden } from '../../platform/http/errors';
import { assertOwnerOrAdmin } from '../../platform/http/routes';
import type { Principal } from '../../platform/http/session';

/**
 * Who may do what to a performer's record, beyond the route's `auth` level: one small rule each,
 * called by the routes before anything is decided.
 */

/** Her profile, documents, schedule, geoblock and blocked users: hers to manage, and an admin's. */
export function managesProfile(caller: Principal, performerId: string) {
  assertOwnerOrAdmin(caller, performerId);
}

/** Only an admin sets the rating a profile shows. */
export function mayChangeRating(caller: Principal, rating: unknown) {
  if (caller.kind !== 'admin' && rating !== undefined) throw forbidden();
}

/** An uploaded document is attached by whoever uploaded it, or by anyone when it was uploaded before sign-up. */
export function mayAttachDocument(fileOwner: string, caller: string | undefined) {
  if (caller !== undefined && fileOwner !== 'anonymous' && fileOwner !== caller) throw forbidden();
}

/** Her co-performers are added by her alone: not by an admin on her behalf, nor by another performer. */
export function addsCoPerformers(caller: Principal, performerId: string) {
  if (caller.kind !== 'performer' || caller.sub !== performerId) throw forbidden();
}

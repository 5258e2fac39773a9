import { assertOwnerOrAdmin } from '../../platform/http/routes';
import { forbidden, notFound, refused } from '../../platform/http/errors';
import type { Principal } from '../../platform/http/session';

/**
 * Who may do what in the shows, beyond the route's `auth` level: one small rule each, called by
 * the routes before anything is decided.
 */

/** Only an approved performer goes live. */
export async function mayGoLive(caller: Principal, approved: (performerId: string) => Promise<boolean>) {
  if (caller.kind !== 'performer') throw forbidden();
  if (!(await approved(caller.sub))) throw refused('show_not_approved');
}

/** Her show, her room, her menu: she runs them, and an admin may too. */
export function runsRoom(caller: Principal, performerId: string) {
  assertOwnerOrAdmin(caller, performerId);
}

/** Her tip menu is set only while her profile is approved (otherwise she is not found). */
export async function maySetTipMenu(
  caller: Principal,
  performerId: string,
  approved: (performerId: string) => Promise<boolean>,
) {
  runsRoom(caller, performerId);
  if (!(await approved(performerId))) throw notFound();
}

/** Spending is the owner's act alone: an admin (or a performer) session tips nothing. */
export function mayTip(caller: Principal) {
  if (caller.kind !== 'user') throw forbidden();
}

/** A performer writes in her own room only; users and admins in any. */
export function mayWriteIn(caller: Principal, performerId: string) {
  if (caller.kind === 'performer' && caller.sub !== performerId) throw forbidden();
}

/** Her show's thumbnail comes from her own browser, never anyone else's (an admin's neither). */
export function sendsThumbnail(caller: Principal, performerId: string) {
  if (caller.kind !== 'performer' || caller.sub !== performerId) throw forbidden();
}

/** Her encoder's address and token are hers alone: nobody else reads or renews them (an admin neither). */
export function ownsWhip(caller: Principal, performerId: string) {
  if (caller.kind !== 'performer' || caller.sub !== performerId) throw forbidden();
}

/** A ticket show is announced from her own live room only (an admin's session announces none). */
export function announcesTicketShow(caller: Principal, performerId: string) {
  if (caller.kind !== 'performer' || caller.sub !== performerId) throw forbidden();
}

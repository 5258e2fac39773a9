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

/**
 * Her own session only, an admin's neither: her show's thumbnail (sent by her browser), its title,
 * her encoder's WHIP address and token, a ticket show announced from her live room.
 */
function herselfOnly(caller: Principal, performerId: string) {
  if (caller.kind !== 'performer' || caller.sub !== performerId) throw forbidden();
}

export const sendsThumbnail = herselfOnly;
export const retitlesShow = herselfOnly;
export const ownsWhip = herselfOnly;
export const announcesTicketShow = herselfOnly;

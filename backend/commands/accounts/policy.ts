import { forbidden, notFound } from '../../platform/http/errors';
import type { Principal } from '../../platform/http/session';

/**
 * Who may do what to an account by himself, beyond the route's `auth` level: one small rule each,
 * called by the routes before anything is decided.
 */

/** Password, email, deletion and the download of his data are a user's own settings (a performer's or an admin's are not here). */
export function hasOwnSettings(caller: Principal) {
  if (caller.kind !== 'user') throw forbidden();
}

/** The mail outbox is read only outside production, and only while mail goes to files. */
export function outboxShown(production: boolean, outboxDir: string | undefined): asserts outboxDir is string {
  if (production || !outboxDir) throw notFound();
}

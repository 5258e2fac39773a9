import { forbidden } from '../../platform/http/errors';
import type { Principal } from '../../platform/http/session';

/**
 * Who may do what in the chat, beyond the route's `auth` level: one small rule, called by the
 * route before anything is decided. (Who is a party to a conversation is the decider's:
 * ./conversation.ts `partyOf`.)
 */

/** A conversation is opened by a user (with her); a performer or an admin opens none. */
export function opensConversations(caller: Principal) {
  if (caller.kind !== 'user') throw forbidden();
}

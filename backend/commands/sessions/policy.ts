import type { SessionParty } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { forbidden, notFound } from '../../platform/http/errors';
import type { Principal } from '../../platform/http/session';
import type { OpenSession, Session } from './session';

/**
 * Who may do what with a private session, beyond the route's `auth` level: one small rule each,
 * called by the routes before anything is decided.
 */

/** Which side of the session this principal is, if any. */
export function partyOf(
  state: Session,
  principal: { kind: string; sub: string } | undefined,
): SessionParty | undefined {
  if (state.status === 'none' || !principal) return undefined;
  if (principal.kind === 'user' && principal.sub === state.terms.userId) return 'user';
  if (principal.kind === 'performer' && principal.sub === state.terms.performerId) return 'performer';
  return undefined;
}

/**
 * Who joins a session's page (its socket): one of its two parties, while it runs; the user also
 * while his request waits for her answer.
 */
export function joinAs(
  state: Session,
  principal: { kind: string; sub: string },
): { party: SessionParty; state: OpenSession } | { error: 'forbidden' | 'not_running' } {
  const party = partyOf(state, principal);
  if (!party || state.status === 'none') return { error: 'forbidden' };
  if (!(state.status === 'active' || (state.status === 'requested' && party === 'user')))
    return { error: 'not_running' };
  return { party, state };
}

/** Asking is the user's own act (and spends their money): a performer's or an admin's session asks nothing. */
export function mayRequest(caller: Principal) {
  if (caller.kind !== 'user') throw forbidden();
}

/** The caller's side of an existing session, or 404 (unknown) / 403 (not one of its two parties). */
export function partyIn(state: Session, caller: Principal): SessionParty {
  if (state.status === 'none') throw notFound();
  const party = partyOf(state, caller);
  if (!party) throw forbidden();
  return party;
}

/** A request is accepted by the performer asked, not by the user who asked. */
export function mayAccept(party: SessionParty) {
  if (party !== 'performer') throw forbidden();
}

/** A request is declined by the performer asked, not by the user who asked (he cancels it by ending it). */
export function mayDecline(party: SessionParty) {
  if (party !== 'performer') throw forbidden();
}

/** A session is rated by the user who had it (the decider checks it was his, and paid). */
export function mayRate(caller: Principal) {
  if (caller.kind !== 'user') throw forbidden();
}

/** Inside a running session, only the user tips her (she is told so: 403 `session_tip_user_only`). */
export function mayTipIn(party: SessionParty) {
  if (party !== 'user') throw new DomainError('session_tip_user_only');
}

/**
 * Who takes which part in a private's spy room at the SFU (docs/architecture.md#spies): she publishes
 * her camera while the private runs and allows spies; a user with a running watch of it subscribes;
 * anyone else, the private's own user included, is refused. A private without spies has no room:
 * its media stays peer-to-peer.
 */
export function spyMediaRole(
  state: Session,
  watching: Record<string, string>,
  principal: { kind: string; sub: string } | undefined,
): 'publisher' | 'viewer' | { refused: 'forbidden' | 'not_live' } {
  if (state.status === 'none' || !state.terms.spyPriceUnits) return { refused: 'forbidden' };
  if (state.status !== 'active') return { refused: 'not_live' };
  if (principal?.kind === 'performer' && principal.sub === state.terms.performerId) return 'publisher';
  if (principal?.kind === 'user' && principal.sub !== state.terms.userId && watching[principal.sub]) return 'viewer';
  return { refused: 'forbidden' };
}

/** A session's end by a party or a frozen wallet, and a party's page leaving and coming back. */
import type { SessionParty } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { decideCancel, decidePartyReturned } from './session';
import type { SessionSteps } from './session-steps';

type Metadata = Record<string, unknown> | undefined;

/** Either party ends it; the user may also withdraw a request nobody answered yet. */
export function endSession({ now, loadSession, onSession, settleUnstarted, finish }: SessionSteps) {
  return async (sessionId: string, party: SessionParty, metadata?: Metadata) => {
    const state = await loadSession(sessionId);
    if (state.status === 'requested' && party === 'user') {
      const result = await onSession(sessionId, (current) => decideCancel(current, now()), metadata);
      const released = await settleUnstarted(state, sessionId, state.terms.userId, {
        reason: 'cancelled',
        endedBy: 'user',
        endedAt: now(),
      });
      return { position: released.position ?? result.position };
    }
    if (state.status !== 'active') throw new DomainError('session_not_active');
    const result = await finish(
      sessionId,
      { endedBy: party, reason: party === 'user' ? 'user_ended' : 'performer_ended', endedAt: now() },
      metadata,
    );
    // ended meanwhile (both at once, or the clock): the end is recorded, and this request did not end it
    if (!result.settledNow) throw new DomainError('session_not_active');
    return result;
  };
}

/** A card dispute froze the user's wallet: a running session ends now, as when his balance runs out (docs/architecture.md#disputes). */
export function endFrozenSession({ now, loadSession, onSession, settleUnstarted, finish }: SessionSteps) {
  return async (sessionId: string, metadata?: Metadata) => {
    const state = await loadSession(sessionId);
    if (state.status === 'requested') {
      await onSession(sessionId, (current) => decideCancel(current, now()), metadata);
      return settleUnstarted(state, sessionId, state.terms.userId, {
        reason: 'cancelled',
        endedBy: null,
        endedAt: now(),
      });
    }
    if (state.status !== 'active') return undefined;
    return finish(sessionId, { endedBy: 'system', reason: 'balance_exhausted', endedAt: now() }, metadata);
  };
}

/** A party's page connected again: it is back, and minutes that waited for it are billed. */
export function partyReturned({ now, onSession, effects }: SessionSteps) {
  return async (sessionId: string, party: SessionParty) => {
    const result = await onSession(sessionId, (state) => decidePartyReturned({ party }, state, now()));
    if (result.events.length > 0)
      await effects.scheduleTick(sessionId, now().getTime(), `return:${party}:${now().getTime()}`);
    return result;
  };
}

/** A party's page disconnected: minutes from now wait for it, for the grace period. */
export function partyLeft({ now, markLeft }: SessionSteps) {
  return (sessionId: string, party: SessionParty) => markLeft(sessionId, party, now(), 'disconnected');
}

/**
 * The session's commands, each a short sequence of single-stream decisions (every append with its
 * expected revision; fixed event ids where a repeat must be a no-op), ordered so that a crash
 * between two steps leaves a state the next tick of the session heals:
 *
 * - request: hold the minimum on the wallet (the user's one-session guard), then `SessionRequested`;
 * - accept: take the performer's booth, then `SessionStarted`; the tick bills minute 1 at once;
 * - end: settle on the wallet (minutes due, the rest of the minimum, release), then `SessionEnded`
 *   with the settlement's figures, then free the booth;
 * - decline / expire / withdraw: record it on the session, then release the hold.
 */
import { acceptSession, declineSession, rateSession, requestSession } from './asking';
import { endFrozenSession, endSession, partyLeft, partyReturned } from './leaving';
import { sessionSteps, type SessionCommandsDeps } from './session-steps';
import { tickSession } from './tick';

export type { RequestInput } from './asking';
export type { SessionClock, SessionCommandsDeps, SessionEffects } from './session-steps';
export { billedMinutes, minuteTickReason, type BilledMinute } from './tick';

export function createSessionCommands(deps: SessionCommandsDeps) {
  const steps = sessionSteps(deps);
  return {
    loadSession: steps.loadSession,
    loadMoney: steps.loadMoney,
    request: requestSession(steps),
    accept: acceptSession(steps),
    rate: rateSession(steps),
    decline: declineSession(steps),
    end: endSession(steps),
    endFrozen: endFrozenSession(steps),
    partyReturned: partyReturned(steps),
    partyLeft: partyLeft(steps),
    tick: tickSession(steps),
  };
}

export type SessionCommands = ReturnType<typeof createSessionCommands>;

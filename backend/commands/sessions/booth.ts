import type { DomainEvent } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';
import type { Session } from './session';

/**
 * A performer's booth (stream `session-booth-<performerId>`): the one session she is in. Accepting
 * takes it with the stream's expected revision, so of two requests she accepts at once only one
 * starts; the end of the session frees it, and a failed accept gives back only what that call took.
 */
export type Booth = { sessionId: string | null };

export const booth: Aggregate<Booth> = {
  initialState: () => ({ sessionId: null }),
  evolve(state, event) {
    if (event.type === 'SessionBoothTaken') return { sessionId: event.data.sessionId };
    if (event.type === 'SessionBoothFreed' && state.sessionId === event.data.sessionId) return { sessionId: null };
    return state;
  },
};

export const handleBooth = commandHandler(booth);

/** The status of a booth's occupant as read before deciding (null: the booth was free). */
export type OccupantStatus = Session['status'] | null;

/**
 * An occupant asked and being accepted (the accept that took the booth has not started it yet) or
 * running holds the booth; one that is over (declined, expired, ended) no longer does.
 */
const holdsBooth = (status: OccupantStatus) => status === 'requested' || status === 'active';

/**
 * Takes the booth for `sessionId`. `known` is the occupant read before deciding and its session's
 * status: a booth held by a session that is over (a crash between its end and the booth's release)
 * counts as free and is freed first; an occupant still asked or running, or one that arrived since,
 * counts as busy.
 */
export function decideTakeBooth(
  command: { performerId: string; sessionId: string; known: { sessionId: string | null; status: OccupantStatus } },
  state: Booth,
  now: Date,
): DomainEvent[] {
  if (state.sessionId === command.sessionId) return [];
  const at = now.toISOString();
  const occupantBusy =
    state.sessionId !== null && (state.sessionId !== command.known.sessionId || holdsBooth(command.known.status));
  if (occupantBusy) throw new DomainError('performer_busy');
  const freed: DomainEvent[] = state.sessionId
    ? [{ type: 'SessionBoothFreed', data: { performerId: command.performerId, sessionId: state.sessionId, at } }]
    : [];
  return [
    ...freed,
    { type: 'SessionBoothTaken', data: { performerId: command.performerId, sessionId: command.sessionId, at } },
  ];
}

export function decideFreeBooth(
  command: { performerId: string; sessionId: string },
  state: Booth,
  now: Date,
): DomainEvent[] {
  if (state.sessionId !== command.sessionId) return [];
  return [
    {
      type: 'SessionBoothFreed',
      data: { performerId: command.performerId, sessionId: command.sessionId, at: now.toISOString() },
    },
  ];
}

/**
 * An accept whose start failed gives the booth back only if that call took it (`took`: its append
 * wrote the take; a concurrent accept of the same request that found it taken did not), and only
 * once the session can no longer start (another accept may have started it meanwhile).
 */
export function decideReleaseBooth(
  command: { performerId: string; sessionId: string; took: boolean; status: OccupantStatus },
  state: Booth,
  now: Date,
): DomainEvent[] {
  if (!command.took || holdsBooth(command.status)) return [];
  return decideFreeBooth(command, state, now);
}

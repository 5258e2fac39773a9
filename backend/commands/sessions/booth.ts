import type { DomainEvent } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../platform/eventstore/handle-command';

/**
 * A performer's booth (stream `session-booth-<performerId>`): the one session she is in. Accepting
 * takes it with the stream's expected revision, so of two requests she accepts at once only one
 * starts; the end of the session frees it.
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

/**
 * Takes the booth for `sessionId`. `known` is the occupant read before deciding and whether its
 * session still runs: a booth held by a session that is over (a crash between its end and the
 * booth's release) counts as free and is freed first; an occupant that arrived since counts as busy.
 */
export function decideTakeBooth(command: { performerId: string; sessionId: string; known: { sessionId: string | null; active: boolean } }, state: Booth, now: Date): DomainEvent[] {
  if (state.sessionId === command.sessionId) return [];
  const at = now.toISOString();
  const occupantActive = state.sessionId !== null && (state.sessionId !== command.known.sessionId || command.known.active);
  if (occupantActive) throw new DomainError('performer_busy', 'La performer è già in privato');
  const freed: DomainEvent[] = state.sessionId ? [{ type: 'SessionBoothFreed', data: { performerId: command.performerId, sessionId: state.sessionId, at } }] : [];
  return [...freed, { type: 'SessionBoothTaken', data: { performerId: command.performerId, sessionId: command.sessionId, at } }];
}

export function decideFreeBooth(command: { performerId: string; sessionId: string }, state: Booth, now: Date): DomainEvent[] {
  if (state.sessionId !== command.sessionId) return [];
  return [{ type: 'SessionBoothFreed', data: { performerId: command.performerId, sessionId: command.sessionId, at: now.toISOString() } }];
}

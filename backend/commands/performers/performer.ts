import { ADULT_AGE, ageOn, type DomainEvent, type EventDataOf } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { Aggregate } from '../../platform/eventstore/handle-command';

export type Performer =
  | { status: 'none' }
  | { status: 'pending' | 'approved' | 'rejected'; performerId: string; dateOfBirth: string };

export const performer: Aggregate<Performer> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'PerformerRegistered':
        return { status: 'pending', performerId: event.data.performerId, dateOfBirth: event.data.dateOfBirth };
      case 'PerformerVerified':
        return state.status === 'none' ? state : { ...state, status: 'approved' };
      default:
        return state;
    }
  },
};

export type RegisterPerformer = Omit<EventDataOf<'PerformerRegistered'>, 'registeredAt'>;

export function decideRegisterPerformer(command: RegisterPerformer, state: Performer, now: Date): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict', 'Performer già registrata');
  if (ageOn(command.dateOfBirth, now) < ADULT_AGE) throw new DomainError('validation_failed', 'Devi avere almeno 18 anni per registrarti');
  return [{ type: 'PerformerRegistered', data: { ...command, registeredAt: now.toISOString() } }];
}

export function decideVerifyPerformer(command: { adminId?: string }, state: Performer, now: Date): DomainEvent[] {
  if (state.status === 'none') throw new DomainError('not_found', 'Performer non trovata');
  if (state.status !== 'pending') throw new DomainError('conflict', 'La performer non è in attesa di verifica');
  if (ageOn(state.dateOfBirth, now) < ADULT_AGE) throw new DomainError('validation_failed', 'La performer è minorenne');
  return [{ type: 'PerformerVerified', data: { performerId: state.performerId, adminId: command.adminId, verifiedAt: now.toISOString() } }];
}

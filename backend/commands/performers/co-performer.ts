import { ADULT_AGE, ageOn, type DomainEvent, type EventDataOf } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/**
 * A person on camera with a performer (issue 39 item 7): added by her with an ID document and a
 * signed consent, reviewed by an admin, then declared in the shows she appears in. On legal hold:
 * no deletion writes to this stream.
 */
export type CoPerformer =
  | { status: 'none' }
  | {
      status: 'pending' | 'approved' | 'rejected' | 'revoked';
      coPerformerId: string;
      performerId: string;
      name: string;
      /** where she was declared: `show:{id}`, `photo:{id}` */
      appearances: string[];
    };

/** Where she appeared: a show she was on camera in, or a photo she is in. */
export type Appearance = { showId: string } | { photoId: string };
const appearanceKey = (where: Appearance) => ('showId' in where ? `show:${where.showId}` : `photo:${where.photoId}`);

export const coPerformer: Aggregate<CoPerformer> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'CoPerformerAdded':
        return {
          status: 'pending',
          coPerformerId: event.data.coPerformerId,
          performerId: event.data.performerId,
          name: event.data.name,
          appearances: [],
        };
      case 'CoPerformerReviewed':
        return state.status === 'none' ? state : { ...state, status: event.data.decision };
      case 'CoPerformerRevoked':
        return state.status === 'none' ? state : { ...state, status: 'revoked' };
      case 'CoPerformerAppeared': {
        const { showId, photoId } = event.data;
        const key = appearanceKey(showId ? { showId } : { photoId: photoId ?? '' });
        return state.status === 'none' ? state : { ...state, appearances: [...state.appearances, key] };
      }
      default:
        return state;
    }
  },
};

export const handleCoPerformer = commandHandler(coPerformer);

export type AddCoPerformer = Omit<EventDataOf<'CoPerformerAdded'>, 'addedAt' | 'consentSignedAt'>;

/** She adds a person of 18 or more: pending until an admin looks at the document and the consent. */
export function decideAddCoPerformer(command: AddCoPerformer, state: CoPerformer, now: Date): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict');
  if (ageOn(command.dateOfBirth, now) < ADULT_AGE) throw new DomainError('co_performer_underage');
  const at = now.toISOString();
  return [{ type: 'CoPerformerAdded', data: { ...command, consentSignedAt: at, addedAt: at } }];
}

/** An admin approves or rejects her once; a rejection says why. */
export function decideReviewCoPerformer(
  command: { decision: 'approve' | 'reject'; adminId: string; statement: string | null },
  state: CoPerformer,
  now: Date,
): DomainEvent[] {
  if (state.status === 'none') throw new DomainError('not_found');
  if (state.status !== 'pending') throw new DomainError('co_performer_reviewed');
  if (command.decision === 'reject' && !command.statement) throw new DomainError('rejection_reason_required');
  return [
    {
      type: 'CoPerformerReviewed',
      data: {
        coPerformerId: state.coPerformerId,
        performerId: state.performerId,
        decision: command.decision === 'approve' ? 'approved' : 'rejected',
        adminId: command.adminId,
        statement: command.statement,
        reviewedAt: now.toISOString(),
      },
    },
  ];
}

/** She withdraws her own co-performer, once. */
export function decideRevokeCoPerformer(
  command: { performerId: string },
  state: CoPerformer,
  now: Date,
): DomainEvent[] {
  if (state.status === 'none' || state.performerId !== command.performerId) throw new DomainError('not_found');
  if (state.status === 'revoked') throw new DomainError('conflict');
  return [
    {
      type: 'CoPerformerRevoked',
      data: { coPerformerId: state.coPerformerId, performerId: state.performerId, revokedAt: now.toISOString() },
    },
  ];
}

/** May she appear on camera with this performer? Only an approved co-performer of hers. */
export function mayAppearWith(state: CoPerformer, performerId: string): void {
  if (state.status !== 'approved' || state.performerId !== performerId)
    throw new DomainError('co_performer_not_approved');
}

/** She was on camera in a show, or is in a photo (once each). */
export function decideAppearance(
  command: { performerId: string; where: Appearance },
  state: CoPerformer,
  now: Date,
): DomainEvent[] {
  mayAppearWith(state, command.performerId);
  if (state.status === 'none' || state.appearances.includes(appearanceKey(command.where))) return [];
  return [
    {
      type: 'CoPerformerAppeared',
      data: {
        coPerformerId: state.coPerformerId,
        performerId: command.performerId,
        ...command.where,
        appearedAt: now.toISOString(),
      },
    },
  ];
}

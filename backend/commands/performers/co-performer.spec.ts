import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import {
  coPerformer,
  decideAddCoPerformer,
  decideAppearance,
  decideReviewCoPerformer,
  mayAppearWith,
  type CoPerformer,
} from './co-performer';

const now = new Date('2026-11-30T10:00:00.000Z');
const at = now.toISOString();
const coPerformerId = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const performerId = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const otherPerformer = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const showId = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const adminId = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const command = {
  coPerformerId,
  performerId,
  name: 'Marta Bianchi',
  dateOfBirth: '1995-06-01',
  document: {
    documentId: '9c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f',
    documentType: 'ID Fronte' as const,
    fileId: 'file-1',
    fileName: 'marta.png',
    fileSize: 10,
    contentType: 'image/png',
  },
  signedConsent: 'data:image/png;base64,AAAA',
};
const added: DomainEvent = { type: 'CoPerformerAdded', data: { ...command, consentSignedAt: at, addedAt: at } };
const reviewed = (decision: 'approved' | 'rejected', statement: string | null = null): DomainEvent => ({
  type: 'CoPerformerReviewed',
  data: { coPerformerId, performerId, decision, adminId, statement, reviewedAt: at },
});
const appeared: DomainEvent = {
  type: 'CoPerformerAppeared',
  data: { coPerformerId, performerId, showId, appearedAt: at },
};
const stateOf = (events: DomainEvent[]): CoPerformer => events.reduce(coPerformer.evolve, coPerformer.initialState());

describe('co-performer decider', () => {
  const spec = deciderSpec(coPerformer);

  it('given nothing, when she adds an adult with her document and consent, then she is pending review', () => {
    spec
      .given([])
      .when((state) => decideAddCoPerformer(command, state, now))
      .then([added]);
  });

  it('given nothing, when she adds someone under 18, then it is refused', () => {
    spec
      .given([])
      .when((state) => decideAddCoPerformer({ ...command, dateOfBirth: '2009-01-01' }, state, now))
      .thenThrows('co_performer_underage');
  });

  it('given an added one, when an admin approves, then she is approved; a second review is refused', () => {
    spec
      .given([added])
      .when((state) => decideReviewCoPerformer({ decision: 'approve', adminId, statement: null }, state, now))
      .then([reviewed('approved')]);
    spec
      .given([added, reviewed('approved')])
      .when((state) => decideReviewCoPerformer({ decision: 'reject', adminId, statement: 'No' }, state, now))
      .thenThrows('co_performer_reviewed');
  });

  it('given an added one, when an admin rejects without a statement, then it is refused; with one, recorded', () => {
    spec
      .given([added])
      .when((state) => decideReviewCoPerformer({ decision: 'reject', adminId, statement: null }, state, now))
      .thenThrows('rejection_reason_required');
    spec
      .given([added])
      .when((state) =>
        decideReviewCoPerformer({ decision: 'reject', adminId, statement: 'Documento illeggibile' }, state, now),
      )
      .then([reviewed('rejected', 'Documento illeggibile')]);
  });

  it('given nothing, when an admin reviews, then it is not found', () => {
    spec
      .given([])
      .when((state) => decideReviewCoPerformer({ decision: 'approve', adminId, statement: null }, state, now))
      .thenThrows('not_found');
  });

  it('given an approved one, when she is declared in a show, then the appearance is recorded once', () => {
    spec
      .given([added, reviewed('approved')])
      .when((state) => decideAppearance({ performerId, where: { showId } }, state, now))
      .then([appeared]);
    spec
      .given([added, reviewed('approved'), appeared])
      .when((state) => decideAppearance({ performerId, where: { showId } }, state, now))
      .then([]);
  });

  it("given a pending, rejected or another performer's co-performer, when declared on camera, then it is refused", () => {
    for (const events of [[added], [added, reviewed('rejected', 'No')]])
      spec
        .given(events)
        .when((state) => decideAppearance({ performerId, where: { showId } }, state, now))
        .thenThrows('co_performer_not_approved');
    expect(() => mayAppearWith(stateOf([added, reviewed('approved')]), otherPerformer)).toThrow(
      expect.objectContaining({ code: 'co_performer_not_approved' }),
    );
    expect(() => mayAppearWith(stateOf([]), performerId)).toThrow(
      expect.objectContaining({ code: 'co_performer_not_approved' }),
    );
  });
});

import Router from '@koa/router';
import { apiRoutes, type AppearanceRecordView, type CoPerformerView, type DomainEvent } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { dataField } from '../../platform/recorded-event';

export const CO_PERFORMERS = 'co_performers';

/**
 * A person on camera with a performer, her review and the shows she appeared in. On legal hold
 * (issue 39 item 7): no deletion event touches it, so the records outlive both accounts.
 */
export type CoPerformerDoc = {
  _id: string;
  performerId: string;
  name: string;
  dateOfBirth: string;
  documentId: string;
  documentType: string;
  consentSignedAt: string;
  addedAt: string;
  status: 'pending' | 'approved' | 'rejected';
  reviewedBy: string | null;
  reviewedAt: string | null;
  statement: string | null;
  appearances: { showId: string; appearedAt: string }[];
};

export function evolveCoPerformer(doc: CoPerformerDoc | null, event: DomainEvent): CoPerformerDoc | null {
  switch (event.type) {
    case 'CoPerformerAdded': {
      const d = event.data;
      return {
        _id: d.coPerformerId,
        performerId: d.performerId,
        name: d.name,
        dateOfBirth: d.dateOfBirth,
        documentId: d.document.documentId,
        documentType: d.document.documentType,
        consentSignedAt: d.consentSignedAt,
        addedAt: d.addedAt,
        status: 'pending',
        reviewedBy: null,
        reviewedAt: null,
        statement: null,
        appearances: [],
      };
    }
    case 'CoPerformerReviewed':
      return doc
        ? {
            ...doc,
            status: event.data.decision,
            reviewedBy: event.data.adminId,
            reviewedAt: event.data.reviewedAt,
            statement: event.data.statement,
          }
        : doc;
    case 'CoPerformerAppeared':
      return doc
        ? {
            ...doc,
            appearances: [...doc.appearances, { showId: event.data.showId, appearedAt: event.data.appearedAt }],
          }
        : doc;
    default:
      return doc;
  }
}

export const coPerformersProjection = docProjection<CoPerformerDoc>({
  name: CO_PERFORMERS,
  collection: CO_PERFORMERS,
  eventTypes: ['CoPerformerAdded', 'CoPerformerReviewed', 'CoPerformerAppeared'],
  documentId: (event) => dataField(event, 'coPerformerId'),
  evolve: evolveCoPerformer,
  indexes: [{ keys: { performerId: 1, addedAt: 1 }, options: { name: 'by_performer' } }],
});

export const toCoPerformerView = (doc: CoPerformerDoc): CoPerformerView => ({
  id: doc._id,
  performerId: doc.performerId,
  name: doc.name,
  dateOfBirth: doc.dateOfBirth,
  status: doc.status,
  documentId: doc.documentId,
  consentSignedAt: doc.consentSignedAt,
  addedAt: doc.addedAt,
  reviewedAt: doc.reviewedAt,
  statement: doc.statement,
});

/** Each show a co-performer appeared in, with the ID check (document, approving admin) behind it. */
export const appearanceRecordsOf = (doc: CoPerformerDoc): AppearanceRecordView[] =>
  doc.appearances.map((appearance) => ({
    id: `${doc._id}:${appearance.showId}`,
    performerId: doc.performerId,
    coPerformerId: doc._id,
    name: doc.name,
    dateOfBirth: doc.dateOfBirth,
    showId: appearance.showId,
    appearedAt: appearance.appearedAt,
    documentId: doc.documentId,
    documentType: doc.documentType,
    approvedBy: doc.reviewedBy ?? '',
    approvedAt: doc.reviewedAt ?? '',
  }));

/** Her co-performers (herself and admins) and the appearance records (admins only). */
export function coPerformersQueryRouter(deps: { sessions: SessionManager; readModels: ReadModelStore }): Router {
  const router = new Router();
  const docs = deps.readModels.collection<CoPerformerDoc>(CO_PERFORMERS);

  mountRoute(router, deps.sessions, apiRoutes.listCoPerformers, async (_ctx, { params }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    return (await docs.find({ performerId: params.id }, { sort: { addedAt: 1 } })).map(toCoPerformerView);
  });

  mountRoute(router, deps.sessions, apiRoutes.appearanceRecords, async (_ctx, { query }) => {
    const filter = query.performerId ? { performerId: query.performerId } : {};
    const records = (await docs.find(filter, { sort: { addedAt: 1 } })).flatMap(appearanceRecordsOf);
    return records.sort((a, b) => a.appearedAt.localeCompare(b.appearedAt));
  });

  return router;
}

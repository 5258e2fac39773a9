import Router from '@koa/router';
import {
  apiRoutes,
  type AdminCoPerformerView,
  type AppearanceRecordView,
  type CoPerformerView,
  type DomainEvent,
} from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';
import { documentLink } from '../../platform/files/links';
import type { FileStorage } from '../../platform/files/storage';
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
  /** her ID document's stored file (what an admin downloads through a short-lived link) */
  documentFile?: { fileId: string; fileName: string; contentType: string };
  consentSignedAt: string;
  addedAt: string;
  status: 'pending' | 'approved' | 'rejected' | 'revoked';
  reviewedBy: string | null;
  reviewedAt: string | null;
  statement: string | null;
  /** a show she was on camera in, or a photo she is in (`photoId`; older records: a show) */
  appearances: { showId: string | null; photoId?: string | null; appearedAt: string }[];
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
        documentFile: {
          fileId: d.document.fileId,
          fileName: d.document.fileName,
          contentType: d.document.contentType,
        },
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
    case 'CoPerformerRevoked':
      return doc ? { ...doc, status: 'revoked' } : doc;
    case 'CoPerformerAppeared':
      return doc
        ? {
            ...doc,
            appearances: [
              ...doc.appearances,
              {
                showId: event.data.showId ?? null,
                photoId: event.data.photoId ?? null,
                appearedAt: event.data.appearedAt,
              },
            ],
          }
        : doc;
    default:
      return doc;
  }
}

export const coPerformersProjection = docProjection<CoPerformerDoc>({
  name: CO_PERFORMERS,
  collection: CO_PERFORMERS,
  eventTypes: ['CoPerformerAdded', 'CoPerformerReviewed', 'CoPerformerRevoked', 'CoPerformerAppeared'],
  documentId: (event) => dataField(event, 'coPerformerId'),
  evolve: evolveCoPerformer,
  indexes: [
    { keys: { performerId: 1, addedAt: 1 }, options: { name: 'by_performer' } },
    { keys: { documentId: 1 }, options: { name: 'by_document' } },
  ],
});

/** A short-lived link to her ID document, signed for one admin (the files module's download checks it). */
type DocumentLinkOf = (documentId: string) => { url: string; expiresAt: string };

export const toCoPerformerView = (doc: CoPerformerDoc, linkOf?: DocumentLinkOf): CoPerformerView => ({
  id: doc._id,
  performerId: doc.performerId,
  name: doc.name,
  dateOfBirth: doc.dateOfBirth,
  status: doc.status,
  documentId: doc.documentId,
  ...(linkOf && documentLinkFields(linkOf(doc.documentId))),
  consentSignedAt: doc.consentSignedAt,
  addedAt: doc.addedAt,
  reviewedAt: doc.reviewedAt,
  statement: doc.statement,
});

const documentLinkFields = (link: { url: string; expiresAt: string }) => ({
  documentUrl: link.url,
  linkExpiresAt: link.expiresAt,
});

/** A co-performer as the admins review her: whose she is (null: that account is gone) and her document's link. */
export const toAdminCoPerformerView = (
  doc: CoPerformerDoc,
  performerName: string | null,
  linkOf: DocumentLinkOf,
): AdminCoPerformerView => ({
  ...toCoPerformerView(doc),
  ...documentLinkFields(linkOf(doc.documentId)),
  performerName,
  documentType: doc.documentType,
});

/** Each show a co-performer appeared in, with the ID check (document, approving admin) behind it. */
export const appearanceRecordsOf = (doc: CoPerformerDoc, linkOf: DocumentLinkOf): AppearanceRecordView[] =>
  doc.appearances.map((appearance) => ({
    id: `${doc._id}:${appearance.showId ?? appearance.photoId}`,
    performerId: doc.performerId,
    coPerformerId: doc._id,
    name: doc.name,
    dateOfBirth: doc.dateOfBirth,
    showId: appearance.showId,
    photoId: appearance.photoId ?? null,
    appearedAt: appearance.appearedAt,
    documentId: doc.documentId,
    ...documentLinkFields(linkOf(doc.documentId)),
    documentType: doc.documentType,
    approvedBy: doc.reviewedBy ?? '',
    approvedAt: doc.reviewedAt ?? '',
  }));

/** A co-performer's ID document (on legal hold): the performer who added her, and its file. */
export async function coPerformerDocumentOf(readModels: ReadModelStore, documentId: string) {
  const doc = await readModels.collection<CoPerformerDoc>(CO_PERFORMERS).findOne({ documentId });
  return doc?.documentFile ? { performerId: doc.performerId, ...doc.documentFile } : null;
}

/** Her co-performers (herself and admins) and the appearance records (admins only). */
export function coPerformersQueryRouter(deps: {
  sessions: SessionManager;
  readModels: ReadModelStore;
  files: FileStorage;
  /** the performers' names, by id (a deleted one is missing) */
  namesOf: (performerIds: readonly string[]) => Promise<ReadonlyMap<string, string>>;
}): Router {
  const router = new Router();
  const docs = deps.readModels.collection<CoPerformerDoc>(CO_PERFORMERS);
  const linksFor = (adminId: string) => (documentId: string) => documentLink(deps.files, documentId, adminId);

  // an admin's answer links each ID document (as her own documents' list does); hers does not
  mountRoute(router, deps.sessions, apiRoutes.listCoPerformers, async (_ctx, { params }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    const linkOf = caller.kind === 'admin' ? linksFor(caller.sub) : undefined;
    const listed = await docs.find({ performerId: params.id }, { sort: { addedAt: 1 } });
    return listed.map((doc) => toCoPerformerView(doc, linkOf));
  });

  // across performers, oldest first: what the console's 'Persone in camera' tab decides on
  mountRoute(router, deps.sessions, apiRoutes.adminCoPerformers, async (_ctx, { query }, caller) => {
    const listed = await docs.find({ status: query.status }, { sort: { addedAt: 1 } });
    const names = await deps.namesOf([...new Set(listed.map((doc) => doc.performerId))]);
    const linkOf = linksFor(caller.sub);
    return listed.map((doc) => toAdminCoPerformerView(doc, names.get(doc.performerId) ?? null, linkOf));
  });

  mountRoute(router, deps.sessions, apiRoutes.appearanceRecords, async (_ctx, { query }, caller) => {
    const filter = query.performerId ? { performerId: query.performerId } : {};
    const linkOf = linksFor(caller.sub);
    const records = (await docs.find(filter, { sort: { addedAt: 1 } })).flatMap((doc) =>
      appearanceRecordsOf(doc, linkOf),
    );
    return records.sort((a, b) => a.appearedAt.localeCompare(b.appearedAt));
  });

  return router;
}

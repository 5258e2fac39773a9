import { z } from 'zod';
import { IdParam } from './common';
import { DocumentInput } from './performers';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

/**
 * People on camera with a performer (issue 39 item 7): each added with her own ID document and
 * signed consent, approved by an admin before she may appear; the records of who appeared in which
 * show survive any deletion (legal hold) and are read by admins only.
 */

/** How many co-performers one show may declare. */
export const CO_PERFORMERS_PER_SHOW_MAX = 5;
export const CO_PERFORMER_NAME_MAX = 100;
export const CO_PERFORMER_STATEMENT_MAX = 2000;

export const AddCoPerformerBody = z.object({
  name: z.string().trim().min(1).max(CO_PERFORMER_NAME_MAX),
  /** YYYY-MM-DD: 18 or older (400 `co_performer_underage`) */
  dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** her ID document, uploaded as the performer onboarding's (`POST /api/upload`, then its `url`) */
  document: DocumentInput,
  /** her signature (the signature pad's image) under the consent to appear and to the processing of her data */
  signedConsent: z.string().min(1).max(500_000),
});
export type AddCoPerformerInput = z.input<typeof AddCoPerformerBody>;

export const CoPerformerDecisionBody = z.object({
  decision: z.enum(['approve', 'reject']),
  /** why: required for a rejection (400 `rejection_reason_required`) */
  statement: z.string().trim().min(1).max(CO_PERFORMER_STATEMENT_MAX).optional(),
});

export const coPerformerStatuses = ['pending', 'approved', 'rejected', 'revoked'] as const;

export const CoPerformerView = z.object({
  id: z.string().uuid(),
  performerId: z.string().uuid(),
  name: z.string(),
  dateOfBirth: z.string(),
  /** `revoked`: she withdrew her; no show or photo may declare her again, her records stay */
  status: z.enum(coPerformerStatuses),
  documentId: z.string().uuid(),
  /** admins only: a short-lived link to her ID document (GET /api/documents/{documentId}/file) */
  documentUrl: z.string().optional(),
  linkExpiresAt: z.string().optional(),
  consentSignedAt: z.string(),
  addedAt: z.string(),
  reviewedAt: z.string().nullable(),
  statement: z.string().nullable(),
});
export type CoPerformerView = z.infer<typeof CoPerformerView>;

/** The admins' list of co-performers across performers: `pending` (the default) waits for a decision. */
export const AdminCoPerformersQuery = z.object({ status: z.enum(coPerformerStatuses).default('pending') });

/** A co-performer as the admins review her: whose she is, and the ID document behind her. */
export const AdminCoPerformerView = CoPerformerView.extend({
  /** the performer who added her (null: that account was deleted; the record stays) */
  performerName: z.string().nullable(),
  documentType: z.string(),
  /** a short-lived link to her ID document, for this admin (GET /api/documents/{documentId}/file) */
  documentUrl: z.string(),
  linkExpiresAt: z.string(),
});
export type AdminCoPerformerView = z.infer<typeof AdminCoPerformerView>;

/** Who appeared in which show or photo, with the ID check behind it (admins only, kept after any deletion). */
export const AppearanceRecordView = z.object({
  id: z.string(),
  performerId: z.string().uuid(),
  coPerformerId: z.string().uuid(),
  name: z.string(),
  dateOfBirth: z.string(),
  /** the show she appeared in, or the photo she is in (one of the two) */
  showId: z.string().uuid().nullable(),
  photoId: z.string().uuid().nullable(),
  appearedAt: z.string(),
  documentId: z.string().uuid(),
  /** a short-lived link to the ID document behind the record, for this admin (GET /api/documents/{documentId}/file) */
  documentUrl: z.string(),
  linkExpiresAt: z.string(),
  documentType: z.string(),
  approvedBy: z.string(),
  approvedAt: z.string(),
});
export type AppearanceRecordView = z.infer<typeof AppearanceRecordView>;

export const coPerformersRoutes = {
  addCoPerformer: {
    ...apiPaths.addCoPerformer,
    summary: 'She adds a person who appears on camera with her (ID document, signed consent): pending review',
    tag: 'verification',
    refusals: moduleRefusals.performers,
    params: IdParam,
    body: AddCoPerformerBody,
    response: CoPerformerView,
    status: 201,
    secondFactor: 'fresh',
  },
  listCoPerformers: {
    ...apiPaths.listCoPerformers,
    summary: 'Her co-performers and their review (herself, or admin)',
    tag: 'verification',
    refusals: [],
    params: IdParam,
    response: z.array(CoPerformerView),
  },
  revokeCoPerformer: {
    ...apiPaths.revokeCoPerformer,
    summary: 'She withdraws a co-performer: no show or photo declares her again; the records stay (legal hold)',
    tag: 'verification',
    refusals: moduleRefusals.performers,
    params: z.object({ id: z.string().uuid(), coPerformerId: z.string().uuid() }),
    response: CoPerformerView,
    secondFactor: 'fresh',
  },
  decideCoPerformer: {
    ...apiPaths.decideCoPerformer,
    summary: 'Approve or reject a co-performer (admin; a rejection needs a statement)',
    tag: 'verification',
    refusals: [...moduleRefusals.performers, 'rejection_reason_required'],
    params: IdParam,
    body: CoPerformerDecisionBody,
    response: CoPerformerView,
    secondFactor: 'fresh',
  },
  adminCoPerformers: {
    ...apiPaths.adminCoPerformers,
    summary: 'Co-performers of every performer by review status, oldest first (admin; `pending` by default)',
    tag: 'verification',
    refusals: [],
    query: AdminCoPerformersQuery,
    response: z.array(AdminCoPerformerView),
  },
  appearanceRecords: {
    ...apiPaths.appearanceRecords,
    summary: 'Who appeared in which show with the ID check behind it (admin; kept on legal hold)',
    tag: 'verification',
    refusals: [],
    query: z.object({ performerId: z.string().uuid().optional() }),
    response: z.array(AppearanceRecordView),
  },
} as const satisfies Record<string, RouteContract>;

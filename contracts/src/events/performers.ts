import { z } from 'zod';
import { paidWith } from './wallet';
import { SensitiveDataConsentRecord } from './accounts';

export const performerCategories = ['Standard', 'Premium', 'VIP'] as const;
export const documentTypes = ['ID Fronte', 'ID Retro', 'Altro'] as const;

/** Stream names of the performers modules (the shared `streams` holds `performer-<id>`). */
export const performerStreams = {
  /** one photo for sale */
  photo: (photoId: string) => `photo-${photoId}`,
  /** a performer's earnings in euro cents (55% share of what she sells) */
  earnings: (performerId: string) => `earnings-${performerId}`,
  /** a signed-in user's favourite performers */
  favourites: (userId: string) => `favourites-${userId}`,
  /** views of one identity document (audit trail; appended with 'any', never decided on) */
  documentViews: (documentId: string) => `document-views-${documentId}`,
  /** one person on camera with her (GDPR Art. 9, card networks' rules on people depicted): on legal hold */
  coPerformer: (coPerformerId: string) => `co-performer-${coPerformerId}`,
} as const;

/** The registration form's physical traits, as events record them and the public profile shows them. */
export const PhysicalTraits = z.object({
  hairColor: z.string().nullable(),
  eyeColor: z.string().nullable(),
  bodyType: z.string().nullable(),
  ethnicity: z.string().nullable(),
  height: z.number().int().nullable(),
  specialFeatures: z.array(z.string()),
});

/** The listing an admin sets (admin form) and a profile update changes. */
const ListingFields = z.object({
  name: z.string(),
  age: z.number().int(),
  image: z.string(),
  rating: z.number().min(0).max(5).nullable(),
  rateUnits: z.number().int().positive(),
  languages: z.array(z.string()),
  category: z.enum(performerCategories).nullable(),
  bio: z.string().nullable(),
});

export const PerformerRegistered = z.object({
  performerId: z.string().uuid(),
  username: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  name: z.string(),
  dateOfBirth: z.string(),
  bio: z.string().nullable(),
  /** minor units per minute: 1 auracoin = 100 */
  rateUnits: z.number().int().positive(),
  languages: z.array(z.string()),
  category: z.enum(performerCategories),
  ...PhysicalTraits.shape,
  image: z.string(),
  rating: z.number().min(0).max(5).nullable(),
  signedContractAt: z.string().nullable(),
  digitalSignature: z.string().nullable(),
  registeredAt: z.string(),
  /** her explicit consent to data about sexual life (GDPR Art. 9); absent on registrations from before it was asked */
  sensitiveDataConsent: SensitiveDataConsentRecord.optional(),
});

/** An admin created a performer from the admin Performer tab: approved at once, no birth date known. */
export const PerformerCreatedByAdmin = z.object({
  performerId: z.string().uuid(),
  adminId: z.string(),
  /** optional sign-in credentials */
  username: z.string().nullable(),
  email: z.string().nullable(),
  passwordHash: z.string().nullable(),
  ...ListingFields.shape,
  createdAt: z.string(),
});

export const PerformerVerified = z.object({
  performerId: z.string().uuid(),
  /** the admin who approved; absent for demo data */
  adminId: z.string().uuid().optional(),
  verifiedAt: z.string(),
});

export const PerformerRejected = z.object({
  performerId: z.string().uuid(),
  adminId: z.string(),
  reason: z.string(),
  rejectedAt: z.string(),
});

/** Profile fields a performer (own profile) or an admin changed; only the fields present changed. */
export const PerformerProfileUpdated = z.object({
  performerId: z.string().uuid(),
  changes: ListingFields.extend({
    /** what a user's chat message costs, minor units (0: free); MESSAGE_PRICE_DEFAULT until first set */
    messagePriceUnits: z.number().int().nonnegative(),
    /** what a spy minute on her privates costs, minor units (null: no spies, the default) */
    spyPriceUnits: z.number().int().positive().nullable(),
  }).partial(),
  /** 'performer' (herself) or 'admin' */
  by: z.enum(['performer', 'admin']),
  byId: z.string(),
  updatedAt: z.string(),
});

export const PerformerDeleted = z.object({
  performerId: z.string().uuid(),
  adminId: z.string(),
  deletedAt: z.string(),
});

export const PerformerWentOnline = z.object({
  performerId: z.string().uuid(),
  by: z.enum(['performer', 'admin']),
  at: z.string(),
});

export const PerformerWentOffline = z.object({
  performerId: z.string().uuid(),
  /** 'disconnected': every connection dropped and the grace period ran out */
  by: z.enum(['performer', 'admin', 'disconnected']),
  at: z.string(),
});

/** An identity document attached to a registration (file kept in private storage). */
export const PerformerDocumentAdded = z.object({
  documentId: z.string().uuid(),
  performerId: z.string().uuid(),
  documentType: z.enum(documentTypes),
  fileId: z.string().uuid(),
  fileName: z.string(),
  fileSize: z.number().int().nonnegative(),
  contentType: z.string(),
  addedAt: z.string(),
});

/** An admin opened an identity document through a short-lived link. */
export const DocumentViewed = z.object({
  documentId: z.string().uuid(),
  performerId: z.string().uuid(),
  adminId: z.string(),
  viewedAt: z.string(),
});

/** Countries (ISO 3166-1 alpha-2) from which the performer is hidden. */
export const PerformerGeoblockSet = z.object({
  performerId: z.string().uuid(),
  countries: z.array(z.string().length(2)),
  at: z.string(),
});

/** `userId` holds an identity id (`identityIdOf`): the user's id for their real name, or an alias id. */
export const PerformerBlockedUser = z.object({
  performerId: z.string().uuid(),
  userId: z.string().uuid(),
  at: z.string(),
});
export const PerformerUnblockedUser = z.object({
  performerId: z.string().uuid(),
  userId: z.string().uuid(),
  at: z.string(),
});

export const PhotoAdded = z.object({
  photoId: z.string().uuid(),
  performerId: z.string().uuid(),
  imageUrl: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** minor units: 1 auracoin = 100 */
  priceUnits: z.number().int().positive(),
  addedAt: z.string(),
  /** waits for an admin's review before buyers and visitors see it (issue 39 item 5); absent: shown at once (older photos, the demo's) */
  inReview: z.boolean().optional(),
  /** the approved co-performers she declared in it (issue 39 item 7), named for the admin's review */
  coPerformers: z.array(z.object({ coPerformerId: z.string().uuid(), name: z.string() })).optional(),
});

/** An admin reviewed a photo in review: approved (shown), or rejected with a statement of reasons. */
export const PhotoReviewed = z.object({
  photoId: z.string().uuid(),
  performerId: z.string().uuid(),
  decision: z.enum(['approve', 'reject']),
  adminId: z.string(),
  /** the statement of reasons of a rejection */
  statementId: z.string().uuid().nullable(),
  reviewedAt: z.string(),
});

/**
 * She gave herself a new profile portrait: it waits for an admin's review (issue 39 item 5); until
 * then everyone else sees her approved portrait (the one before, or none).
 */
export const PerformerPortraitSubmitted = z.object({
  performerId: z.string().uuid(),
  portraitId: z.string().uuid(),
  image: z.string(),
  submittedAt: z.string(),
});

/** An admin reviewed her new portrait: approved (now her image), or rejected with a statement of reasons. */
export const PerformerPortraitReviewed = z.object({
  performerId: z.string().uuid(),
  portraitId: z.string().uuid(),
  decision: z.enum(['approve', 'reject']),
  adminId: z.string(),
  statementId: z.string().uuid().nullable(),
  reviewedAt: z.string(),
});

export const PhotoRemoved = z.object({
  photoId: z.string().uuid(),
  performerId: z.string().uuid(),
  removedAt: z.string(),
});

/** A user bought a photo; on the buyer's wallet stream, followed by AuracoinDebited in the same append. */
export const PhotoPurchased = z.object({
  purchaseId: z.string().uuid(),
  walletId: z.string().uuid(),
  photoId: z.string().uuid(),
  performerId: z.string().uuid(),
  priceUnits: z.number().int().positive(),
  ...paidWith,
  purchasedAt: z.string(),
});

/** The performer's 55% share of a sale, in euro cents, on `earnings-<performerId>`; exactly once per sale (fixed event id). */
export const PerformerEarningsCredited = z.object({
  performerId: z.string().uuid(),
  source: z.enum(['photo', 'session', 'message', 'tip', 'ticket']),
  /** the sale: purchase id, session id, message id */
  sourceId: z.string(),
  /** what the buyer paid, auracoin minor units */
  grossUnits: z.number().int().positive(),
  /** the part of the gross paid with purchased units, on which the share is earned (absent on credits made before the split: the whole gross) */
  purchasedUnits: z.number().int().nonnegative().optional(),
  /** the performer's share, euro cents */
  shareCents: z.number().int().nonnegative(),
  creditedAt: z.string(),
});

/** One weekly slot she is usually online: day 0 (Monday) to 6 (Sunday), hours 'HH:MM' (to after from). */
export const ScheduleSlot = z.object({
  day: z.number().int().min(0).max(6),
  from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Orario HH:MM'),
  to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Orario HH:MM'),
});
export type ScheduleSlot = z.infer<typeof ScheduleSlot>;

/** She published her weekly schedule ('Quando sono online'); an empty list clears it. */
export const PerformerScheduleSet = z.object({
  performerId: z.string().uuid(),
  slots: z.array(ScheduleSlot),
  setAt: z.string(),
});

export const FavouriteAdded = z.object({ userId: z.string().uuid(), performerId: z.string().uuid(), at: z.string() });
export const FavouriteRemoved = z.object({ userId: z.string().uuid(), performerId: z.string().uuid(), at: z.string() });

/** An identity document as an event records it: the stored file behind it. */
const RecordedDocument = z.object({
  documentId: z.string().uuid(),
  documentType: z.enum(documentTypes),
  fileId: z.string(),
  fileName: z.string(),
  fileSize: z.number().int().nonnegative(),
  contentType: z.string(),
});

/**
 * She added a person who appears on camera with her: name, birth date, ID document and the signed
 * consent; waits for an admin's review. On legal hold: no deletion anonymises it.
 */
export const CoPerformerAdded = z.object({
  coPerformerId: z.string().uuid(),
  performerId: z.string().uuid(),
  name: z.string(),
  dateOfBirth: z.string(),
  document: RecordedDocument,
  /** the person's signature under the consent to appear and to the processing of her data */
  signedConsent: z.string(),
  consentSignedAt: z.string(),
  addedAt: z.string(),
});

/** An admin approved or rejected a co-performer (a rejection says why). */
export const CoPerformerReviewed = z.object({
  coPerformerId: z.string().uuid(),
  performerId: z.string().uuid(),
  decision: z.enum(['approved', 'rejected']),
  adminId: z.string(),
  statement: z.string().nullable(),
  reviewedAt: z.string(),
});

/** She withdrew a co-performer: no show or photo may declare her again; her records stay (legal hold). */
export const CoPerformerRevoked = z.object({
  coPerformerId: z.string().uuid(),
  performerId: z.string().uuid(),
  revokedAt: z.string(),
});

/** She declared the co-performer on camera in a show she started: the record of who appeared, kept on legal hold. */
export const CoPerformerAppeared = z.object({
  coPerformerId: z.string().uuid(),
  performerId: z.string().uuid(),
  /** the show she was on camera in; or, for a photo she is in, `photoId` */
  showId: z.string().uuid().optional(),
  photoId: z.string().uuid().optional(),
  appearedAt: z.string(),
});

export const performersEvents = {
  CoPerformerAdded,
  CoPerformerReviewed,
  CoPerformerRevoked,
  CoPerformerAppeared,
  PerformerRegistered,
  PerformerCreatedByAdmin,
  PerformerVerified,
  PerformerRejected,
  PerformerProfileUpdated,
  PerformerDeleted,
  PerformerWentOnline,
  PerformerWentOffline,
  PerformerDocumentAdded,
  DocumentViewed,
  PerformerGeoblockSet,
  PerformerBlockedUser,
  PerformerUnblockedUser,
  PerformerPortraitSubmitted,
  PerformerPortraitReviewed,
  PhotoAdded,
  PhotoRemoved,
  PhotoReviewed,
  PhotoPurchased,
  PerformerEarningsCredited,
  FavouriteAdded,
  FavouriteRemoved,
  PerformerScheduleSet,
} as const;

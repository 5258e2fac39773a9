import { z } from 'zod';
import { documentTypes, performerCategories, PhysicalTraits, ScheduleSlot } from '../events/performers';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './accounts';
import { IdParam } from './common';
import { formatAuracoin } from '../format';
import type { RouteContract } from './route-contract';
import {
  HEIGHT_MAX_CM,
  MESSAGE_PRICE_MIN,
  HEIGHT_MIN_CM,
  PERFORMER_AGE_MAX,
  PERFORMER_AGE_MIN,
  REGISTRATION_RATE_DEFAULT,
  REGISTRATION_RATE_MIN,
  RATE_MIN,
  RATE_STEP,
  bodyTypes,
  ethnicities,
  eyeColors,
  hairColors,
  isHalfStep,
  isRatingStep,
  languageOptions,
  PERFORMER_BIO_MAX,
  PERFORMER_LANGUAGES_MAX,
  PERFORMER_LANGUAGES_MIN,
  PERFORMER_NAME_MAX,
  RATING_MAX,
  RATING_MIN,
  RATING_STEP_MESSAGE,
  specialFeatureOptions,
} from '../rules/performer';
import { priceCeilingMessages, priceCeilings, withinCeiling, type PricedThing } from '../rules/prices';
import { isSpyPrice, spiesAllowed, spyPriceMessage } from '../rules/spies';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

export const verificationStatuses = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** What anybody may see of an approved performer (gallery card, profile dialog). */
export const PublicPerformerView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  username: z.string().nullable(),
  age: z.number().int().nullable(),
  image: z.string(),
  isOnline: z.boolean(),
  /** the same as isOnline (the spec sees both names) */
  online: z.boolean(),
  /** average of the stars real users gave her paid private sessions (null: none yet) */
  rating: z.number().nullable(),
  /** how many ratings the average is of */
  ratingCount: z.number().int().nonnegative(),
  /** users who keep her among their favourites */
  favouritesCount: z.number().int().nonnegative(),
  /** her weekly schedule ('Quando sono online'), Monday = 0 */
  schedule: z.array(ScheduleSlot),
  /** auracoin per minute, steps of 0.5 */
  creditsPerMinute: z.number(),
  /** auracoin a user's chat message costs (0: free), steps of 0.5 */
  messagePrice: z.number(),
  /** auracoin a minute to spy on her privates (null or absent: she allows no spies) */
  spyPrice: z.number().nullable().optional(),
  languages: z.array(z.string()),
  category: z.enum(performerCategories).nullable(),
  bio: z.string().nullable(),
  ...PhysicalTraits.shape,
  /** sockets watching her right now (real presence, not invented) */
  viewers: z.number().int().nonnegative(),
  /** in a private session right now: 'In privato' on her card and dialog, requests get 409 */
  inPrivate: z.boolean(),
  verificationStatus: z.enum(verificationStatuses),
});
export type PublicPerformerView = z.infer<typeof PublicPerformerView>;

/** The whole record: for the performer herself and for admins. */
export const PerformerView = PublicPerformerView.extend({
  email: z.string().nullable(),
  /** euro (55% share of her sales) */
  totalEarnings: z.number(),
  totalOnlineMinutes: z.number().int().nonnegative(),
  totalSessions: z.number().int().nonnegative(),
  createdAt: z.string(),
  dateOfBirth: z.string().nullable(),
  signedContractAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** ISO 3166-1 alpha-2 countries from which she is hidden */
  geoblockedCountries: z.array(z.string()),
  /** identities she blocked (`identityIdOf`: a user id for a real name, an alias id for an alias) */
  blockedUserIds: z.array(z.string()),
  /** her new portrait while an admin reviews it, or after it was rejected (null: none); `image` stays the approved one */
  pendingPortrait: z
    .object({ image: z.string(), review: z.enum(['in_revisione', 'rifiutata']), submittedAt: z.string() })
    .nullable(),
});
export type PerformerView = z.infer<typeof PerformerView>;

/** A performer's own record or the public one, depending on who asks. */
export const PerformerDetail = z.union([PerformerView, PublicPerformerView]);

/** A price she sets: at least `min`, in steps of 0.5, at most its ceiling (docs/product.md#price-ceilings). */
const rate = (min: number, thing: PricedThing = 'ratePerMinute') =>
  z
    .number()
    .refine((value) => isHalfStep(value, min), {
      message: `Minimo ${formatAuracoin(min)}, a passi di ${formatAuracoin(RATE_STEP)}`,
    })
    .refine((value) => withinCeiling(thing, value), { message: priceCeilingMessages[thing] });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
const nullableOption = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values)
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((value) => value ?? null);

/** One identity document of a registration: a file uploaded with POST /api/upload. */
export const DocumentInput = z.object({
  documentType: z.enum(documentTypes),
  /** the `url` answered by POST /api/upload */
  documentUrl: z.string().min(1).max(500),
  fileName: z.string().trim().min(1).max(255),
  fileSize: z.number().int().nonnegative().optional(),
  performerId: z.string().optional(),
});
export type DocumentInput = z.infer<typeof DocumentInput>;

/**
 * Registration (POST /api/performers without an admin session). The five submit checks
 * (`registrationProblem`) run on the server in the spec's order with its messages, so the fields
 * they cover are loose here; the rest is checked by type.
 */
export const PerformerRegistrationBody = z.object({
  username: z.string().trim().max(USERNAME_MAX).optional(),
  password: z.string().max(PASSWORD_MAX).optional(),
  email: z.string().trim().toLowerCase().max(254).optional(),
  name: z.string().trim().max(PERFORMER_NAME_MAX).optional(),
  dateOfBirth: z.string().optional(),
  /** ignored: the age is computed from dateOfBirth */
  age: z.unknown().optional(),
  bio: optionalText(PERFORMER_BIO_MAX),
  creditsPerMinute: rate(REGISTRATION_RATE_MIN).default(REGISTRATION_RATE_DEFAULT),
  languages: z.array(z.enum(languageOptions)).max(languageOptions.length).default(['Italiano']),
  category: z.enum(performerCategories).default('Standard'),
  hairColor: nullableOption(hairColors),
  eyeColor: nullableOption(eyeColors),
  bodyType: nullableOption(bodyTypes),
  ethnicity: nullableOption(ethnicities),
  height: z
    .number()
    .int()
    .min(HEIGHT_MIN_CM)
    .max(HEIGHT_MAX_CM)
    .nullish()
    .transform((value) => value ?? null),
  specialFeatures: z.array(z.enum(specialFeatureOptions)).max(specialFeatureOptions.length).default([]),
  /** the fixed default picture URL the form sends */
  image: z.string().trim().max(500).optional(),
  /** the signature pad's image (data URL) */
  digitalSignature: z.string().max(500_000).optional(),
  /**
   * the client's signing time: with the signature it means the terms were accepted when
   * `acceptedTerms` is left out (the spec's body); the server stamps its own time
   */
  signedContractAt: z.unknown().optional(),
  /** ignored: a registration is always pending */
  verificationStatus: z.unknown().optional(),
  /** the form's checkbox: an explicit false is refused; absent, the signed contract stands for it */
  acceptedTerms: z.boolean().optional(),
  /** GDPR Art. 9: her explicit consent to data about sexual life; without `true` the registration answers `consent_required` */
  sensitiveDataConsent: z.boolean().optional(),
  /**
   * The identity documents, recorded together with the registration (at least one when the field
   * is sent). Without the field, the spec's sequence: the registration is incomplete until
   * POST /api/performers/{id}/documents attaches one.
   */
  documents: z.array(DocumentInput).max(10).optional(),
});
export type PerformerRegistrationBody = z.infer<typeof PerformerRegistrationBody>;
export type PerformerRegistrationInput = z.input<typeof PerformerRegistrationBody>;

/** Admin form: name, age, image, creditsPerMinute, languages required; rating 0–5 step 0.1; category and bio may be null. */
export const AdminPerformerBody = z.object({
  name: z.string().trim().min(1).max(PERFORMER_NAME_MAX),
  age: z.number().int().min(PERFORMER_AGE_MIN).max(PERFORMER_AGE_MAX),
  /** an https URL (fetched once into storage) or an Aura path (never `//host`) */
  image: z
    .string()
    .trim()
    .url()
    .max(500)
    .or(
      z
        .string()
        .regex(/^\/(?!\/)[\w\-./]+$/)
        .max(500),
    ),
  isOnline: z.boolean().default(false),
  rating: z
    .number()
    .min(RATING_MIN)
    .max(RATING_MAX)
    .refine(isRatingStep, { message: RATING_STEP_MESSAGE })
    .nullish()
    .transform((value) => value ?? null),
  creditsPerMinute: rate(RATE_MIN),
  /** a list, or the form's comma-separated text */
  languages: z
    .union([
      z.array(z.string().trim().min(1).max(40)),
      z.string().transform((text) =>
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(40)).min(PERFORMER_LANGUAGES_MIN).max(PERFORMER_LANGUAGES_MAX)),
  category: nullableOption(performerCategories),
  bio: optionalText(PERFORMER_BIO_MAX),
  /** optional sign-in credentials for the new performer */
  username: z.string().trim().min(USERNAME_MIN).max(USERNAME_MAX).optional(),
  email: z.string().trim().toLowerCase().email().max(254).optional(),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).optional(),
});
export type AdminPerformerBody = z.infer<typeof AdminPerformerBody>;
export type AdminPerformerInput = z.input<typeof AdminPerformerBody>;

/**
 * PATCH /api/performers/{id}: every field optional. A performer may change, on her own record,
 * name, age, creditsPerMinute, messagePrice, spyPrice, category, languages, image, bio and isOnline; an admin also rating.
 */
export const PerformerPatchBody = z
  .object({
    name: z.string().trim().min(1).max(PERFORMER_NAME_MAX),
    age: z.number().int().min(PERFORMER_AGE_MIN).max(PERFORMER_AGE_MAX),
    image: AdminPerformerBody.shape.image,
    creditsPerMinute: rate(RATE_MIN),
    messagePrice: rate(MESSAGE_PRICE_MIN, 'messagePrice'),
    /** auracoin a spy minute on her privates costs; null or 0: no spies (at most half her rate, checked with it) */
    spyPrice: z
      .number()
      .nullable()
      .refine((value) => isSpyPrice(value, priceCeilings.ratePerMinute), {
        message: spyPriceMessage(priceCeilings.ratePerMinute),
      })
      .transform((value) => (spiesAllowed(value) ? value : null)),
    category: nullableOption(performerCategories),
    languages: AdminPerformerBody.shape.languages,
    bio: optionalText(PERFORMER_BIO_MAX),
    rating: AdminPerformerBody.shape.rating,
    isOnline: z.boolean(),
  })
  .partial();
export type PerformerPatchBody = z.infer<typeof PerformerPatchBody>;
export type PerformerPatchInput = z.input<typeof PerformerPatchBody>;

export const PerformerLoginBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
});

export const DocumentView = z.object({
  id: z.string().uuid(),
  performerId: z.string().uuid(),
  documentType: z.enum(documentTypes),
  /** a short-lived signed link (admins only); every open is recorded */
  documentUrl: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  contentType: z.string(),
  uploadedAt: z.string(),
  /** when the link stops working */
  linkExpiresAt: z.string(),
});
export type DocumentView = z.infer<typeof DocumentView>;

export const VerifyBody = z
  .object({
    status: z.enum(['approved', 'rejected']),
    /** ignored: the admin is the caller */
    adminId: z.unknown().optional(),
    rejectionReason: z.string().trim().max(1000).nullish(),
  })
  .refine((body) => body.status !== 'rejected' || (body.rejectionReason ?? '').length > 0, {
    message: 'Inserisci un motivo per il rifiuto',
    path: ['rejectionReason'],
  });

export const GeoblockBody = z.object({
  countries: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'Codice paese ISO di 2 lettere'),
    )
    .max(250),
});

export const ScheduleBody = z
  .object({ slots: z.array(ScheduleSlot).max(28) })
  .refine((body) => body.slots.every((slot) => slot.to > slot.from), {
    message: "L'orario di fine deve seguire quello di inizio",
    path: ['slots'],
  });

export const BlockParams = z.object({ id: z.string().uuid(), userId: z.string().uuid() });

export const PerformerIdParam = IdParam;
const ok = z.object({ ok: z.literal(true) });

/** Earnings of the last 30 days for the dashboard chart (euro per UTC calendar day, ISO dates, oldest first, days without sales at 0). */
export const EarningsSeries = z.object({
  totalEarnings: z.number(),
  days: z.array(z.object({ date: z.string(), euro: z.number() })),
});
export type EarningsSeries = z.infer<typeof EarningsSeries>;

export const performersRoutes = {
  performerLogin: {
    ...apiPaths.performerLogin,
    summary: 'Performer sign-in (pending and rejected ones see their status)',
    tag: 'performers',
    refusals: moduleRefusals.performers,
    body: PerformerLoginBody,
    response: PerformerView,
  },
  performerMe: {
    ...apiPaths.performerMe,
    summary: 'The signed-in performer',
    tag: 'performers',
    refusals: [],
    response: PerformerView,
  },
  getPerformer: {
    ...apiPaths.getPerformer,
    summary: 'A performer: full record for herself and admins, public view for others (approved only)',
    tag: 'performers',
    refusals: [],
    params: IdParam,
    response: PerformerDetail,
  },
  createPerformer: {
    ...apiPaths.createPerformer,
    summary: 'Registration (anyone) or creation (admin session, admin form body)',
    tag: 'performers',
    refusals: moduleRefusals.performers,
    body: z.unknown(),
    response: PerformerView,
    status: 201,
    secondFactor: 'fresh',
  },
  updatePerformer: {
    ...apiPaths.updatePerformer,
    summary: 'Profile, bio, online switch (herself) or any field (admin)',
    tag: 'performers',
    refusals: moduleRefusals.performers,
    params: IdParam,
    body: PerformerPatchBody,
    response: PerformerView,
    secondFactor: 'fresh',
  },
  deletePerformer: {
    ...apiPaths.deletePerformer,
    summary: 'Delete a performer (admin)',
    tag: 'performers',
    refusals: moduleRefusals.performers,
    params: IdParam,
    response: ok,
    secondFactor: 'fresh',
  },
  adminListPerformers: {
    ...apiPaths.adminListPerformers,
    summary: 'Every performer with full records (admin)',
    tag: 'performers',
    refusals: [],
    response: z.array(PerformerView),
  },
  pendingPerformers: {
    ...apiPaths.pendingPerformers,
    summary: 'Performers waiting for verification (admin)',
    tag: 'verification',
    refusals: [],
    response: z.array(PerformerView),
  },
  verifyPerformer: {
    ...apiPaths.verifyPerformer,
    summary: 'Approve or reject a registration (admin)',
    tag: 'verification',
    refusals: moduleRefusals.verification,
    params: IdParam,
    body: VerifyBody,
    response: PerformerView,
    secondFactor: 'fresh',
  },
  listDocuments: {
    ...apiPaths.listDocuments,
    summary: 'Identity documents with short-lived links (admin)',
    tag: 'verification',
    refusals: [],
    params: IdParam,
    response: z.array(DocumentView),
  },
  addDocument: {
    ...apiPaths.addDocument,
    summary: 'Attach an uploaded identity document (herself while pending, or admin)',
    tag: 'verification',
    refusals: moduleRefusals.verification,
    params: IdParam,
    body: DocumentInput,
    response: DocumentView.omit({ documentUrl: true, linkExpiresAt: true }),
    status: 201,
    secondFactor: 'fresh',
  },
  setGeoblock: {
    ...apiPaths.setGeoblock,
    summary: 'Countries from which she is hidden',
    tag: 'performers',
    refusals: moduleRefusals.performers,
    params: IdParam,
    body: GeoblockBody,
    response: PerformerView,
    secondFactor: 'fresh',
  },
  setSchedule: {
    ...apiPaths.setSchedule,
    summary: "Her weekly schedule ('Quando sono online'), shown on her profile",
    tag: 'performers',
    refusals: moduleRefusals.performers,
    params: IdParam,
    body: ScheduleBody,
    response: PerformerView,
    secondFactor: 'fresh',
  },
  blockUser: {
    ...apiPaths.blockUser,
    summary:
      'Block an identity: {userId} is a user id (real name) or an alias id, as her conversations show it (no photos, messages or sessions)',
    tag: 'performers',
    refusals: moduleRefusals.performers,
    params: BlockParams,
    response: PerformerView,
    secondFactor: 'fresh',
  },
  unblockUser: {
    ...apiPaths.unblockUser,
    summary: 'Unblock an identity',
    tag: 'performers',
    refusals: moduleRefusals.performers,
    params: BlockParams,
    response: PerformerView,
    secondFactor: 'fresh',
  },
  performerEarnings: {
    ...apiPaths.performerEarnings,
    summary: 'Her earnings per day over the last 30 days (herself or admin)',
    tag: 'performers',
    refusals: [],
    params: IdParam,
    response: EarningsSeries,
  },
} as const satisfies Record<string, RouteContract>;

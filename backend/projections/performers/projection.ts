import { auracoinToUnits, MESSAGE_PRICE_DEFAULT, type DomainEvent, type EventDataOf } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';
import { dataField } from '../../platform/recorded-event';

export const PERFORMERS = 'performers';

export type PerformerDocumentDoc = {
  id: string;
  documentType: 'ID Fronte' | 'ID Retro' | 'Altro';
  fileId: string;
  fileName: string;
  fileSize: number;
  contentType: string;
  addedAt: string;
};

/** One performer: her profile, verification, presence, totals. The gallery reads it too. */
export type PerformerDoc = {
  _id: string;
  username: string | null;
  usernameLower: string | null;
  email: string | null;
  passwordHash: string | null;
  name: string;
  /** lower-cased name, category and languages for the search box */
  searchText: string;
  dateOfBirth: string | null;
  age: number | null;
  image: string;
  rating: number | null;
  rateUnits: number;
  /** what a user's chat message costs, minor units */
  messagePriceUnits: number;
  /** what a spy minute on her privates costs, minor units (absent or null: no spies) */
  spyPriceUnits?: number | null;
  languages: string[];
  category: 'Standard' | 'Premium' | 'VIP' | null;
  bio: string | null;
  hairColor: string | null;
  eyeColor: string | null;
  bodyType: string | null;
  ethnicity: string | null;
  height: number | null;
  specialFeatures: string[];
  signedContractAt: string | null;
  hasSignature: boolean;
  verificationStatus: 'pending' | 'approved' | 'rejected';
  rejectionReason: string | null;
  isOnline: boolean;
  /** when the current online period started */
  onlineSince: string | null;
  /** finished online periods, ms */
  onlineMs: number;
  totalEarningsCents: number;
  totalSessions: number;
  /** the private session she is in right now */
  privateSessionId: string | null;
  geoblockedCountries: string[];
  blockedUserIds: string[];
  documents: PerformerDocumentDoc[];
  createdAt: string;
  /** when she was approved (listed since): the gallery's 'Nuove' and its newest-first order */
  approvedAt?: string | null;
  /** stars real users gave her paid private sessions: their sum and count (the rating is their average) */
  ratingStars?: number;
  ratingCount?: number;
  /** sessions already rated (a repeat of the event counts once) */
  ratedSessionIds?: string[];
  /** users keeping her among their favourites */
  favouritesCount?: number;
  /** her weekly schedule ('Quando sono online') */
  schedule?: { day: number; from: string; to: string }[];
  /** her new portrait until an admin approves it (issue 39 item 5): only she and admins see it */
  pendingPortrait?: PendingPortrait | null;
};

export type PendingPortrait = {
  id: string;
  image: string;
  review: 'in_revisione' | 'rifiutata';
  submittedAt: string;
};

function searchTextOf(doc: Pick<PerformerDoc, 'name' | 'category' | 'languages'>): string {
  return [doc.name, doc.category ?? '', ...doc.languages].join(' ').toLowerCase();
}

function withSearch(doc: PerformerDoc): PerformerDoc {
  return { ...doc, searchText: searchTextOf(doc) };
}

const base = {
  onlineSince: null,
  onlineMs: 0,
  totalEarningsCents: 0,
  totalSessions: 0,
  privateSessionId: null,
  geoblockedCountries: [],
  blockedUserIds: [],
  documents: [],
  isOnline: false,
  rejectionReason: null,
  messagePriceUnits: auracoinToUnits(MESSAGE_PRICE_DEFAULT),
} satisfies Partial<PerformerDoc>;

/** What a registration and an admin's creation both record: sign-in names and the listing's card. */
function listingOf(d: EventDataOf<'PerformerRegistered'> | EventDataOf<'PerformerCreatedByAdmin'>) {
  return {
    _id: d.performerId,
    username: d.username,
    usernameLower: d.username?.toLowerCase() ?? null,
    email: d.email,
    passwordHash: d.passwordHash,
    name: d.name,
    searchText: '',
    image: d.image,
    rating: d.rating,
    rateUnits: d.rateUnits,
    languages: d.languages,
    category: d.category,
    bio: d.bio,
  };
}

/** Minutes between two ISO times, as ms (never negative). */
const between = (from: string, to: string) => Math.max(0, Date.parse(to) - Date.parse(from));

export function evolvePerformer(doc: PerformerDoc | null, event: DomainEvent): PerformerDoc | null {
  switch (event.type) {
    case 'PerformerRegistered': {
      const d = event.data;
      return withSearch({
        ...base,
        // totals that may have arrived first (never in practice) are kept
        ...(doc ? { totalEarningsCents: doc.totalEarningsCents, documents: doc.documents } : {}),
        ...listingOf(d),
        dateOfBirth: d.dateOfBirth,
        age: null,
        hairColor: d.hairColor,
        eyeColor: d.eyeColor,
        bodyType: d.bodyType,
        ethnicity: d.ethnicity,
        height: d.height,
        specialFeatures: d.specialFeatures,
        signedContractAt: d.signedContractAt,
        hasSignature: Boolean(d.digitalSignature),
        verificationStatus: 'pending',
        createdAt: d.registeredAt,
      });
    }
    case 'PerformerCreatedByAdmin': {
      const d = event.data;
      return withSearch({
        ...base,
        ...listingOf(d),
        dateOfBirth: null,
        age: d.age,
        hairColor: null,
        eyeColor: null,
        bodyType: null,
        ethnicity: null,
        height: null,
        specialFeatures: [],
        signedContractAt: null,
        hasSignature: false,
        verificationStatus: 'approved',
        approvedAt: d.createdAt,
        createdAt: d.createdAt,
      });
    }
    case 'PerformerDeleted':
      return null;
  }
  if (!doc) return null;
  switch (event.type) {
    case 'PerformerVerified':
      return {
        ...doc,
        verificationStatus: 'approved',
        rejectionReason: null,
        approvedAt: doc.approvedAt ?? event.data.verifiedAt,
      };
    case 'PerformerRejected':
      return { ...doc, verificationStatus: 'rejected', rejectionReason: event.data.reason };
    case 'PerformerProfileUpdated': {
      const { rateUnits, ...rest } = event.data.changes;
      const changed = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
      return withSearch({ ...doc, ...changed, ...(rateUnits !== undefined ? { rateUnits } : {}) });
    }
    case 'PerformerWentOnline':
      return doc.isOnline ? doc : { ...doc, isOnline: true, onlineSince: event.data.at };
    case 'PerformerWentOffline':
      if (!doc.isOnline) return doc;
      return {
        ...doc,
        isOnline: false,
        onlineSince: null,
        onlineMs: doc.onlineMs + (doc.onlineSince ? between(doc.onlineSince, event.data.at) : 0),
      };
    case 'PerformerDocumentAdded': {
      const d = event.data;
      if (doc.documents.some((existing) => existing.id === d.documentId)) return doc;
      const added: PerformerDocumentDoc = {
        id: d.documentId,
        documentType: d.documentType,
        fileId: d.fileId,
        fileName: d.fileName,
        fileSize: d.fileSize,
        contentType: d.contentType,
        addedAt: d.addedAt,
      };
      return { ...doc, documents: [...doc.documents, added] };
    }
    case 'PerformerGeoblockSet':
      return { ...doc, geoblockedCountries: event.data.countries };
    case 'PerformerBlockedUser':
      return {
        ...doc,
        blockedUserIds: [...doc.blockedUserIds.filter((id) => id !== event.data.userId), event.data.userId],
      };
    case 'PerformerUnblockedUser':
      return { ...doc, blockedUserIds: doc.blockedUserIds.filter((id) => id !== event.data.userId) };
    case 'SessionStarted':
      return { ...doc, totalSessions: doc.totalSessions + 1, privateSessionId: event.data.sessionId };
    case 'SessionEnded':
      return doc.privateSessionId === event.data.sessionId ? { ...doc, privateSessionId: null } : doc;
    case 'SessionRated': {
      const rated = doc.ratedSessionIds ?? [];
      if (rated.includes(event.data.sessionId)) return doc;
      return {
        ...doc,
        ratingStars: (doc.ratingStars ?? 0) + event.data.stars,
        ratingCount: (doc.ratingCount ?? 0) + 1,
        ratedSessionIds: [...rated, event.data.sessionId],
      };
    }
    case 'FavouriteAdded':
      return { ...doc, favouritesCount: (doc.favouritesCount ?? 0) + 1 };
    case 'FavouriteRemoved':
      return { ...doc, favouritesCount: Math.max(0, (doc.favouritesCount ?? 0) - 1) };
    case 'PerformerScheduleSet':
      return { ...doc, schedule: event.data.slots };
    case 'PerformerPortraitSubmitted': {
      const { portraitId, image, submittedAt } = event.data;
      return { ...doc, pendingPortrait: { id: portraitId, image, review: 'in_revisione', submittedAt } };
    }
    case 'PerformerPortraitReviewed': {
      const pending = doc.pendingPortrait;
      if (!pending || pending.id !== event.data.portraitId) return doc;
      return event.data.decision === 'approve'
        ? { ...doc, image: pending.image, pendingPortrait: null }
        : { ...doc, pendingPortrait: { ...pending, review: 'rifiutata' } };
    }
    case 'PerformerEarningsCredited':
      return {
        ...doc,
        totalEarningsCents: doc.totalEarningsCents + event.data.shareCents,
      };
    default:
      return doc;
  }
}

export const performerEventTypes = [
  'PerformerRegistered',
  'PerformerCreatedByAdmin',
  'PerformerVerified',
  'PerformerRejected',
  'PerformerProfileUpdated',
  'PerformerDeleted',
  'PerformerWentOnline',
  'PerformerWentOffline',
  'PerformerDocumentAdded',
  'PerformerGeoblockSet',
  'PerformerBlockedUser',
  'PerformerUnblockedUser',
  'PerformerEarningsCredited',
  'SessionStarted',
  'SessionEnded',
  'SessionRated',
  'FavouriteAdded',
  'FavouriteRemoved',
  'PerformerScheduleSet',
  'PerformerPortraitSubmitted',
  'PerformerPortraitReviewed',
] as const;

export const performersProjection = docProjection<PerformerDoc>({
  name: PERFORMERS,
  collection: PERFORMERS,
  eventTypes: performerEventTypes,
  documentId: (event) => dataField(event, 'performerId'),
  evolve: evolvePerformer,
  indexes: [
    { keys: { usernameLower: 1 }, options: { name: 'by_username' } },
    { keys: { verificationStatus: 1, isOnline: -1, rating: -1 }, options: { name: 'gallery' } },
  ],
});

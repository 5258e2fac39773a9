import {
  ageOn,
  auracoinToUnits,
  MESSAGE_PRICE_DEFAULT,
  NEW_PERFORMER_DAYS,
  type GallerySort,
  unitsToAuracoin,
  centsToEuro,
  type GalleryQuery,
  type GalleryPage,
  type PerformerView,
  type PublicPerformerView,
} from '@aura/contracts';
import { JsonText } from '../../platform/http/routes';
import { checkpointMemo, checkpointPosition } from '../../kernel/projections/checkpoint-memo';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { PERFORMERS, type PerformerDoc } from './projection';

/** Live figures the read model does not hold: viewers from socket presence, the clock. */
export interface LiveFigures {
  viewersOf(performerId: string): number;
  /** changes whenever any viewer count changes */
  viewersVersion(): number;
  now(): Date;
}

function ageOf(doc: PerformerDoc, now: Date): number | null {
  if (doc.age !== null) return doc.age;
  return doc.dateOfBirth ? ageOn(doc.dateOfBirth, now) : null;
}

/** Her chat price, minor units (documents written before the field existed: the default). */
export function messagePriceUnitsOf(doc: PerformerDoc): number {
  return doc.messagePriceUnits ?? auracoinToUnits(MESSAGE_PRICE_DEFAULT);
}

export function toPublicPerformerView(doc: PerformerDoc, live: LiveFigures): PublicPerformerView {
  const now = live.now();
  return {
    id: doc._id,
    name: doc.name,
    username: doc.username,
    age: ageOf(doc, now),
    image: doc.image,
    isOnline: doc.isOnline,
    online: doc.isOnline,
    ...ratingOf(doc),
    favouritesCount: doc.favouritesCount ?? 0,
    schedule: doc.schedule ?? [],
    creditsPerMinute: unitsToAuracoin(doc.rateUnits),
    messagePrice: unitsToAuracoin(messagePriceUnitsOf(doc)),
    spyPrice: doc.spyPriceUnits ? unitsToAuracoin(doc.spyPriceUnits) : null,
    languages: doc.languages,
    category: doc.category,
    bio: doc.bio,
    hairColor: doc.hairColor,
    eyeColor: doc.eyeColor,
    bodyType: doc.bodyType,
    ethnicity: doc.ethnicity,
    height: doc.height,
    specialFeatures: doc.specialFeatures,
    viewers: doc.isOnline ? live.viewersOf(doc._id) : 0,
    inPrivate: (doc.privateSessionId ?? null) !== null,
    verificationStatus: doc.verificationStatus,
  };
}

/** Her rating: the average of real users' stars, two decimals (null: nobody rated her yet). */
export function ratingOf(doc: Pick<PerformerDoc, 'ratingStars' | 'ratingCount'>): {
  rating: number | null;
  ratingCount: number;
} {
  const count = doc.ratingCount ?? 0;
  return { rating: count > 0 ? Math.round(((doc.ratingStars ?? 0) / count) * 100) / 100 : null, ratingCount: count };
}

/** Listed in 'Nuove': approved within the last NEW_PERFORMER_DAYS days. */
export function isNew(doc: PerformerDoc, now: Date): boolean {
  const since = doc.approvedAt ?? doc.createdAt;
  return now.getTime() - Date.parse(since) < NEW_PERFORMER_DAYS * DAY_MS;
}

/** Popularity: her private sessions and her followers, then her rating. */
const popularity = (doc: PerformerDoc) => doc.totalSessions + (doc.favouritesCount ?? 0);
const listedAt = (doc: PerformerDoc) => Date.parse(doc.approvedAt ?? doc.createdAt);

/** The gallery's orders (`sort`); without one: online first, then rating. */
export function sortedFor(docs: PerformerDoc[], sort: GallerySort | undefined): PerformerDoc[] {
  if (!sort) return docs;
  const byName = (a: PerformerDoc, b: PerformerDoc) => a.name.localeCompare(b.name, 'it');
  const orders: Record<GallerySort, (a: PerformerDoc, b: PerformerDoc) => number> = {
    popular: (a, b) =>
      popularity(b) - popularity(a) || (ratingOf(b).rating ?? -1) - (ratingOf(a).rating ?? -1) || byName(a, b),
    new: (a, b) => listedAt(b) - listedAt(a) || byName(a, b),
    price_asc: (a, b) => a.rateUnits - b.rateUnits || byName(a, b),
    price_desc: (a, b) => b.rateUnits - a.rateUnits || byName(a, b),
  };
  return [...docs].sort(orders[sort]);
}

/** Online minutes so far, the running period included. */
export function onlineMinutes(doc: PerformerDoc, now: Date): number {
  const running = doc.isOnline && doc.onlineSince ? Math.max(0, now.getTime() - Date.parse(doc.onlineSince)) : 0;
  return Math.floor((doc.onlineMs + running) / 60_000);
}

export function toPerformerView(doc: PerformerDoc, live: LiveFigures): PerformerView {
  return {
    ...toPublicPerformerView(doc, live),
    email: doc.email,
    totalEarnings: centsToEuro(doc.totalEarningsCents),
    totalOnlineMinutes: onlineMinutes(doc, live.now()),
    totalSessions: doc.totalSessions,
    createdAt: doc.createdAt,
    dateOfBirth: doc.dateOfBirth,
    signedContractAt: doc.signedContractAt,
    rejectionReason: doc.rejectionReason,
    geoblockedCountries: doc.geoblockedCountries,
    blockedUserIds: doc.blockedUserIds,
    pendingPortrait: doc.pendingPortrait
      ? {
          image: doc.pendingPortrait.image,
          review: doc.pendingPortrait.review,
          submittedAt: doc.pendingPortrait.submittedAt,
        }
      : null,
  };
}

/** Does an approved performer pass a gallery query's filters (tabs excluded) for a visitor of `country`? */
export function matchesGallery(
  doc: PerformerDoc,
  query: Omit<GalleryQuery, 'tab' | 'limit' | 'sort'>,
  country: string | undefined,
  now: Date = new Date(),
): boolean {
  if (doc.verificationStatus !== 'approved') return false;
  if (query.language && !doc.languages.some((language) => language.toLowerCase() === query.language!.toLowerCase()))
    return false;
  if (query.ageMin !== undefined || query.ageMax !== undefined) {
    const age = ageOf(doc, now);
    if (
      age === null ||
      (query.ageMin !== undefined && age < query.ageMin) ||
      (query.ageMax !== undefined && age > query.ageMax)
    )
      return false;
  }
  if (query.priceMin !== undefined && doc.rateUnits < auracoinToUnits(query.priceMin)) return false;
  if (query.priceMax !== undefined && doc.rateUnits > auracoinToUnits(query.priceMax)) return false;
  if (query.category && doc.category !== query.category) return false;
  if (query.hairColor && doc.hairColor !== query.hairColor) return false;
  if (query.eyeColor && doc.eyeColor !== query.eyeColor) return false;
  if (query.bodyType && doc.bodyType !== query.bodyType) return false;
  if (query.ethnicity && doc.ethnicity !== query.ethnicity) return false;
  if (query.specialFeatures && !query.specialFeatures.every((feature) => doc.specialFeatures.includes(feature)))
    return false;
  if (query.q && !doc.searchText.includes(query.q.toLowerCase())) return false;
  if (country && doc.geoblockedCountries.includes(country)) return false;
  return true;
}

/** Online first, then by rating (highest first), then by name. */
function galleryOrder(a: PerformerDoc, b: PerformerDoc): number {
  return (
    Number(b.isOnline) - Number(a.isOnline) ||
    (ratingOf(b).rating ?? -1) - (ratingOf(a).rating ?? -1) ||
    a.name.localeCompare(b.name)
  );
}

const DAY_MS = 86_400_000;

/** Reads of the performers read model (injected into command modules, never imported by them). */
export function createPerformerQueries(readModels: ReadModelStore, live: LiveFigures) {
  const performers = readModels.collection<PerformerDoc>(PERFORMERS);
  type Snapshot = {
    position: number | null;
    day: string;
    docs: PerformerDoc[];
    answers: Map<string, GalleryPage>;
    json: Map<string, JsonText>;
  };
  let snapshot: Snapshot | undefined;
  const loading = new Map<string, Promise<Snapshot>>();
  const profiles = checkpointMemo<JsonText | null>(readModels, PERFORMERS);
  // never staler than the read model where the store can tell (docs/architecture.md#public-reads)
  const position = checkpointPosition(readModels, PERFORMERS);
  async function approvedSnapshot(): Promise<Snapshot> {
    const at = await position();
    // ages move with the calendar: a new day reloads too
    const day = live.now().toISOString().slice(0, 10);
    if (snapshot && snapshot.position === at && snapshot.day === day) return snapshot;
    // a load begun for an older checkpoint is not joined: its answer would undo what a push just showed
    const key = `${at}|${day}`;
    let load = loading.get(key);
    if (!load) {
      load = performers
        .find({ verificationStatus: 'approved' })
        .then((docs) => {
          const loaded = { position: at, day, docs: docs.sort(galleryOrder), answers: new Map(), json: new Map() };
          if (!snapshot || snapshot.day !== day || (at ?? -1) >= (snapshot.position ?? -1)) snapshot = loaded;
          return loaded;
        })
        .finally(() => loading.delete(key));
      loading.set(key, load);
    }
    return load;
  }
  return {
    live,
    async byId(id: string): Promise<PerformerDoc | null> {
      return performers.findOne({ _id: id });
    },
    async byIds(ids: readonly string[]): Promise<PerformerDoc[]> {
      return ids.length === 0 ? [] : performers.find({ _id: { $in: [...ids] } });
    },
    /** by username (ignoring case) or email */
    async byLogin(identifier: string): Promise<PerformerDoc | null> {
      const lower = identifier.trim().toLowerCase();
      return performers.findOne(lower.includes('@') ? { email: lower } : { usernameLower: lower });
    },
    /** new portraits waiting for an admin's review, oldest first (issue 39 item 5) */
    async portraitsInReview(): Promise<PerformerDoc[]> {
      const docs = await performers.find({ 'pendingPortrait.review': 'in_revisione' });
      return docs.sort((a, b) => a.pendingPortrait!.submittedAt.localeCompare(b.pendingPortrait!.submittedAt));
    },
    /** the performer whose portrait in review this is */
    async withPendingPortrait(portraitId: string): Promise<PerformerDoc | null> {
      return performers.findOne({ 'pendingPortrait.id': portraitId });
    },
    /** the performer holding an identity document */
    async withDocument(documentId: string): Promise<PerformerDoc | null> {
      return performers.findOne({ 'documents.id': documentId });
    },
    async all(): Promise<PerformerDoc[]> {
      return performers.find({}, { sort: { createdAt: -1 } });
    },
    /** registrations waiting for verification: pending, with at least one identity document (an incomplete one is not listed) */
    async pending(): Promise<PerformerDoc[]> {
      return (await performers.find({ verificationStatus: 'pending' }, { sort: { createdAt: 1 } })).filter(
        (doc) => doc.documents.length > 0,
      );
    },
    async approvedCount(): Promise<number> {
      return performers.count({ verificationStatus: 'approved' });
    },
    async onlineCount(): Promise<number> {
      return performers.count({ verificationStatus: 'approved', isOnline: true });
    },
    /**
     * The gallery: approved, not geoblocked for `country`, filtered; online first, then rating.
     * Answered from a snapshot of the approved performers that is reloaded whenever the
     * projection's checkpoint moves (so it is never staler than the read model, in any process),
     * with answers memoised per query for that checkpoint; viewer counts are applied live.
     */
    async gallery(query: GalleryQuery, country: string | undefined): Promise<GalleryPage> {
      const current = await approvedSnapshot();
      const key = JSON.stringify([query, country ?? null]);
      let answer = current.answers.get(key);
      if (!answer) {
        const now = live.now();
        const matching = current.docs.filter((doc) => matchesGallery(doc, query, country, now));
        const online = matching.filter((doc) => doc.isOnline).length;
        const fresh = matching.filter((doc) => isNew(doc, now));
        const tab =
          query.tab === 'all'
            ? matching
            : query.tab === 'new'
              ? fresh
              : matching.filter((doc) => doc.isOnline === (query.tab === 'online'));
        // 'Nuove' lists the newest first unless another order is asked for
        const ordered = sortedFor(tab, query.sort ?? (query.tab === 'new' ? 'new' : undefined));
        answer = {
          performers: ordered
            .slice(0, query.limit)
            .map((doc) => toPublicPerformerView(doc, { viewersOf: () => 0, viewersVersion: () => 0, now: live.now })),
          counts: { all: matching.length, online, offline: matching.length - online, new: fresh.length },
          ageVerificationRequired: false,
        };
        if (current.answers.size > 500) current.answers.clear();
        current.answers.set(key, answer);
      }
      return {
        performers: answer.performers.map((view) =>
          view.isOnline ? { ...view, viewers: live.viewersOf(view.id) } : view,
        ),
        counts: answer.counts,
        ageVerificationRequired: false,
      };
    },
    /**
     * The gallery answer as JSON, checked against `check` (the contract's response schema) and
     * encoded once per checkpoint, query and viewer-count version rather than on every request.
     */
    async galleryJson(
      query: GalleryQuery,
      country: string | undefined,
      check: (page: GalleryPage) => unknown,
      /** no age proof yet: each portrait's blurred stand-in (issue 39 item 2) */
      veil?: (image: string) => string,
    ): Promise<JsonText> {
      const current = await approvedSnapshot();
      const key = `json:${live.viewersVersion()}:${veil ? 'veiled' : 'seen'}:${JSON.stringify([query, country ?? null])}`;
      const cached = current.json.get(key);
      if (cached !== undefined) return cached;
      const page = await this.gallery(query, country);
      const json = JsonText.of(
        check(
          veil
            ? {
                ...page,
                ageVerificationRequired: true,
                performers: page.performers.map((view) => ({ ...view, image: veil(view.image) })),
              }
            : page,
        ),
      );
      if (current.json.size > 500) current.json.clear();
      current.json.set(key, json);
      return json;
    },
    /**
     * A performer's public profile as JSON for a visitor from `country` (null: not visible there,
     * or no such performer), checked against `check` and encoded once per change of the read model
     * (its checkpoint, read on every call), day (her age) and viewer-count version.
     */
    async publicProfileJson(
      id: string,
      country: string | undefined,
      check: (view: PublicPerformerView) => unknown,
      /** no age proof yet: her portrait's blurred stand-in (issue 39 item 2) */
      veil?: (image: string) => string,
    ): Promise<JsonText | null> {
      const day = Math.floor(live.now().getTime() / DAY_MS);
      const key = `${id}|${country ?? ''}|${live.viewersVersion()}|${day}|${veil ? 'veiled' : 'seen'}`;
      return profiles(key, async () => {
        const doc = await performers.findOne({ _id: id });
        if (!doc || sightOf(doc, undefined, country) !== 'public') return null;
        const view = toPublicPerformerView(doc, live);
        return JsonText.of(check(veil ? { ...view, image: veil(view.image) } : view));
      });
    },
  };
}

export type PerformerQueries = ReturnType<typeof createPerformerQueries>;

/** May a visitor from `country` see this performer? (geoblocking is decided here, on the server) */
export function visibleFrom(doc: PerformerDoc, country: string | undefined): boolean {
  return !country || !doc.geoblockedCountries.includes(country);
}

/** Herself and admins see a performer's whole record. */
export function seesAllOf(caller: { kind: string; sub: string } | undefined, performerId: string): boolean {
  return (
    caller !== undefined && (caller.kind === 'admin' || (caller.kind === 'performer' && caller.sub === performerId))
  );
}

/**
 * What a caller may see of a performer, the one rule for profiles and photos alike: herself and
 * admins the whole record; anybody else an approved performer not geoblocked for their country;
 * nothing otherwise (answered as not found).
 */
export function sightOf(
  doc: PerformerDoc,
  caller: { kind: string; sub: string } | undefined,
  country: string | undefined,
): 'full' | 'public' | 'none' {
  if (seesAllOf(caller, doc._id)) return 'full';
  return doc.verificationStatus === 'approved' && visibleFrom(doc, country) ? 'public' : 'none';
}

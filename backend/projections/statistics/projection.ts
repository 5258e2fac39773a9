/**
 * The statistics read model: counters kept with `guardedUpdate` (each event changes each document
 * once, even when a crash replays it) in four collections: one document per user (registered,
 * deleted, balance), per performer (listing state, presence, rate, rating), per package (terms and
 * copies sold), per Italian calendar day (new users, revenue, auracoin sold), and the totals.
 */
import type { DomainEvent } from '@aura/contracts';
import { guardedUpdate, guardedUpdates } from '../../kernel/projections/doc-projection';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import type { Update } from '../../platform/readmodels/port';

export const STATISTICS = 'statistics';
export const STAT_TOTALS = 'statistics';
export const STAT_USERS = 'statistics_users';
export const STAT_PERFORMERS = 'statistics_performers';
export const STAT_PACKAGES = 'statistics_packages';
export const STAT_DAYS = 'statistics_days';
export const TOTALS_ID = 'totals';

export type TotalsDoc = {
  _id: string;
  distributedUnits?: number;
  /** euro cents paid for auracoin, ever (the margin per auracoin issued) */
  revenueCents?: number;
  messagesSent?: number;
  messageRevenueUnits?: number;
} & SessionCounters & { sessionsActive?: number };
/** private sessions started, minutes billed and what users paid for them (minutes and minimums), minor units */
export type SessionCounters = { sessions?: number; sessionMinutes?: number; sessionRevenueUnits?: number };
export type UserStatDoc = { _id: string; registered?: boolean; deleted?: boolean; balanceUnits?: number };
export type PerformerStatDoc = {
  _id: string;
  name?: string;
  rateUnits?: number;
  /** real users' stars on her paid private sessions: their sum and count (the rating is their average) */
  ratingStars?: number;
  ratingCount?: number;
  status?: 'pending' | 'approved' | 'rejected' | 'deleted';
  isOnline?: boolean;
};
export type PackageStatDoc = {
  _id: string;
  credits?: number;
  bonus?: number;
  priceCents?: number;
  deleted?: boolean;
  sold?: number;
};
export type DayStatDoc = {
  _id: string;
  newUsers?: number;
  revenueCents?: number;
  auracoinSoldUnits?: number;
  /** card payments that day (purchases credited) */
  purchases?: number;
  /** card disputes opened that day */
  disputes?: number;
  messagesSent?: number;
  messageRevenueUnits?: number;
} & SessionCounters;

const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Italian calendar day (YYYY-MM-DD, Europe/Rome) of an ISO timestamp. */
export function italianDay(iso: string | Date): string {
  return romeDay.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** One write: a collection, a document and the update the event makes to it. */
export interface StatWrite {
  collection: string;
  id: string;
  update: Update;
}

/** The counter writes an event makes (pure; applied with guardedUpdate). */
export function statisticsWrites(event: DomainEvent): StatWrite[] {
  switch (event.type) {
    case 'UserRegistered':
      return [
        { collection: STAT_USERS, id: event.data.userId, update: { $set: { registered: true } } },
        { collection: STAT_DAYS, id: italianDay(event.data.registeredAt), update: { $inc: { newUsers: 1 } } },
      ];
    case 'UserDeleted':
      return [{ collection: STAT_USERS, id: event.data.userId, update: { $set: { deleted: true } } }];
    case 'AuracoinCredited':
      return [
        { collection: STAT_USERS, id: event.data.walletId, update: { $inc: { balanceUnits: event.data.amount } } },
        { collection: STAT_TOTALS, id: TOTALS_ID, update: { $inc: { distributedUnits: event.data.amount } } },
      ];
    case 'AuracoinDebited':
      return [
        { collection: STAT_USERS, id: event.data.walletId, update: { $inc: { balanceUnits: -event.data.amount } } },
      ];
    case 'AuracoinAdjusted':
      return [
        { collection: STAT_USERS, id: event.data.walletId, update: { $inc: { balanceUnits: event.data.amount } } },
        { collection: STAT_TOTALS, id: TOTALS_ID, update: { $inc: { distributedUnits: event.data.amount } } },
      ];
    case 'AuracoinPurchased':
      return [
        {
          collection: STAT_DAYS,
          id: italianDay(event.data.purchasedAt),
          update: { $inc: { revenueCents: event.data.priceCents, auracoinSoldUnits: event.data.amount, purchases: 1 } },
        },
        { collection: STAT_PACKAGES, id: event.data.packageId, update: { $inc: { sold: 1 } } },
        { collection: STAT_TOTALS, id: TOTALS_ID, update: { $inc: { revenueCents: event.data.priceCents } } },
      ];
    case 'DisputeOpened':
      return [{ collection: STAT_DAYS, id: italianDay(event.data.openedAt), update: { $inc: { disputes: 1 } } }];
    case 'PackageCreated':
    case 'PackageUpdated': {
      const { packageId, credits, bonus, priceCents } = event.data;
      return [
        { collection: STAT_PACKAGES, id: packageId, update: { $set: { credits, bonus, priceCents, deleted: false } } },
      ];
    }
    case 'PackageDeleted':
      return [{ collection: STAT_PACKAGES, id: event.data.packageId, update: { $set: { deleted: true } } }];
    case 'PerformerRegistered': {
      // the rating an application carries is not a review: the rating is only ever what users gave (SessionRated)
      const { performerId, name, rateUnits } = event.data;
      return [
        {
          collection: STAT_PERFORMERS,
          id: performerId,
          update: { $set: { name, rateUnits }, $setOnInsert: { status: 'pending', isOnline: false } },
        },
      ];
    }
    case 'PerformerCreatedByAdmin': {
      const { performerId, name, rateUnits } = event.data;
      return [
        {
          collection: STAT_PERFORMERS,
          id: performerId,
          update: { $set: { name, rateUnits, status: 'approved' }, $setOnInsert: { isOnline: false } },
        },
      ];
    }
    case 'PerformerVerified':
      return [{ collection: STAT_PERFORMERS, id: event.data.performerId, update: { $set: { status: 'approved' } } }];
    case 'PerformerRejected':
      return [{ collection: STAT_PERFORMERS, id: event.data.performerId, update: { $set: { status: 'rejected' } } }];
    case 'PerformerDeleted':
      return [
        {
          collection: STAT_PERFORMERS,
          id: event.data.performerId,
          update: { $set: { status: 'deleted', isOnline: false } },
        },
      ];
    case 'PerformerProfileUpdated': {
      const { name, rateUnits } = event.data.changes;
      const $set: Record<string, unknown> = {};
      if (name !== undefined) $set.name = name;
      if (rateUnits !== undefined) $set.rateUnits = rateUnits;
      return Object.keys($set).length > 0
        ? [{ collection: STAT_PERFORMERS, id: event.data.performerId, update: { $set } }]
        : [];
    }
    case 'SessionRated':
      // the decider takes one rating per session, and guardedUpdate applies each event once
      return [
        {
          collection: STAT_PERFORMERS,
          id: event.data.performerId,
          update: { $inc: { ratingStars: event.data.stars, ratingCount: 1 } },
        },
      ];
    case 'PerformerWentOnline':
      return [{ collection: STAT_PERFORMERS, id: event.data.performerId, update: { $set: { isOnline: true } } }];
    case 'PerformerWentOffline':
      return [{ collection: STAT_PERFORMERS, id: event.data.performerId, update: { $set: { isOnline: false } } }];
    case 'MessageSent': {
      const update = { $inc: { messagesSent: 1, messageRevenueUnits: event.data.priceUnits } };
      return [
        { collection: STAT_TOTALS, id: TOTALS_ID, update },
        { collection: STAT_DAYS, id: italianDay(event.data.sentAt), update },
      ];
    }
    case 'SessionStarted':
      return [
        { collection: STAT_TOTALS, id: TOTALS_ID, update: { $inc: { sessions: 1, sessionsActive: 1 } } },
        { collection: STAT_DAYS, id: italianDay(event.data.startedAt), update: { $inc: { sessions: 1 } } },
      ];
    case 'SessionEnded':
      // a withdrawn request never started
      return event.data.reason === 'cancelled'
        ? []
        : [{ collection: STAT_TOTALS, id: TOTALS_ID, update: { $inc: { sessionsActive: -1 } } }];
    case 'SessionMinuteBilled':
    case 'SessionMinimumCharged': {
      // the rest of a minimum is minutes paid for too: the minutes counted are the minutes the ledger charged
      const update = {
        $inc: {
          sessionMinutes: event.type === 'SessionMinuteBilled' ? 1 : event.data.minutes,
          sessionRevenueUnits: event.data.amount,
        },
      };
      const day = event.type === 'SessionMinuteBilled' ? event.data.billedAt : event.data.chargedAt;
      return [
        { collection: STAT_TOTALS, id: TOTALS_ID, update },
        { collection: STAT_DAYS, id: italianDay(day), update },
      ];
    }
    default:
      return [];
  }
}

export const statisticsEventTypes = [
  'UserRegistered',
  'UserDeleted',
  'AuracoinCredited',
  'AuracoinDebited',
  'AuracoinAdjusted',
  'AuracoinPurchased',
  'DisputeOpened',
  'PackageCreated',
  'PackageUpdated',
  'PackageDeleted',
  'PerformerRegistered',
  'PerformerCreatedByAdmin',
  'PerformerVerified',
  'PerformerRejected',
  'PerformerDeleted',
  'PerformerProfileUpdated',
  'PerformerWentOnline',
  'PerformerWentOffline',
  'SessionRated',
  'MessageSent',
  'SessionStarted',
  'SessionEnded',
  'SessionMinuteBilled',
  'SessionMinimumCharged',
] as const;

export const statisticsProjection: ProjectionDefinition = {
  name: STATISTICS,
  collections: [STAT_TOTALS, STAT_USERS, STAT_PERFORMERS, STAT_PACKAGES, STAT_DAYS],
  eventTypes: statisticsEventTypes,
  indexes: [
    { collection: STAT_PERFORMERS, keys: { status: 1 }, options: { name: 'by_status' } },
    { collection: STAT_USERS, keys: { registered: 1 }, options: { name: 'by_registered' } },
  ],
  async apply(event, store) {
    for (const write of statisticsWrites(event)) {
      await guardedUpdate(store.collection(write.collection), write.id, event.position, write.update);
    }
  },
  /** the counters a batch moves, one write per document (the totals take one $inc per batch) */
  async applyBatch(events, store) {
    await guardedUpdates(
      store,
      events.flatMap((event) => statisticsWrites(event).map((write) => ({ ...write, position: event.position }))),
    );
  },
};

/**
 * Composition of the performers side (profiles, verification, presence, gallery, photos,
 * favourites, geoblocking, blocking): its projections, routers, realtime pushes and socket presence,
 * plugged into modules.ts with one line each so the shared root stays small.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { PRESENCE_GRACE_MS, isKnownEventType, type EventDataOf } from '@aura/contracts';
import { favouritesRouter } from '../commands/favourites/routes';
import { performersRouter } from '../commands/performers/routes';
import { photoEarningsReaction } from '../commands/photos/reactions';
import { photosRouter } from '../commands/photos/routes';
import { createPresenceTracker, type PresenceTracker } from '../commands/presence/tracker';
import type { StoredEvent } from '../platform/eventstore/port';
import { notFound } from '../platform/http/errors';
import type { SessionManager } from '../platform/http/session';
import type { ProjectionDefinition } from '../platform/projections/runner';
import { waitForProjection } from '../platform/projections/wait';
import type { Realtime } from '../platform/realtime/realtime';
import { earningsProjection } from '../projections/earnings/projection';
import { earningsQueryRouter } from '../projections/earnings/routes';
import { FAVOURITES, createFavouriteQueries, favouritesProjection } from '../projections/favourites/projection';
import { PERFORMERS, performersProjection } from '../projections/performers/projection';
import { createPerformerQueries, toPerformerView, visibleFrom, type PerformerQueries } from '../projections/performers/queries';
import { performersQueryRouter, requestCountry } from '../projections/performers/routes';
import { PHOTOS, photoPurchasesProjection, photosProjection } from '../projections/photos/projection';
import { createPhotoQueries } from '../projections/photos/queries';
import { photosQueryRouter } from '../projections/photos/routes';
import { USERS } from '../projections/users/projection';
import { createUserQueries, toUserView } from '../projections/users/queries';
import { PERFORMER_CONNECTED_TTL_MS, PRESENCE_GRACE_JOB, performerConnectedKey, presenceGraceJobOptions, type PresenceGraceJob } from '../workers/presence-grace';
import type { Infrastructure } from './infrastructure';

/** Socket presence of this process, shared by its api, projector and worker roles. */
const trackers = new WeakMap<Infrastructure, PresenceTracker>();
function trackerOf(infra: Infrastructure): PresenceTracker {
  let tracker = trackers.get(infra);
  if (!tracker) {
    tracker = createPresenceTracker();
    trackers.set(infra, tracker);
  }
  return tracker;
}

function performerQueries(infra: Infrastructure, now: () => Date = () => new Date()): PerformerQueries {
  const tracker = trackerOf(infra);
  return createPerformerQueries(infra.readModels, { viewersOf: tracker.viewersOf, viewersVersion: tracker.viewersVersion, now });
}

export function performerProjections(infra: Infrastructure): ProjectionDefinition[] {
  return [performersProjection, photosProjection, photoPurchasesProjection, earningsProjection, favouritesProjection, photoEarningsReaction(infra.eventStore)];
}

/** For the chat and session modules: a blocked user cannot message her or start a session. */
export function performerBlocks(infra: Infrastructure) {
  const performers = performerQueries(infra);
  return {
    async isBlocked(performerId: string, userId: string): Promise<boolean> {
      const doc = await performers.byId(performerId);
      return doc?.blockedUserIds.includes(userId) ?? false;
    },
  };
}

export function performerRouters(infra: Infrastructure, sessions: SessionManager, now: () => Date): Router[] {
  const performers = performerQueries(infra, now);
  const photos = createPhotoQueries(infra.readModels);
  const users = createUserQueries(infra.readModels);
  const favourites = createFavouriteQueries(infra.readModels);
  const tracker = trackerOf(infra);
  const settled = (name: string) => async (position: number | undefined) => {
    if (position !== undefined) await waitForProjection(infra.readModels, name, position);
  };
  const performerViewAfter = async (performerId: string, position: number | undefined) => {
    await settled(PERFORMERS)(position);
    const doc = await performers.byId(performerId);
    if (!doc) throw notFound('Performer non trovata');
    return toPerformerView(doc, performers.live);
  };
  const blocks = performerBlocks(infra);
  return [
    performersRouter({
      eventStore: infra.eventStore,
      sessions,
      kv: infra.kv,
      files: infra.files,
      now,
      findLogin: async (identifier) => {
        const doc = await performers.byLogin(identifier);
        return doc?.passwordHash ? { id: doc._id, passwordHash: doc.passwordHash } : null;
      },
      credentialsOf: async (performerId) => {
        const doc = await performers.byId(performerId);
        return doc ? { username: doc.username, email: doc.email } : null;
      },
      performerViewAfter,
      documentById: async (documentId) => {
        const doc = await infra.readModels.collection<{ _id: string; documents: { id: string; fileId: string; contentType: string; fileName: string }[] }>(PERFORMERS).findOne({ 'documents.id': documentId });
        const document = doc?.documents.find((each) => each.id === documentId);
        return doc && document ? { performerId: doc._id, fileId: document.fileId, contentType: document.contentType, fileName: document.fileName } : null;
      },
    }),
    performersQueryRouter({ sessions, performers, files: infra.files, onlineUsers: tracker.onlineUsers }),
    photosRouter({
      eventStore: infra.eventStore,
      sessions,
      files: infra.files,
      now,
      performerExists: async (performerId) => (await performers.byId(performerId)) !== null,
      isBlocked: blocks.isBlocked,
      photoViewAfter: async (photoId, viewer, position) => {
        await settled(PHOTOS)(position);
        await settled('photo_purchases')(position);
        const view = await photos.view(photoId, viewer);
        if (!view) throw notFound('Foto non trovata');
        return view;
      },
      balanceAfter: async (userId, position) => {
        await settled(USERS)(position);
        const doc = await users.byId(userId);
        return doc ? toUserView(doc).auracoinBalance : 0;
      },
    }),
    photosQueryRouter({
      sessions,
      photos,
      performerVisible: async (performerId: string, ctx: Context, caller) => {
        const doc = await performers.byId(performerId);
        if (!doc) return false;
        if (caller && (caller.kind === 'admin' || caller.sub === performerId)) return true;
        return doc.verificationStatus === 'approved' && visibleFrom(doc, requestCountry(ctx));
      },
    }),
    earningsQueryRouter({ sessions, readModels: infra.readModels, now }),
    favouritesRouter({
      eventStore: infra.eventStore,
      sessions,
      now,
      performerExists: async (performerId) => (await performers.byId(performerId))?.verificationStatus === 'approved',
      favouritesAfter: async (userId, position) => {
        await settled(FAVOURITES)(position);
        return favourites.of(userId);
      },
    }),
  ];
}

/** `PRESENCE_GRACE_MS` (0–600000) overrides the 60 s grace period; tests shorten it. */
function presenceGraceMs(): number {
  const raw = Number(process.env.PRESENCE_GRACE_MS);
  return Number.isInteger(raw) && raw >= 0 && raw <= 600_000 && process.env.PRESENCE_GRACE_MS !== '' ? raw : PRESENCE_GRACE_MS;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The api's sockets feed presence: performers' connections (and the grace-period job when the last
 * one drops), viewers per performer ('performer:view'), the online-users count.
 */
export function attachPerformerPresence(infra: Infrastructure, realtime: Realtime, graceMs = presenceGraceMs()) {
  const tracker = trackerOf(infra);
  const performers = performerQueries(infra);
  const pushPresence = async (performerId: string) => {
    const doc = await performers.byId(performerId);
    if (doc) realtime.toEveryone('performer:presence', { performerId, isOnline: doc.isOnline, viewers: doc.isOnline ? tracker.viewersOf(performerId) : 0 });
  };
  tracker.subscribe({
    performerConnected(performerId) {
      void infra.kv.put(performerConnectedKey(performerId), PERFORMER_CONNECTED_TTL_MS).catch(() => undefined);
    },
    performerDisconnected(performerId) {
      const disconnectedAt = new Date().toISOString();
      void infra.kv
        .remove(performerConnectedKey(performerId))
        .then(() => infra.jobs.enqueue<PresenceGraceJob>(PRESENCE_GRACE_JOB, { performerId, disconnectedAt }, presenceGraceJobOptions(performerId, disconnectedAt, graceMs)))
        .catch(() => undefined);
    },
    viewersChanged(performerId) {
      void pushPresence(performerId).catch(() => undefined);
    },
    countChanged() {
      void performers
        .onlineCount()
        .then((performersOnline) => realtime.toEveryone('presence:count', { onlineUsers: tracker.onlineUsers(), performersOnline }))
        .catch(() => undefined);
    },
  });
  realtime.onConnection((socket) => {
    const principal = socket.data.principal;
    tracker.connected(socket.id, principal ? { sub: principal.sub, kind: principal.kind } : undefined);
    socket.on('performer:view', (performerId) => {
      if (performerId === null || (typeof performerId === 'string' && UUID.test(performerId))) tracker.viewing(socket.id, performerId);
    });
    socket.on('disconnect', () => tracker.disconnected(socket.id));
  });
}

/** After projections apply a batch: presence flips to everyone, 'favourite:online' to fans. */
export function performerPushes(infra: Infrastructure, realtime: Realtime) {
  const tracker = trackerOf(infra);
  const performers = performerQueries(infra);
  const favourites = createFavouriteQueries(infra.readModels);
  return async (events: StoredEvent[]) => {
    try {
      await push(events);
    } catch (error) {
      // a failed push must not stop the other modules' pushes; clients refetch on reconnect
      console.error('performer pushes failed', error);
    }
  };
  async function push(events: StoredEvent[]) {
    const flipped = new Map<string, boolean>();
    const changed = new Set<string>();
    for (const event of events) {
      if (!isKnownEventType(event.type)) continue;
      if (event.type === 'PerformerWentOnline' || event.type === 'PerformerWentOffline') {
        flipped.set((event.data as EventDataOf<'PerformerWentOnline'>).performerId, event.type === 'PerformerWentOnline');
      } else if (event.type === 'PerformerEarningsCredited') {
        const performerId = (event.data as EventDataOf<'PerformerEarningsCredited'>).performerId;
        realtime.toPerformer(performerId, 'readmodel:changed', { model: 'earnings', id: performerId });
      } else if (event.type === 'PerformerRegistered' || event.type === 'PerformerDocumentAdded') {
        // the Verifica Performer tab of every signed-in admin refreshes
        const performerId = (event.data as { performerId: string }).performerId;
        realtime.toAdmins('readmodel:changed', { model: 'performers-pending', id: performerId });
      } else if (event.type.startsWith('Performer') || event.type === 'PhotoAdded' || event.type === 'PhotoRemoved') {
        const performerId = (event.data as { performerId?: string }).performerId;
        if (performerId) changed.add(performerId);
      }
    }
    for (const [performerId, isOnline] of flipped) {
      realtime.toEveryone('performer:presence', { performerId, isOnline, viewers: isOnline ? tracker.viewersOf(performerId) : 0 });
      if (isOnline) {
        const doc = await performers.byId(performerId);
        if (doc) for (const userId of await favourites.fansOf(performerId)) realtime.toUser(userId, 'favourite:online', { performerId, name: doc.name });
      }
    }
    if (flipped.size > 0) realtime.toEveryone('presence:count', { onlineUsers: tracker.onlineUsers(), performersOnline: await performers.onlineCount() });
    for (const performerId of changed) realtime.toEveryone('readmodel:changed', { model: 'performers', id: performerId });
  }
}

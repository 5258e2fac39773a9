import { performerStreams } from '@aura/contracts';
import { notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Principal } from '../../platform/http/session';
import type { AuraModule, ModulePorts } from '../../platform/module';
import { settledOn } from '../../platform/projections/wait';
import { demoPortraits, seedDemoPerformers } from './demo-seed';
import { presenceGraceJob } from './presence-grace';
import { PERFORMERS, performersProjection } from './projection';
import { followPresence, performerPushes, type PresenceFeed } from './pushes';
import { createPerformerQueries, messagePriceUnitsOf, sightOf, toPerformerView } from './queries';
import { performersQueryRouter } from './query-routes';
import { performersRouter } from './routes';

export interface PerformersDeps {
  /** socket presence of this node (the presence module's tracker) */
  presence: PresenceFeed;
}

/** Performers: registration and verification, profiles, the gallery, presence, geoblocking, blocking. */
export function performersModule(ports: ModulePorts, deps: PerformersDeps) {
  const { presence } = deps;
  const performers = createPerformerQueries(ports.readModels, { viewersOf: presence.viewersOf, viewersVersion: presence.viewersVersion, now: ports.now });
  const settled = settledOn(ports.readModels, PERFORMERS);
  const pushDeps = { performers, presence, realtime: ports.realtime };
  followPresence({ ...pushDeps, kv: ports.kv, jobs: ports.jobs, graceMs: ports.config.PRESENCE_GRACE_MS, now: ports.now });
  return {
    name: 'performers',
    projections: [performersProjection],
    routers: [
      performersRouter({
        ...ports,
        findLogin: async (identifier) => {
          const doc = await performers.byLogin(identifier);
          return doc?.passwordHash ? { id: doc._id, passwordHash: doc.passwordHash } : null;
        },
        credentialsOf: async (performerId) => {
          const doc = await performers.byId(performerId);
          return doc ? { username: doc.username, email: doc.email } : null;
        },
        performerViewAfter: async (performerId, position) => {
          await settled(position);
          const doc = await performers.byId(performerId);
          if (!doc) throw notFound('Performer non trovata');
          return toPerformerView(doc, performers.live);
        },
      }),
      performersQueryRouter({ sessions: ports.sessions, performers, files: ports.files, onlineUsers: presence.onlineUsers }),
    ],
    jobs: [presenceGraceJob(ports)],
    pushes: performerPushes(pushDeps),
    seedDemo: () => seedDemoPerformers(ports.eventStore, ports.now),
    queries: {
      /** she exists and is not deleted */
      exists: async (performerId: string) => (await performers.byId(performerId)) !== null,
      /** approved: listed in the gallery, may be bought from and added to favourites */
      isApproved: async (performerId: string) => (await performers.byId(performerId))?.verificationStatus === 'approved',
      nameOf: async (performerId: string) => (await performers.byId(performerId))?.name ?? null,
      /** what a private session needs of her: name, photo, rate, listing and presence */
      sessionCard: async (performerId: string) => {
        const doc = await performers.byId(performerId);
        return doc ? { name: doc.name, image: doc.image, rateUnits: doc.rateUnits, isOnline: doc.isOnline, approved: doc.verificationStatus === 'approved' } : null;
      },
      /**
       * Has she blocked this identity (`identityIdOf`: a user's id for their real name, or an alias id)?
       * A blocked identity buys no photos, sends no messages and starts no sessions with her.
       */
      isBlocked: async (performerId: string, identityId: string) => (await performers.byId(performerId))?.blockedUserIds.includes(identityId) ?? false,
      /** what her chats show and decide on: name, picture, presence, message price, the identities she blocked */
      chatProfiles: async (performerIds: readonly string[]) =>
        new Map(
          (await performers.byIds(performerIds)).map((doc) => [
            doc._id,
            { name: doc.name, image: doc.image, username: doc.username, isOnline: doc.isOnline, messagePriceUnits: messagePriceUnitsOf(doc), blockedIdentityIds: doc.blockedUserIds },
          ]),
        ),
      /** what this caller, from this country, may see of her: 'full', 'public' or 'none' */
      sightOf: async (performerId: string, caller: Pick<Principal, 'kind' | 'sub'> | undefined, country: string | undefined) => {
        const doc = await performers.byId(performerId);
        return doc ? sightOf(doc, caller, country) : 'none';
      },
      demoPortraits,
    },
    /** identity documents, for the files module's downloads */
    documents: {
      async byId(documentId: string) {
        const doc = await performers.withDocument(documentId);
        const document = doc?.documents.find((each) => each.id === documentId);
        return doc && document ? { performerId: doc._id, fileId: document.fileId, contentType: document.contentType, fileName: document.fileName } : null;
      },
      /** an admin opened one: DocumentViewed, with who and when */
      async viewed(view: { documentId: string; performerId: string; adminId: string }, metadata: Record<string, unknown>) {
        const event = { id: newId(), type: 'DocumentViewed', data: { ...view, viewedAt: ports.now().toISOString() }, metadata };
        await ports.eventStore.appendToStream(performerStreams.documentViews(view.documentId), [event], { expectedRevision: 'any' });
      },
    },
  } satisfies AuraModule & Record<string, unknown>;
}

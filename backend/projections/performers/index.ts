import type { ReviewItemView } from '@aura/contracts';
import type { Principal } from '../../platform/http/session';
import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn, viewAfter } from '../../kernel/projections/wait';
import { PERFORMERS, performersProjection } from './projection';
import { performerPushes } from './pushes';
import { createPerformerQueries, messagePriceUnitsOf, sightOf, toPerformerView } from './queries';
import { performersQueryRouter } from './query-routes';
import { coPerformerDocumentOf, coPerformersProjection, coPerformersQueryRouter } from './co-performers';

/** Performers as read: the gallery, profiles, presence and viewers, what other modules ask of her. */
export interface PerformersReadDeps {
  /** a profile hidden by a report or a moderation decision (the moderation module's) */
  isHidden?(performerId: string): Promise<boolean>;
  /** every profile hidden so (left out of the gallery) */
  hiddenIds?(): Promise<ReadonlySet<string>>;
}

export function performersReadSide(ports: ModulePorts, deps: PerformersReadDeps = {}) {
  const { presence } = ports;
  const performers = createPerformerQueries(ports.readModels, {
    viewersOf: presence.viewersOf,
    viewersVersion: presence.viewersVersion,
    now: ports.clock.now,
  });
  const settled = settledOn(ports.readModels, PERFORMERS);
  const namesOf = async (performerIds: readonly string[]) =>
    new Map((await performers.byIds(performerIds)).map((doc) => [doc._id, doc.name]));
  return {
    name: 'performers',
    projections: [performersProjection, coPerformersProjection],
    routers: [
      coPerformersQueryRouter({
        sessions: ports.sessions,
        readModels: ports.readModels,
        files: ports.files,
        namesOf,
      }),
      performersQueryRouter({
        sessions: ports.sessions,
        performers,
        files: ports.files,
        onlineUsers: presence.onlineUsers,
        isHidden: deps.isHidden,
        hiddenIds: deps.hiddenIds,
      }),
    ],
    pushes: performerPushes({ performers, presence, realtime: ports.realtime }),
    queries: {
      /** waits until her read model has applied `position` (read-your-writes of a rating, a schedule) */
      settled,
      /** her view once her read model has applied `position` (read-your-writes of her own commands) */
      viewAfter: viewAfter(settled, performers.byId, (doc) => toPerformerView(doc, performers.live)),
      /** her sign-in record by username or email, ignoring case (none before she has a password) */
      async loginOf(identifier: string) {
        const doc = await performers.byLogin(identifier);
        return doc?.passwordHash ? { id: doc._id, passwordHash: doc.passwordHash } : null;
      },
      async credentialsOf(performerId: string) {
        const doc = await performers.byId(performerId);
        return doc ? { username: doc.username, email: doc.email } : null;
      },
      /** an identity document, hers or a co-performer's she added: whose, and its file */
      async documentOf(documentId: string) {
        const doc = await performers.withDocument(documentId);
        const document = doc?.documents.find((each) => each.id === documentId);
        if (doc && document)
          return {
            performerId: doc._id,
            fileId: document.fileId,
            contentType: document.contentType,
            fileName: document.fileName,
          };
        return coPerformerDocumentOf(ports.readModels, documentId);
      },
      /** approved performers online now */
      onlineCount: performers.onlineCount,
      /** is she online (null: unknown)? */
      isOnline: async (performerId: string) => (await performers.byId(performerId))?.isOnline ?? null,
      /** she exists and is not deleted */
      exists: async (performerId: string) => (await performers.byId(performerId)) !== null,
      /** approved: listed in the gallery, may be bought from and added to favourites */
      isApproved: async (performerId: string) =>
        (await performers.byId(performerId))?.verificationStatus === 'approved',
      nameOf: async (performerId: string) => (await performers.byId(performerId))?.name ?? null,
      /** their names, by id */
      namesOf,
      /** performers whose name or username contains `term`, ignoring case (the admins' sales search; few performers) */
      idsMatching: async (term: string) => {
        const lower = term.trim().toLocaleLowerCase('it');
        return (await performers.all())
          .filter(
            (doc) =>
              doc.name.toLocaleLowerCase('it').includes(lower) ||
              (doc.username ?? '').toLocaleLowerCase('it').includes(lower),
          )
          .map((doc) => doc._id);
      },
      /** new portraits waiting for an admin's review, as the review list shows them */
      portraitsInReview: async (): Promise<ReviewItemView[]> =>
        (await performers.portraitsInReview()).map((doc) => ({
          id: doc.pendingPortrait!.id,
          kind: 'portrait' as const,
          performerId: doc._id,
          imageUrl: doc.pendingPortrait!.image,
          title: `Foto profilo di ${doc.name}`,
          submittedAt: doc.pendingPortrait!.submittedAt,
        })),
      /** whose portrait in review this is (null: none in review by that id) */
      portraitOwner: async (portraitId: string) => (await performers.withPendingPortrait(portraitId))?._id ?? null,
      /** where she is told of a moderation decision (null: unknown or deleted) */
      emailOf: async (performerId: string) => (await performers.byId(performerId))?.email ?? null,
      /** what a private session needs of her: name, photo, rate, listing and presence */
      sessionCard: async (performerId: string) => {
        const doc = await performers.byId(performerId);
        return doc
          ? {
              name: doc.name,
              image: doc.image,
              rateUnits: doc.rateUnits,
              spyPriceUnits: doc.spyPriceUnits ?? null,
              isOnline: doc.isOnline,
              approved: doc.verificationStatus === 'approved',
            }
          : null;
      },
      /**
       * Has she blocked this identity (`identityIdOf`: a user's id for their real name, or an alias id)?
       * A blocked identity buys no photos, sends no messages and starts no sessions with her.
       */
      isBlocked: async (performerId: string, identityId: string) =>
        (await performers.byId(performerId))?.blockedUserIds.includes(identityId) ?? false,
      /** what her chats show and decide on: name, picture, presence, message price, the identities she blocked */
      chatProfiles: async (performerIds: readonly string[]) =>
        new Map(
          (await performers.byIds(performerIds)).map((doc) => [
            doc._id,
            {
              name: doc.name,
              image: doc.image,
              username: doc.username,
              isOnline: doc.isOnline,
              messagePriceUnits: messagePriceUnitsOf(doc),
              blockedIdentityIds: doc.blockedUserIds,
            },
          ]),
        ),
      /** what this caller, from this country, may see of her: 'full', 'public' or 'none' */
      sightOf: async (
        performerId: string,
        caller: Pick<Principal, 'kind' | 'sub'> | undefined,
        country: string | undefined,
      ) => {
        const doc = await performers.byId(performerId);
        return doc ? sightOf(doc, caller, country) : 'none';
      },
    },
  } satisfies ReadSide & Record<string, unknown>;
}

import type { Principal } from '../../platform/http/session';
import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import { PERFORMERS, performersProjection } from './projection';
import { performerPushes } from './pushes';
import { createPerformerQueries, messagePriceUnitsOf, sightOf } from './queries';
import { performersQueryRouter } from './query-routes';

/** Performers as read: the gallery, profiles, presence and viewers, what other modules ask of her. */
export function performersReadSide(ports: ModulePorts) {
  const { presence } = ports;
  const performers = createPerformerQueries(ports.readModels, {
    viewersOf: presence.viewersOf,
    viewersVersion: presence.viewersVersion,
    now: ports.clock.now,
  });
  return {
    name: 'performers',
    projections: [performersProjection],
    routers: [
      performersQueryRouter({
        sessions: ports.sessions,
        performers,
        files: ports.files,
        onlineUsers: presence.onlineUsers,
      }),
    ],
    pushes: performerPushes({ performers, presence, realtime: ports.realtime }),
    performers,
    queries: {
      /** waits until her read model has applied `position` (read-your-writes of a rating, a schedule) */
      settled: settledOn(ports.readModels, PERFORMERS),
      /** she exists and is not deleted */
      exists: async (performerId: string) => (await performers.byId(performerId)) !== null,
      /** approved: listed in the gallery, may be bought from and added to favourites */
      isApproved: async (performerId: string) =>
        (await performers.byId(performerId))?.verificationStatus === 'approved',
      nameOf: async (performerId: string) => (await performers.byId(performerId))?.name ?? null,
      /** their names, by id */
      namesOf: async (performerIds: readonly string[]) =>
        new Map((await performers.byIds(performerIds)).map((doc) => [doc._id, doc.name])),
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
      /** what a private session needs of her: name, photo, rate, listing and presence */
      sessionCard: async (performerId: string) => {
        const doc = await performers.byId(performerId);
        return doc
          ? {
              name: doc.name,
              image: doc.image,
              rateUnits: doc.rateUnits,
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

import { unitsToAuracoin, type SessionParty } from '@aura/contracts';
import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn, viewAfter } from '../../kernel/projections/wait';
import { SESSIONS, sessionsProjection } from './projection';
import { sessionPushes } from './pushes';
import { createSessionQueries, toSessionView, type ViewedSession } from './queries';

export interface SessionsReadDeps {
  performers: { sessionCard(performerId: string): Promise<{ name: string; image: string } | null> };
}

/** Private sessions as read: each session's state, pushed to its two parties as it changes. */
export function sessionsReadSide(ports: ModulePorts, deps: SessionsReadDeps) {
  const queries = createSessionQueries(ports.readModels);
  const cardOf = async (performerId: string) => {
    const card = await deps.performers.sessionCard(performerId);
    return { name: card?.name ?? '', image: card?.image ?? '' };
  };
  const settled = settledOn(ports.readModels, SESSIONS);
  const viewOf = async (doc: ViewedSession, party: SessionParty) =>
    toSessionView(doc, party, await cardOf(doc.performerId!));
  return {
    name: 'sessions',
    projections: [sessionsProjection],
    pushes: sessionPushes({
      realtime: ports.realtime,
      async views(sessionId) {
        const doc = await queries.byId(sessionId);
        if (!doc?.performerId) return null;
        const card = await cardOf(doc.performerId);
        return {
          userId: doc.userId,
          performerId: doc.performerId,
          user: toSessionView(doc, 'user', card),
          performer: toSessionView(doc, 'performer', card),
        };
      },
    }),
    queries: {
      /** the session as `party` sees it, once the sessions read model has applied `position` (read-your-writes) */
      viewAfter: (sessionId: string, party: SessionParty, position: number | undefined) =>
        viewAfter(settled, queries.byId, (doc) => viewOf(doc, party))(sessionId, position),
      /** the caller's sessions still open (requested or running), as he or she sees them */
      async openOf(caller: { kind: string; sub: string }) {
        if (caller.kind === 'user')
          return Promise.all((await queries.openOfUser(caller.sub)).map((doc) => viewOf(doc, 'user')));
        if (caller.kind === 'performer')
          return Promise.all((await queries.openOfPerformer(caller.sub)).map((doc) => viewOf(doc, 'performer')));
        return [];
      },
      /** is she in a private session right now? */
      isBusy: queries.isBusy,
      /** her requests still waiting for an answer */
      waitingIds: async (performerId: string) => (await queries.waitingFor(performerId)).map((doc) => doc._id),
      /** every session he requested, oldest first, cost in auracoin (his data export) */
      ofUser: async (userId: string) =>
        (await queries.allOfUser(userId)).map((doc) => ({
          id: doc._id,
          performerId: doc.performerId,
          displayName: doc.displayName,
          status: doc.status,
          requestedAt: doc.requestedAt,
          startedAt: doc.startedAt,
          endedAt: doc.endedAt,
          minutesBilled: doc.minutesBilled,
          cost: unitsToAuracoin(doc.costUnits),
        })),
    },
  } satisfies ReadSide & Record<string, unknown>;
}

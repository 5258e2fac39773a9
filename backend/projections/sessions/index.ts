import { unitsToAuracoin, type SessionParty } from '@aura/contracts';
import type { ModulePorts, ReadSide } from '../../kernel/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { settledOn, viewAfter } from '../../kernel/projections/wait';
import { SESSIONS, sessionsProjection } from './projection';
import { sessionPushes } from './pushes';
import { createSessionQueries, toSessionView, type ViewedSession } from './queries';
import { createSessionTalkQueries, sessionTalkProjection, sessionTalkPushes, sessionTalkQueryRouter } from './talk';

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
  const talk = createSessionTalkQueries(ports.readModels);
  const pushTalk = sessionTalkPushes({ realtime: ports.realtime, talk, byId: queries.byId });
  const viewOf = async (doc: ViewedSession, party: SessionParty) =>
    toSessionView(doc, party, await cardOf(doc.performerId!));
  return {
    name: 'sessions',
    projections: [sessionsProjection, sessionTalkProjection],
    // inside a session: its lines and tips (issue 40 item 5)
    routers: [sessionTalkQueryRouter({ sessions: ports.sessions, talk, byId: queries.byId })],
    pushes: alongside(
      sessionPushes({
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
      pushTalk,
    ),
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
      /** private sessions running now (the admins' live monitoring) */
      runningCount: queries.runningCount,
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

/** Two pushes after each batch, one after the other (a failed one is logged by the projector). */
const alongside =
  (...pushes: ((events: RecordedEvent[]) => Promise<void>)[]) =>
  async (events: RecordedEvent[]) => {
    for (const push of pushes) await push(events);
  };

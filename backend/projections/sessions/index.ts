import type { ModulePorts, ReadSide } from '../../kernel/module';
import { sessionsProjection } from './projection';
import { sessionPushes } from './pushes';
import { createSessionQueries, toSessionView } from './queries';

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
  } satisfies ReadSide;
}

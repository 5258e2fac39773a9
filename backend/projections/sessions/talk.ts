/**
 * Inside a private session, as read (issue 40 item 5): its lines and tips, one document each, for
 * the page's reload and the receipt (GET /api/sessions/{id}/messages, its two parties only), and
 * pushed live to both parties ('session:message', 'session:tip').
 */
import Router from '@koa/router';
import {
  apiRoutes,
  unitsToAuracoin,
  type DomainEvent,
  type SessionMessageView,
  type SessionTalkView,
  type SessionTipView,
} from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';
import type { RealtimeEmitter } from '../../kernel/module';
import { forbidden, notFound } from '../../platform/http/errors';
import { mountRoute } from '../../platform/http/routes';
import type { Principal, SessionManager } from '../../platform/http/session';
import type { ReadModelStore } from '../../platform/readmodels/port';
import type { RecordedEvent } from '../../platform/recorded-event';
import type { SessionQueries } from './queries';

export const SESSION_TALK = 'session_talk';

/** One line or one tip of a session (its id: the line's or the tip's). */
export type SessionTalkDoc = {
  _id: string;
  sessionId: string;
  /** when it was written or tipped (ISO): the order both pages list them in */
  at: string;
  /** its place in the log: the order of two written in the same instant */
  seq: number;
} & (
  | { kind: 'message'; from: 'user' | 'performer'; displayName: string; text: string }
  | { kind: 'tip'; displayName: string; amountUnits: number }
);

export function evolveSessionTalk(
  doc: SessionTalkDoc | null,
  event: DomainEvent & { position?: number },
): SessionTalkDoc | null {
  const seq = event.position ?? 0;
  switch (event.type) {
    case 'SessionMessagePosted': {
      const { messageId, sessionId, party, displayName, text, postedAt } = event.data;
      return { _id: messageId, kind: 'message', sessionId, from: party, displayName, text, at: postedAt, seq };
    }
    case 'SessionTipped': {
      const { tipId, sessionId, displayName, amountUnits, tippedAt } = event.data;
      return { _id: tipId, kind: 'tip', sessionId, displayName, amountUnits, at: tippedAt, seq };
    }
    default:
      return doc;
  }
}

export const sessionTalkProjection = docProjection<SessionTalkDoc>({
  name: SESSION_TALK,
  collection: SESSION_TALK,
  eventTypes: ['SessionMessagePosted', 'SessionTipped'],
  documentId: (event) => {
    const data = event.data as { messageId?: string; tipId?: string };
    return event.type === 'SessionTipped' ? data.tipId : data.messageId;
  },
  evolve: evolveSessionTalk,
  indexes: [{ keys: { sessionId: 1, at: 1 }, options: { name: 'by_session' } }],
});

const toMessageView = (doc: Extract<SessionTalkDoc, { kind: 'message' }>): SessionMessageView => ({
  id: doc._id,
  sessionId: doc.sessionId,
  from: doc.from,
  displayName: doc.displayName,
  text: doc.text,
  postedAt: doc.at,
});

const toTipView = (doc: Extract<SessionTalkDoc, { kind: 'tip' }>): SessionTipView => ({
  id: doc._id,
  sessionId: doc.sessionId,
  displayName: doc.displayName,
  amount: unitsToAuracoin(doc.amountUnits),
  tippedAt: doc.at,
});

/** A session's lines and tips, oldest first, with the tips' total. */
export function toSessionTalkView(sessionId: string, docs: SessionTalkDoc[]): SessionTalkView {
  const messages = docs.flatMap((doc) => (doc.kind === 'message' ? [toMessageView(doc)] : []));
  const tips = docs.flatMap((doc) => (doc.kind === 'tip' ? [doc] : []));
  const totalUnits = tips.reduce((sum, tip) => sum + tip.amountUnits, 0);
  return { sessionId, messages, tips: tips.map(toTipView), tipsTotal: unitsToAuracoin(totalUnits) };
}

export function createSessionTalkQueries(readModels: ReadModelStore) {
  const talk = readModels.collection<SessionTalkDoc>(SESSION_TALK);
  return {
    async of(sessionId: string): Promise<SessionTalkView> {
      const docs = await talk.find({ sessionId }, { sort: { at: 1, seq: 1 } });
      return toSessionTalkView(sessionId, docs);
    },
  };
}

type TalkQueries = ReturnType<typeof createSessionTalkQueries>;

/** GET /api/sessions/{id}/messages: to the session's two parties only (404 unknown, 403 anyone else). */
export function sessionTalkQueryRouter(deps: {
  sessions: SessionManager;
  talk: TalkQueries;
  byId: SessionQueries['byId'];
}): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.sessionTalk, async (_ctx, { params }, caller: Principal) => {
    const session = await deps.byId(params.id);
    if (!session) throw notFound();
    const party =
      (caller.kind === 'user' && caller.sub === session.userId) ||
      (caller.kind === 'performer' && caller.sub === session.performerId);
    if (!party) throw forbidden();
    return deps.talk.of(params.id);
  });
  return router;
}

/** After a batch: each new line and tip to both parties of its session, as they appear on both pages. */
export function sessionTalkPushes(deps: {
  realtime: RealtimeEmitter;
  talk: TalkQueries;
  byId: SessionQueries['byId'];
}) {
  return async (events: RecordedEvent[]) => {
    for (const event of events) {
      if (event.type !== 'SessionMessagePosted' && event.type !== 'SessionTipped') continue;
      const session = await deps.byId(event.data.sessionId);
      if (!session?.performerId) continue;
      const { sessionId } = event.data;
      const { userId, performerId } = session;
      const doc = evolveSessionTalk(null, event)!;
      if (doc.kind === 'message') {
        const message = toMessageView(doc);
        deps.realtime.toUser(userId, 'session:message', { sessionId, message });
        deps.realtime.toPerformer(performerId, 'session:message', { sessionId, message });
      } else {
        const { tipsTotal } = await deps.talk.of(sessionId);
        const tip = toTipView(doc);
        deps.realtime.toUser(userId, 'session:tip', { sessionId, tip, tipsTotal });
        deps.realtime.toPerformer(performerId, 'session:tip', { sessionId, tip, tipsTotal });
      }
    }
  };
}

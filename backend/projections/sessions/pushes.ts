import type { SessionView } from '@aura/contracts';
import type { RealtimeEmitter } from '../../kernel/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { sessionEventTypes, sessionIdOf } from './projection';

const SESSION_EVENTS = new Set<string>(sessionEventTypes);

export interface SessionPushDeps {
  realtime: RealtimeEmitter;
  /** the session as each party sees it now (null: not a session yet) */
  views(
    sessionId: string,
  ): Promise<{ userId: string; performerId: string; user: SessionView; performer: SessionView } | null>;
}

/**
 * After the projector applied a batch: each party of every session that changed hears it as they
 * see it ('session:changed'); a performer who starts or ends a session flips to 'In privato' and
 * back on every card ('performer:private'), and her own stats refresh.
 */
export function sessionPushes({ realtime, views }: SessionPushDeps) {
  return async (events: RecordedEvent[]) => {
    const changed = new Set<string>();
    const privateFlips = new Map<string, boolean>();
    for (const event of events) {
      if (!SESSION_EVENTS.has(event.type)) continue;
      const sessionId = sessionIdOf(event);
      if (sessionId) changed.add(sessionId);
      if (event.type === 'SessionStarted') privateFlips.set(event.data.performerId, true);
      if (event.type === 'SessionEnded') privateFlips.set(event.data.performerId, false);
    }
    for (const sessionId of changed) {
      const seen = await views(sessionId);
      if (!seen) continue;
      realtime.toUser(seen.userId, 'session:changed', seen.user);
      realtime.toPerformer(seen.performerId, 'session:changed', seen.performer);
    }
    for (const [performerId, inPrivate] of privateFlips) {
      realtime.toEveryone('performer:private', { performerId, inPrivate });
      realtime.toPerformer(performerId, 'readmodel:changed', { model: 'performers', id: performerId });
    }
  };
}

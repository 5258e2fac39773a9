import type { RealtimeEmitter } from '../../kernel/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { toGoalView, toMessageView, toTipView, type ShowQueries } from './queries';

/**
 * After the projector applied a batch: a show's status and title to everyone (cards say 'In onda'), and to
 * its room the tips, the goal bar (with a reached goal to celebrate), the chat lines and the bans.
 */
export function showPushes({ shows, realtime }: { shows: ShowQueries; realtime: RealtimeEmitter }) {
  return async (events: RecordedEvent[]) => {
    const goalsMoved = new Map<
      string,
      {
        reached: { goalId: string; description: string } | null;
        expired: { goalId: string; description: string } | null;
      }
    >();
    const statuses = new Set<string>();
    for (const event of events) {
      switch (event.type) {
        case 'ShowStarted':
        case 'ShowRetitled':
        case 'ShowPaused':
        case 'ShowResumed':
        case 'ShowEnded':
          statuses.add(event.data.showId);
          break;
        case 'ShowTipped': {
          const tip = { _id: event.data.tipId, ...event.data };
          // to everyone in the room: no account behind the name
          realtime.toShow(event.data.showId, 'show:tip', {
            showId: event.data.showId,
            tip: toTipView(tip, { withIdentity: false }),
          });
          realtime.toPerformer(event.data.performerId, 'readmodel:changed', { model: 'shows', id: event.data.showId });
          break;
        }
        case 'ShowGoalSet':
        case 'ShowTipCounted':
        case 'ShowGoalReached':
        case 'ShowGoalExpired': {
          const moved = goalsMoved.get(event.data.showId) ?? { reached: null, expired: null };
          if (event.type === 'ShowGoalReached') moved.reached = { goalId: event.data.goalId, description: '' };
          if (event.type === 'ShowGoalExpired') moved.expired = { goalId: event.data.goalId, description: '' };
          goalsMoved.set(event.data.showId, moved);
          break;
        }
        case 'ShowMessagePosted': {
          const line = { _id: event.data.messageId, ...event.data, deleted: false };
          const { showId, performerId } = event.data;
          // to the room, no account behind the name; she (her mute and ban buttons) and the admins
          // get who wrote it too, which their pages merge into the same line
          realtime.toShow(showId, 'show:message', { showId, message: toMessageView(line, { withIdentity: false }) });
          const withIdentity = { showId, message: toMessageView(line, { withIdentity: true }) };
          realtime.toPerformer(performerId, 'show:message', withIdentity);
          realtime.toAdmins('show:message', withIdentity);
          break;
        }
        case 'ShowMessageDeleted':
          realtime.toShow(event.data.showId, 'show:message-deleted', {
            showId: event.data.showId,
            messageId: event.data.messageId,
          });
          break;
        case 'ShowRoomBanned': {
          const stage = await shows.stage(event.data.performerId);
          if (stage?.currentShowId)
            // no identity: every page of the room asks again, the banned one's is refused
            realtime.toShow(stage.currentShowId, 'show:banned', { showId: stage.currentShowId });
          break;
        }
        case 'TipMenuSet': {
          const stage = await shows.stage(event.data.performerId);
          if (stage?.currentShowId)
            realtime.toShow(stage.currentShowId, 'readmodel:changed', { model: 'shows', id: stage.currentShowId });
          break;
        }
        default:
          break;
      }
    }
    for (const showId of statuses) {
      const doc = await shows.byId(showId);
      if (!doc) continue;
      const payload = { showId, performerId: doc.performerId, status: doc.status, title: doc.title };
      realtime.toEveryone('show:status', payload);
    }
    for (const [showId, moved] of goalsMoved) {
      const doc = await shows.byId(showId);
      if (!doc) continue;
      const described = (ended: { goalId: string } | null) => {
        const goal = ended && doc.goals.find((candidate) => candidate.goalId === ended.goalId);
        return goal ? { goalId: goal.goalId, description: goal.description } : null;
      };
      realtime.toShow(showId, 'show:goal', {
        showId,
        goal: toGoalView(doc),
        reached: described(moved.reached),
        expired: described(moved.expired),
      });
    }
  };
}

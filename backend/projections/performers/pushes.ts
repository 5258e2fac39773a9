import type { RealtimeEmitter } from '../../platform/module';
import { dataField, type RecordedEvent } from '../../platform/recorded-event';
import type { PerformerQueries } from './queries';

/** What the performers module needs of socket presence (the presence module's tracker). */
export interface PresenceFeed {
  subscribe(listener: {
    performerConnected?(performerId: string): void;
    performerDisconnected?(performerId: string): void;
    viewersChanged?(performerId: string): void;
    countChanged?(): void;
  }): void;
  viewersOf(performerId: string): number;
  viewersVersion(): number;
  onlineUsers(): number;
}

export interface PushDeps {
  performers: PerformerQueries;
  presence: PresenceFeed;
  realtime: RealtimeEmitter;
}

/** After projections apply a batch: presence flips and counts to everyone, the pending list to admins, changed profiles. */
export function performerPushes({ performers, presence, realtime }: PushDeps) {
  return async (events: RecordedEvent[]) => {
    const flipped = new Map<string, boolean>();
    const changed = new Set<string>();
    for (const event of events) {
      if (event.type === 'PerformerWentOnline' || event.type === 'PerformerWentOffline') {
        flipped.set(event.data.performerId, event.type === 'PerformerWentOnline');
      } else if (event.type === 'PerformerRegistered' || event.type === 'PerformerDocumentAdded') {
        // the Verifica Performer tab of every signed-in admin refreshes
        realtime.toAdmins('readmodel:changed', { model: 'performers-pending', id: event.data.performerId });
      } else if (event.type === 'PerformerEarningsCredited') {
        continue;
      } else if (event.type.startsWith('Performer') || event.type === 'PhotoAdded' || event.type === 'PhotoRemoved') {
        const performerId = dataField(event, 'performerId');
        if (performerId) changed.add(performerId);
      }
    }
    for (const [performerId, isOnline] of flipped) {
      realtime.toEveryone('performer:presence', { performerId, isOnline, viewers: isOnline ? presence.viewersOf(performerId) : 0 });
    }
    if (flipped.size > 0) realtime.toEveryone('presence:count', { onlineUsers: presence.onlineUsers(), performersOnline: await performers.onlineCount() });
    for (const performerId of changed) realtime.toEveryone('readmodel:changed', { model: 'performers', id: performerId });
  };
}

import type { RealtimeEmitter } from '../../kernel/module';
import type { PresenceFeed } from '../../platform/presence/port';
import { dataField, type RecordedEvent } from '../../platform/recorded-event';
import { unitsToAuracoin } from '@aura/contracts';
import { messagePriceUnitsOf, type PerformerQueries } from './queries';

export interface PushDeps {
  performers: PerformerQueries;
  presence: PresenceFeed;
  realtime: RealtimeEmitter;
}

/**
 * After projections apply a batch: presence flips and counts to everyone, the pending list to
 * admins, changed profiles, and her new prices to everyone at once (cards, dialogs, chat boxes and
 * session pages show them without a reload: docs/product.md#price-seen).
 */
export function performerPushes({ performers, presence, realtime }: PushDeps) {
  return async (events: RecordedEvent[]) => {
    const flipped = new Map<string, boolean>();
    const changed = new Set<string>();
    const repriced = new Set<string>();
    /** her own figures moved (sessions, earnings): only her dashboard shows them */
    const ownFigures = new Set<string>();
    for (const event of events) {
      if (
        event.type === 'PerformerProfileUpdated' &&
        (event.data.changes.rateUnits !== undefined || event.data.changes.messagePriceUnits !== undefined)
      ) {
        repriced.add(event.data.performerId);
      }
      if (event.type === 'PerformerWentOnline' || event.type === 'PerformerWentOffline') {
        flipped.set(event.data.performerId, event.type === 'PerformerWentOnline');
      } else if (event.type === 'PerformerRegistered' || event.type === 'PerformerDocumentAdded') {
        // the Verifica Performer tab of every signed-in admin refreshes
        realtime.toAdmins('readmodel:changed', { model: 'performers-pending', id: event.data.performerId });
      } else if (event.type === 'PerformerEarningsCredited' || event.type === 'SessionStarted') {
        ownFigures.add(event.data.performerId);
      } else if (event.type === 'SessionRated') {
        // her rating moved: her dashboard, her profile and her card read it again without a reload
        changed.add(event.data.performerId);
      } else if (event.type.startsWith('Performer') || event.type === 'PhotoAdded' || event.type === 'PhotoRemoved') {
        const performerId = dataField(event, 'performerId');
        if (performerId) changed.add(performerId);
      }
    }
    for (const [performerId, isOnline] of flipped) {
      realtime.toEveryone('performer:presence', {
        performerId,
        isOnline,
        viewers: isOnline ? presence.viewersOf(performerId) : 0,
      });
    }
    if (flipped.size > 0)
      realtime.toEveryone('presence:count', {
        onlineUsers: presence.onlineUsers(),
        performersOnline: await performers.onlineCount(),
      });
    for (const performerId of repriced) {
      const doc = await performers.byId(performerId);
      if (doc?.verificationStatus !== 'approved') continue;
      realtime.toEveryone('performer:prices', {
        performerId,
        creditsPerMinute: unitsToAuracoin(doc.rateUnits),
        messagePrice: unitsToAuracoin(messagePriceUnitsOf(doc)),
      });
    }
    for (const performerId of changed)
      realtime.toEveryone('readmodel:changed', { model: 'performers', id: performerId });
    for (const performerId of ownFigures)
      if (!changed.has(performerId))
        realtime.toPerformer(performerId, 'readmodel:changed', { model: 'performers', id: performerId });
  };
}

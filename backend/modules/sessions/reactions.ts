import type { EventStore } from '../../platform/eventstore/port';
import { creditEarnings, type Sale } from '../../platform/ledger/earnings';
import type { ProjectionDefinition } from '../../platform/projections/runner';
import type { RecordedEvent } from '../../platform/recorded-event';

/** A billed minute, or the rest of the minimum, as a part of the session's sale. */
export function sessionSale(event: RecordedEvent): { sale: Sale; at: Date } | undefined {
  if (event.type === 'SessionMinuteBilled' || event.type === 'SessionMinimumCharged') {
    const { sessionId, performerId, amount, sessionCostUnits } = event.data;
    const part = event.type === 'SessionMinuteBilled' ? `minute-${event.data.minute}` : 'minimum';
    const at = event.type === 'SessionMinuteBilled' ? event.data.billedAt : event.data.chargedAt;
    return { sale: { performerId, source: 'session', sourceId: `${sessionId}:${part}`, grossUnits: amount, grossBeforeUnits: sessionCostUnits - amount }, at: new Date(at) };
  }
  return undefined;
}

/**
 * Every billed minute (and the rest of a minimum) credits her 55% to `earnings-<performerId>`,
 * exactly once, rounded once over the session's running total.
 */
export function sessionEarningsReaction(eventStore: EventStore): ProjectionDefinition {
  return {
    name: 'reaction:session-earnings',
    collections: [],
    eventTypes: ['SessionMinuteBilled', 'SessionMinimumCharged'],
    async apply(event) {
      const part = sessionSale(event);
      if (part) await creditEarnings(eventStore, part.sale, part.at, event.id);
    },
    /**
     * A batch credits every performer at once (each one's credits in order): a restart replays the
     * minutes billed since the last saved checkpoint (refused appends, by their fixed ids), and one
     * at a time that took longer than the restart itself with a few hundred sessions running.
     */
    async applyBatch(events) {
      const byPerformer = new Map<string, { sale: Sale; at: Date; id: string }[]>();
      for (const event of events) {
        const part = sessionSale(event);
        if (part) byPerformer.set(part.sale.performerId, [...(byPerformer.get(part.sale.performerId) ?? []), { ...part, id: event.id }]);
      }
      await Promise.all(
        [...byPerformer.values()].map(async (parts) => {
          for (const part of parts) await creditEarnings(eventStore, part.sale, part.at, part.id);
        }),
      );
    },
  };
}

import type { EventStore } from '../platform/eventstore/port';
import type { DomainEvent } from '@aura/contracts';
import type { Aggregate } from './handle-command';

/**
 * A stream's state kept between reads that come often (a live room's ticket show, every second):
 * each read asks the store only for the events after the last one folded (`fromRevision`) and
 * folds them onto the state it kept, so an unchanged stream costs one empty read, not a whole
 * replay. Streams are append-only here; `forget` drops one (its room closed).
 */
export function streamFoldCache<State>(eventStore: EventStore, aggregate: Aggregate<State>) {
  const kept = new Map<string, { state: State; next: number }>();
  return {
    async load(streamId: string): Promise<State> {
      const cached = kept.get(streamId) ?? { state: aggregate.initialState(), next: 0 };
      const fresh = await eventStore.readStream(streamId, { fromRevision: cached.next });
      if (fresh.length === 0 && kept.has(streamId)) return cached.state;
      const state = fresh.reduce(
        (current, event) => aggregate.evolve(current, { type: event.type, data: event.data } as DomainEvent),
        cached.state,
      );
      kept.set(streamId, { state, next: cached.next + fresh.length });
      return state;
    },
    forget(streamId: string): void {
      kept.delete(streamId);
    },
    /** streams kept now */
    get size() {
      return kept.size;
    },
  };
}

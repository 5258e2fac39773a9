import type { StoredEvent } from '../../platform/eventstore/port';
import type { ReadModelStore } from '../../platform/readmodels/port';
import type { RecordedEvent } from '../../platform/recorded-event';

export interface ProjectionIndex {
  collection: string;
  keys: Record<string, 1 | -1>;
  options?: { unique?: boolean; name?: string };
}

/** A projection of typed domain events (the default), or of any stored events (the runner's own tests). */
export interface ProjectionDefinition<E extends StoredEvent = RecordedEvent> {
  name: string;
  /** dropped by a rebuild */
  collections: readonly string[];
  eventTypes: readonly string[];
  indexes?: readonly ProjectionIndex[];
  /**
   * Typed domain events in (switching on `event.type` narrows `event.data`). After a crash the
   * events since the last checkpoint come again: apply must tolerate that (docProjection does).
   */
  apply(event: E, store: ReadModelStore): Promise<void>;
  /**
   * The batch's events of this projection's types at once, when that is cheaper (one read and one
   * write per document rather than per event). Same result as `apply` on each in order; a failed
   * batch is retried whole, so it must tolerate events applied before as `apply` does.
   */
  applyBatch?(events: E[], store: ReadModelStore): Promise<void>;
}

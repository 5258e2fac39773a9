/**
 * An event store in memory that keeps event ids the way EventStoreDB does, at its least: an id is
 * checked within its own stream only (the same id in another stream is stored again), an exact
 * retry of an append (the same ids at the same expected revision) is a no-op, and an append with
 * `any` is checked only against the latest `remembersLatest` events of the log (none by default:
 * a repeat long after the first is stored again). Expected revisions are enforced. For specs that
 * must hold on a store without `uniqueEventIds`, where no EventStoreDB is at hand.
 */
import { SqlSubscription, type LogReader } from '../../platform/eventstore/sql-subscription';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from '../../platform/eventstore/port';

export interface InMemoryEventStoreOptions {
  /** how many of the log's latest events an `any` append is checked against for a repeat (default 0) */
  remembersLatest?: number;
}

/** every call lets other callers run first, as a round trip to an engine would */
const roundTrip = () => new Promise<void>((resolve) => setImmediate(resolve));
const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
const sameIds = (stored: readonly StoredEvent[], events: readonly EventToAppend[]) =>
  stored.length === events.length &&
  stored.every((event, index) => event.id.toLowerCase() === events[index]?.id.toLowerCase());

export function createInMemoryEventStore(options: InMemoryEventStoreOptions = {}): EventStore {
  return new InMemoryEventStore(options.remembersLatest ?? 0);
}

class InMemoryEventStore implements EventStore, LogReader {
  readonly adapter = 'memory';
  readonly uniqueEventIds = false;
  private readonly log: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly subscriptions = new Set<SqlSubscription>();

  constructor(private readonly remembersLatest: number) {}

  async appendToStream(
    streamId: string,
    events: EventToAppend[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    await roundTrip();
    const expected = options.expectedRevision;
    const stream = this.streams.get(streamId) ?? [];
    const current = stream.length - 1;
    const refused = () => new WrongExpectedRevisionError(streamId, expected, current < 0 ? 'no_stream' : current);
    if (typeof expected === 'number' && !(Number.isInteger(expected) && expected >= -1))
      throw new RangeError(`Invalid expected revision: ${String(expected)}`);
    const exact = expected === 'no_stream' ? -1 : typeof expected === 'number' ? expected : undefined;
    if (events.length === 0) {
      if ((exact !== undefined && exact !== current) || (expected === 'stream_exists' && current < 0)) throw refused();
      return { nextExpectedRevision: current, position: stream[current]?.position ?? -1 };
    }
    if (exact !== undefined && exact !== current) {
      // a retry of an append that went through: the same ids right after the revision it expected
      const earlier = stream.slice(exact + 1, exact + 1 + events.length);
      if (exact < current && sameIds(earlier, events)) return this.resultOf(earlier);
      throw refused();
    }
    if (expected === 'stream_exists' && current < 0) throw refused();
    if (exact === undefined) {
      const recent = this.recentAppendOf(streamId, events);
      if (recent) return this.resultOf(recent);
    }
    const createdAt = new Date();
    const stored = events.map((event, index): StoredEvent => ({
      id: event.id,
      type: event.type,
      streamId,
      revision: current + 1 + index,
      position: this.log.length + 1 + index,
      data: copy(event.data ?? null),
      metadata: copy(event.metadata ?? {}),
      createdAt,
    }));
    this.streams.set(streamId, [...stream, ...stored]);
    this.log.push(...stored);
    for (const subscription of this.subscriptions) subscription.wake();
    return this.resultOf(stored);
  }

  async readStream(streamId: string, options?: { fromRevision?: number }): Promise<StoredEvent[]> {
    await roundTrip();
    return (this.streams.get(streamId) ?? []).slice(options?.fromRevision ?? 0).map(copyEvent);
  }

  async readAll(options?: ReadAllOptions): Promise<StoredEvent[]> {
    await roundTrip();
    // positions are 1, 2, 3…: the events after `after` start at index `after`
    const from = Math.max(0, options?.after ?? 0);
    return this.log.slice(from, options?.maxCount === undefined ? undefined : from + options.maxCount).map(copyEvent);
  }

  async headPosition(): Promise<number | undefined> {
    await roundTrip();
    return this.knownHead();
  }

  knownHead(): number | undefined {
    return this.log.length > 0 ? this.log.length : undefined;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new SqlSubscription(this, options, {
      pollIntervalMs: 1_000,
      beforeIdle: () => undefined,
      onStopped: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async health() {
    return { adapter: this.adapter, ok: true };
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
  }

  /** An earlier append of exactly these events to this stream among the latest the store remembers. */
  private recentAppendOf(streamId: string, events: EventToAppend[]): StoredEvent[] | undefined {
    if (this.remembersLatest <= 0) return undefined;
    const recent = this.log.slice(-this.remembersLatest);
    const first = recent.find(
      (event) => event.streamId === streamId && event.id.toLowerCase() === events[0]?.id.toLowerCase(),
    );
    if (!first) return undefined;
    const earlier = (this.streams.get(streamId) ?? []).slice(first.revision, first.revision + events.length);
    return sameIds(earlier, events) ? earlier : undefined;
  }

  private resultOf(stored: readonly StoredEvent[]): AppendResult {
    const last = stored[stored.length - 1]!;
    return { nextExpectedRevision: last.revision, position: last.position };
  }
}

const copyEvent = (event: StoredEvent): StoredEvent => ({
  ...event,
  data: copy(event.data),
  metadata: copy(event.metadata),
  createdAt: new Date(event.createdAt),
});

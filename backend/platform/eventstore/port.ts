/**
 * The event store port. Every adapter (PGlite, PostgreSQL, EventStoreDB) passes the same
 * contract suite (eventstore.contract.ts).
 */

/** What the append must find: no stream yet, an existing stream, any, or an exact revision (0-based). */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface EventToAppend {
  /**
   * uuid; appending again what an append stored, to the same stream, is a no-op (an idempotent
   * retry); how far that reaches depends on the store: see `uniqueEventIds`
   */
  id: string;
  type: string;
  data: unknown;
  metadata?: Record<string, unknown>;
}

export interface StoredEvent {
  id: string;
  type: string;
  streamId: string;
  /** 0-based revision of the event in its stream */
  revision: number;
  /** position in the global log; strictly increasing in commit order as subscribers see it */
  position: number;
  data: unknown;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export interface AppendResult {
  /** the stream's revision after the append (the last event's revision) */
  nextExpectedRevision: number;
  /** global position of the last appended event */
  position: number;
  /** true: exactly these events were stored by an earlier append and nothing was written now (stores that tell: see `tellsAlreadyStored`) */
  alreadyStored?: boolean;
}

export interface ReadAllOptions {
  /** exclusive: events after this position; undefined reads from the start */
  after?: number;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** exclusive checkpoint: deliver events after this position; undefined starts at the beginning */
  after?: number;
  /** called with batches in global order, catch-up first then live; the next batch waits for the promise */
  onEvents: (events: StoredEvent[]) => Promise<void>;
  onError?: (error: unknown) => void;
  batchSize?: number;
}

export interface Subscription {
  /** resolves once the subscription has delivered everything written before the call */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface AdapterHealth {
  adapter: string;
  ok: boolean;
  detail?: string;
}

export interface EventStore {
  readonly adapter: string;
  /**
   * true: an event id is stored once in the whole log, however long ago (the SQL stores: a unique
   * index), so an append repeating ids stored before, with any expected revision, stores nothing
   * (it is answered as the first append, or refused with DuplicateEventIdError).
   * false: ids are checked per stream only, and an append with `any` only against recent writes
   * (EventStoreDB): what must be stored once is appended at the stream's exact revision, after
   * reading what it holds.
   */
  readonly uniqueEventIds: boolean;
  /** its appends answer `alreadyStored` when they only found an earlier append of the same events */
  readonly tellsAlreadyStored?: boolean;
  appendToStream(
    streamId: string,
    events: EventToAppend[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /** the whole stream in revision order; [] when it does not exist */
  readStream(streamId: string, options?: { fromRevision?: number }): Promise<StoredEvent[]>;
  readAll(options?: ReadAllOptions): Promise<StoredEvent[]>;
  /** position of the newest event in the log, or undefined when empty */
  headPosition(): Promise<number | undefined>;
  subscribeToAll(options: SubscribeOptions): Subscription;
  health(): Promise<AdapterHealth>;
  close(): Promise<void>;
}

/** The stream's revision did not match the expected one. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, found ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Some of the event ids are already stored, but not as this exact append to this stream: not a retry. */
export class DuplicateEventIdError extends Error {
  constructor(
    readonly streamId: string,
    readonly eventIds: string[],
  ) {
    super(`Stream ${streamId}: event ids already stored elsewhere: ${eventIds.join(', ')}`);
    this.name = 'DuplicateEventIdError';
  }
}

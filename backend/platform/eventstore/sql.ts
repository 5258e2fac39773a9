/**
 * The SQL event store shared by PostgreSQL (`pg`) and PGlite: the same schema and statements
 * (sql-statements.ts, which also explains how positions stay commit-ordered), run through a tiny
 * executor so either engine can sit underneath.
 *
 * An append is one statement, so one round trip and one implicit transaction, shared with the
 * appends queued beside it (sql-append-batcher.ts). Concurrent appends to one stream race on the
 * unique (stream_id, revision) index: the loser waits for the winner to commit, then fails with a
 * unique violation and is answered with WrongExpectedRevisionError (or retried, for `any` and
 * `stream_exists`). Event ids are unique in the whole log.
 */
import type { AppendResult, EventStore, EventToAppend, ExpectedRevision, ReadAllOptions, StoredEvent } from './port';
import { DuplicateEventIdError, WrongExpectedRevisionError } from './port';
import {
  createSchema,
  EXPECTED_ANY,
  EXPECTED_NO_STREAM,
  EXPECTED_STREAM_EXISTS,
  MAX_EVENTS_PER_APPEND,
  statementsFor,
  type Statements,
} from './sql-statements';
import { AppendBatcher, type AppendOutcome, type AppendRequest } from './sql-append-batcher';
import { SqlSubscription, type LogReader } from './sql-subscription';
import { AppendedTail } from './sql-tail';
import type { SqlExecutor, SqlQuery } from './sql-executor';

export type { SqlExecutor, SqlQuery };

/** Tells other processes that events were appended (LISTEN/NOTIFY), and hears them. */
export interface CrossProcessSignal {
  /** events up to `position` were committed here */
  publish(position: number): void;
  /**
   * Idempotent: (re)starts listening if not listening already. `onAppended` hears other stores'
   * appends only (this store wakes its own subscriptions itself), with the position each reached
   * when it says; `onListening` runs each time listening (re)starts, when what was missed meanwhile
   * is unknown.
   */
  ensureListening(listener: {
    onAppended: (position: number | undefined) => void;
    onListening: () => void;
  }): Promise<void>;
  /** whether every other store's append is heard now */
  listening(): boolean;
  close(): Promise<void>;
}

export interface SqlEventStoreOptions {
  adapter: string;
  executor: SqlExecutor;
  schema?: string;
  crossProcess?: CrossProcessSignal;
  /** fallback poll of subscriptions when no signal arrives */
  pollIntervalMs?: number;
  /** append statements running at once (each takes a connection); more appends wait and batch up */
  maxConcurrentAppends?: number;
  /** the engine runs on this thread: appends arriving together wait for each other (sql-append-batcher.ts) */
  gatherAppends?: boolean;
  /** this store is the log's only writer (PGlite holds its folder): it keeps its latest appends, and so the head, instead of reading them */
  soleWriter?: boolean;
  closeExecutor: () => Promise<void>;
}

type Int8 = string | number;

/** Only primitives cross the executor: PGlite may live in another realm (see pglite.ts). */
interface EventRow {
  /** JSON: [id, stream, revision, position, type, data, metadata, created ms] (sql-statements.ts) */
  event: string;
}

type EventFields = [
  id: string,
  streamId: string,
  revision: number,
  position: number,
  type: string,
  data: unknown,
  metadata: Record<string, unknown>,
  createdMs: number,
];

interface StoredIdRow {
  event_id: string;
  stream_id: string;
  revision: Int8;
  position: Int8;
}

/** `any` and `stream_exists` appends that lose a race simply go again */
const MAX_APPEND_ATTEMPTS = 25;

export async function createSqlEventStore(options: SqlEventStoreOptions): Promise<EventStore> {
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(schema)) throw new Error(`Invalid event store schema name: ${schema}`);
  await options.executor.transaction((tx) => createSchema(tx, schema));
  const store = new SqlEventStore(options, statementsFor(schema));
  await store.keepTail();
  return store;
}

function encodeExpected(expected: ExpectedRevision): number {
  if (expected === 'no_stream') return EXPECTED_NO_STREAM;
  if (expected === 'any') return EXPECTED_ANY;
  if (expected === 'stream_exists') return EXPECTED_STREAM_EXISTS;
  // -1 is what an append to an empty stream reports as its revision, so it means "no stream"
  if (Number.isInteger(expected) && expected >= -1) return expected;
  throw new RangeError(`Invalid expected revision: ${String(expected)}`);
}

function toStoredEvent(row: EventRow): StoredEvent {
  const [id, streamId, revision, position, type, data, metadata, createdMs] = JSON.parse(row.event) as EventFields;
  return { id, type, streamId, revision, position, data, metadata, createdAt: new Date(createdMs) };
}

function toRequest(streamId: string, expected: number, events: EventToAppend[]): AppendRequest {
  if (events.length > MAX_EVENTS_PER_APPEND) {
    throw new RangeError(`Stream ${streamId}: at most ${MAX_EVENTS_PER_APPEND} events per append`);
  }
  if (new Set(events.map((event) => event.id.toLowerCase())).size !== events.length) {
    throw new DuplicateEventIdError(streamId, idsOf(events));
  }
  return {
    streamId,
    expected,
    events: events.map(({ id, type, data, metadata }) => ({ id, type, data: data ?? null, metadata: metadata ?? {} })),
  };
}

const toStatementInput = ({ streamId, expected, events }: AppendRequest) => ({ stream: streamId, expected, events });

const idsOf = (events: EventToAppend[]): string[] => events.map((event) => event.id.toLowerCase());

class SqlEventStore implements EventStore, LogReader {
  readonly adapter: string;
  readonly uniqueEventIds = true;
  readonly tellsAlreadyStored = true;
  private readonly subscriptions = new Set<SqlSubscription>();
  private readonly batcher: AppendBatcher;
  private closed = false;
  /** a sole writer's latest appends, and so the log's head */
  private tail: AppendedTail | undefined;
  /**
   * The newest position known committed, by this store's appends and the others' notifications,
   * while it listens (undefined: not known since listening started). docs/architecture.md#eventstore-wakeups
   */
  private heardHead: number | undefined;
  /** counts the (re)starts of listening: a head read across one is not known to be current */
  private listenEpoch = 0;

  constructor(
    private readonly options: SqlEventStoreOptions,
    private readonly sql: Statements,
  ) {
    this.adapter = options.adapter;
    this.batcher = new AppendBatcher(
      async (requests) => {
        const outcomes = await options.executor.query<AppendOutcome>(sql.append, [
          JSON.stringify(requests.map(toStatementInput)),
        ]);
        // before any append of the statement is answered, so the tail grows in position order
        this.tail?.add(requests, outcomes);
        return outcomes;
      },
      options.maxConcurrentAppends ?? 1,
      options.gatherAppends ?? false,
    );
  }

  /** A sole writer keeps what it appends from now on: from here on readAll is answered from memory. */
  async keepTail(): Promise<void> {
    if (!this.options.soleWriter) return;
    this.tail = new AppendedTail((await this.headPosition()) ?? -1);
  }

  async appendToStream(
    streamId: string,
    events: EventToAppend[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    const expected = encodeExpected(options.expectedRevision);
    const request = toRequest(streamId, expected, events);
    const retriesOnConflict = expected === EXPECTED_ANY || expected === EXPECTED_STREAM_EXISTS;
    for (let attempt = 1; ; attempt += 1) {
      const row = await this.batcher.submit(request);
      if (row && row.last_position !== null) {
        this.announceAppend(Number(row.last_position));
        return { nextExpectedRevision: Number(row.last_revision), position: Number(row.last_position) };
      }
      if (row?.expectation_met && events.length === 0) return this.streamHead(streamId);
      // a retry of an append that went through is answered as the first time (and announced: the
      // first attempt's answer, and so its announcement, may have been lost with its connection).
      // No row: the statement hit the unique index, so another transaction committed into this
      // stream, or the same ids, while it ran: its expectation is missed as surely as a stale one
      const earlier = await this.earlierAppend(streamId, events, row === undefined || !row.expectation_met);
      if (earlier) {
        this.announceAppend(earlier.position);
        return earlier;
      }
      if (!row && retriesOnConflict && attempt < MAX_APPEND_ATTEMPTS) continue;
      const current = row ? row.current_revision : (await this.streamHead(streamId)).nextExpectedRevision;
      const actual = current === null || Number(current) < 0 ? 'no_stream' : Number(current);
      throw new WrongExpectedRevisionError(streamId, options.expectedRevision, actual);
    }
  }

  /**
   * The first result when exactly these events are already this stream's; throws if stored
   * elsewhere. When the expected revision was missed and only some of them are this stream's, a
   * later append stored those (another decider decided the same thing first): that is a conflict,
   * and the caller re-reads.
   */
  private async earlierAppend(
    streamId: string,
    events: EventToAppend[],
    expectationMissed: boolean,
  ): Promise<AppendResult | undefined> {
    if (events.length === 0) return undefined;
    const ids = idsOf(events);
    const stored = await this.options.executor.query<StoredIdRow>(this.sql.storedIds, [ids]);
    if (stored.length === 0) return undefined;
    const byId = new Map(stored.map((row) => [row.event_id.toLowerCase(), row]));
    const firstRevision = Number(byId.get(ids[0] ?? '')?.revision);
    const isSameAppend = ids.every((id, index) => {
      const row = byId.get(id);
      return row?.stream_id === streamId && Number(row.revision) === firstRevision + index;
    });
    const last = byId.get(ids[ids.length - 1] ?? '');
    if (!isSameAppend && expectationMissed && stored.every((row) => row.stream_id === streamId)) return undefined;
    if (!isSameAppend || !last)
      throw new DuplicateEventIdError(
        streamId,
        stored.map((row) => row.event_id),
      );
    return { nextExpectedRevision: Number(last.revision), position: Number(last.position), alreadyStored: true };
  }

  /** The stream's last revision and position; -1 for both when it does not exist. */
  private async streamHead(streamId: string): Promise<AppendResult> {
    const [row] = await this.options.executor.query<{ revision: Int8; position: Int8 }>(this.sql.streamHead, [
      streamId,
    ]);
    return row
      ? { nextExpectedRevision: Number(row.revision), position: Number(row.position) }
      : { nextExpectedRevision: -1, position: -1 };
  }

  async readStream(streamId: string, options?: { fromRevision?: number }): Promise<StoredEvent[]> {
    const rows = await this.options.executor.query<EventRow>(this.sql.readStream, [
      streamId,
      options?.fromRevision ?? 0,
    ]);
    return rows.map(toStoredEvent);
  }

  async readAll(options?: ReadAllOptions): Promise<StoredEvent[]> {
    if (options?.maxCount === 0) return [];
    const kept = this.tail?.after(options?.after ?? -1, options?.maxCount);
    if (kept) return kept;
    const rows = await this.options.executor.query<EventRow>(this.sql.readAll, [
      options?.after ?? -1,
      options?.maxCount ?? null,
    ]);
    return rows.map(toStoredEvent);
  }

  async headPosition(): Promise<number | undefined> {
    if (this.tail) return this.tail.head;
    const epoch = this.listenEpoch;
    const listening = this.options.crossProcess?.listening() ?? false;
    const [row] = await this.options.executor.query<{ head: Int8 | null }>(this.sql.head);
    const head = !row || row.head === null ? undefined : Number(row.head);
    // read while listening (the same listening): every later append is heard, so the head stays known
    if (listening && epoch === this.listenEpoch) this.heardHead = Math.max(this.heardHead ?? 0, head ?? 0);
    return head;
  }

  knownHead(): number | undefined {
    if (this.tail) return this.tail.head;
    return this.options.crossProcess?.listening() ? this.heardHead : undefined;
  }

  private hear(position: number): void {
    if (this.heardHead !== undefined && position > this.heardHead) this.heardHead = position;
  }

  subscribeToAll(options: Parameters<EventStore['subscribeToAll']>[0]): SqlSubscription {
    if (this.closed) throw new Error('Event store is closed');
    const subscription = new SqlSubscription(this, options, {
      pollIntervalMs: this.options.pollIntervalMs ?? 1_000,
      beforeIdle: () =>
        this.options.crossProcess?.ensureListening({
          onAppended: (position) => {
            if (position === undefined) this.heardHead = undefined;
            else this.hear(position);
            this.wakeSubscriptions();
          },
          onListening: () => {
            this.listenEpoch += 1;
            this.heardHead = undefined;
          },
        }),
      onStopped: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async health(): Promise<{ adapter: string; ok: boolean; detail?: string }> {
    try {
      await this.options.executor.query('select 1');
      return { adapter: this.adapter, ok: true };
    } catch (error) {
      return { adapter: this.adapter, ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.options.crossProcess?.close();
    await this.options.closeExecutor();
  }

  private announceAppend(position: number): void {
    this.hear(position);
    this.wakeSubscriptions();
    this.options.crossProcess?.publish(position);
  }

  private wakeSubscriptions(): void {
    for (const subscription of this.subscriptions) subscription.wake();
  }
}

/**
 * The production event store: EventStoreDB through `@eventstore/db-client`. Expected revisions
 * are native, and so is idempotency by event id, within a stream only: an exact retry of an append
 * is a no-op, but the same id in another stream, or again with `any` once the write is no longer
 * recent, is stored again (`uniqueEventIds` is false). `position` is the event's commit position
 * in `$all`: for ordinary (self-committed) appends every event has its own, strictly increasing in
 * log order.
 * System events (types starting with `$`) are hidden from readAll and subscriptions.
 */
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
  type JSONType,
  type ReadPosition,
} from '@eventstore/db-client';
import type {
  AdapterHealth,
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  StoredEvent,
  SubscribeOptions,
  Subscription,
} from './port';
import { WrongExpectedRevisionError } from './port';
import { EsdbSubscription, toStoredEvent } from './esdb-subscription';

const READ_PAGE_SIZE = 1_000;

export async function createEventStoreDbEventStore(options: { connectionString: string }): Promise<EventStore> {
  const store = new EsdbEventStore(EventStoreDBClient.connectionString(options.connectionString));
  const health = await store.health();
  if (!health.ok) {
    await store.close();
    throw new Error(`EventStoreDB unreachable: ${health.detail ?? 'unknown error'}`);
  }
  return store;
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream' || expected === -1) return NO_STREAM;
  if (expected === 'any') return ANY;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (Number.isInteger(expected) && expected >= 0) return BigInt(expected);
  throw new RangeError(`Invalid expected revision: ${String(expected)}`);
}

class EsdbEventStore implements EventStore {
  readonly adapter = 'eventstoredb';
  /** ids are checked per stream, and with `any` against recent writes only */
  readonly uniqueEventIds = false;
  private readonly subscriptions = new Set<EsdbSubscription>();

  constructor(private readonly client: EventStoreDBClient) {}

  async appendToStream(
    streamId: string,
    events: EventToAppend[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    const expectedRevision = toEsdbExpected(options.expectedRevision);
    if (events.length === 0) return this.checkEmptyAppend(streamId, options.expectedRevision);
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((event) =>
          jsonEvent({
            id: event.id,
            type: event.type,
            // the client JSON.stringifies whatever it is given; its type only admits objects and strings
            data: (event.data ?? null) as JSONType,
            metadata: event.metadata ?? {},
          }),
        ),
        { expectedRevision },
      );
      const nextExpectedRevision = Number(result.nextExpectedRevision);
      // for one event the write's position is the event's; an idempotent retry may report none
      const commit = result.position?.commit;
      const position =
        events.length === 1 && commit !== undefined && commit >= 0n
          ? Number(commit)
          : await this.positionOf(streamId, nextExpectedRevision);
      return { nextExpectedRevision, position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(streamId, options.expectedRevision, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options?: { fromRevision?: number }): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      const fromRevision = options?.fromRevision ? BigInt(options.fromRevision) : START;
      for await (const resolved of this.client.readStream(streamId, { fromRevision })) {
        const event = toStoredEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options?: ReadAllOptions): Promise<StoredEvent[]> {
    const limit = options?.maxCount ?? Number.POSITIVE_INFINITY;
    const events: StoredEvent[] = [];
    // fromPosition is inclusive: start at the checkpoint's own record and skip it
    let floor = options?.after ?? -1;
    let fromPosition: ReadPosition = options?.after === undefined ? START : positionAt(options.after);
    while (events.length < limit) {
      let seen = 0;
      for await (const resolved of this.client.readAll({ fromPosition, maxCount: READ_PAGE_SIZE })) {
        seen += 1;
        const recordPosition = resolved.event?.position ?? positionOrUndefined(resolved.commitPosition);
        if (!recordPosition || Number(recordPosition.commit) <= floor) continue;
        floor = Number(recordPosition.commit);
        fromPosition = recordPosition;
        const event = toStoredEvent(resolved);
        if (event && events.length < limit) events.push(event);
      }
      if (seen < READ_PAGE_SIZE) break;
    }
    return events;
  }

  async headPosition(): Promise<number | undefined> {
    let fromPosition: ReadPosition = END;
    for (;;) {
      let seen = 0;
      for await (const resolved of this.client.readAll({ fromPosition, direction: BACKWARDS, maxCount: 100 })) {
        seen += 1;
        const event = toStoredEvent(resolved);
        if (event) return event.position;
        if (resolved.event) fromPosition = resolved.event.position;
      }
      if (seen < 100) return undefined;
    }
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new EsdbSubscription(
      this.client,
      options,
      () => this.headPosition(),
      () => {
        this.subscriptions.delete(subscription);
      },
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async health(): Promise<AdapterHealth> {
    try {
      for await (const _ of this.client.readAll({ maxCount: 1 })) break;
      return { adapter: this.adapter, ok: true };
    } catch (error) {
      return { adapter: this.adapter, ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }

  private async positionOf(streamId: string, revision: number): Promise<number> {
    const [event] = await this.readStreamPage(streamId, BigInt(revision), 1);
    return event?.position ?? -1;
  }

  private async readStreamPage(streamId: string, fromRevision: bigint | typeof END, maxCount: number) {
    const events: StoredEvent[] = [];
    try {
      const direction = fromRevision === END ? BACKWARDS : undefined;
      for await (const resolved of this.client.readStream(streamId, { fromRevision, maxCount, direction })) {
        const event = toStoredEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return events;
  }

  /** Appending nothing writes nothing, but still answers whether the expectation holds. */
  private async checkEmptyAppend(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const [last] = await this.readStreamPage(streamId, END, 1);
    const holds =
      expected === 'any' ||
      (expected === 'stream_exists' && last !== undefined) ||
      ((expected === 'no_stream' || expected === -1) && last === undefined) ||
      (typeof expected === 'number' && last?.revision === expected);
    if (!holds) throw new WrongExpectedRevisionError(streamId, expected, last?.revision ?? 'no_stream');
    return { nextExpectedRevision: last?.revision ?? -1, position: last?.position ?? -1 };
  }
}

function positionAt(position: number): ReadPosition {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

function positionOrUndefined(commit: bigint | undefined): { commit: bigint; prepare: bigint } | undefined {
  return commit === undefined ? undefined : { commit, prepare: commit };
}

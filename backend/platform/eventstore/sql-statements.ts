/**
 * Schema and statements of the SQL event store, identical for PostgreSQL and PGlite.
 *
 * Global order. A subscriber reads "position > checkpoint", so an event must never become visible
 * with a position below one already read. A plain sequence breaks that: an append can take 10,
 * commit after the one that took 11, and be skipped. So, as in Marten and Emmett, readers of the
 * global log only see rows whose `transaction_id` is below the oldest transaction still running
 * (`pg_snapshot_xmin(pg_current_snapshot())`): everything below that is final. For one checkpoint
 * number to follow that order, the position is built from the transaction id itself:
 * `transaction_id * 4096 + index in the transaction`. Strictly increasing in the order readers
 * see, gap-tolerant, with no lock or sequence shared by writers. It stays a safe JS integer up to
 * 2^41 transactions (the check constraint fails loudly beyond); a transaction (one append, or a
 * batch of them: sql-append-batcher.ts) holds at most 4096 events.
 */
import type { SqlQuery } from './sql-executor';

export const MAX_EVENTS_PER_APPEND = 4096;
/** expected revisions other than an exact one, as the append statement receives them */
export const EXPECTED_NO_STREAM = -1;
export const EXPECTED_ANY = -2;
export const EXPECTED_STREAM_EXISTS = -3;

/**
 * An event as one JSON text: [id, stream, revision, position, type, data, metadata, created ms].
 * One field per row rather than eight: the client decodes each field of each row on its own, and
 * with PGlite that (plus two JSON.parse calls for data and metadata) cost about twice the CPU of
 * one field and one JSON.parse when the whole log is read (a first start, a rebuild). Positions
 * (transaction id × 4096) stay far below 2^53, so they survive JSON numbers.
 */
const EVENT_COLUMNS = `json_build_array(event_id, stream_id, revision, position, type, data, metadata,
  (extract(epoch from created_at) * 1000)::float8)::text as event`;

export interface Statements {
  /**
   * $1: JSON array of appends to distinct streams, each {stream, expected, events}; one row per
   * append, in order. The events of one statement share a transaction, so at most 4096 in all.
   * An append holding an id stored before inserts nothing (no last position) and the caller looks
   * the ids up: left to the unique index, it failed the whole statement, and every append of the
   * batch ran again alone, one after the other (a reaction replayed after a crash: thousands).
   */
  append: string;
  readStream: string;
  readAll: string;
  head: string;
  streamHead: string;
  storedIds: string;
}

export function statementsFor(schema: string): Statements {
  const events = `"${schema}".events`;
  return {
    append: `with input as (
        select a.ord as append_index, a.append->>'stream' as stream_id, (a.append->>'expected')::bigint as expected,
          a.append->'events' as events
        from jsonb_array_elements($1::jsonb) with ordinality as a(append, ord)
      ), checked as (
        select i.*, current.revision as current_revision,
          case
            when i.expected >= 0 then current.revision is not distinct from i.expected
            when i.expected = ${EXPECTED_NO_STREAM} then current.revision is null
            when i.expected = ${EXPECTED_STREAM_EXISTS} then current.revision is not null
            else true
          end as expectation_met,
          exists (select 1 from ${events} s
            where s.event_id in (select (x.event->>'id')::uuid from jsonb_array_elements(i.events) as x(event))) as stored_before
        from input i
        cross join lateral (select max(e.revision) as revision from ${events} e where e.stream_id = i.stream_id) current
      ), accepted as (
        select c.*, coalesce(sum(jsonb_array_length(c.events))
          over (order by c.append_index rows between unbounded preceding and 1 preceding), 0) as first_index
        from checked c where c.expectation_met and not c.stored_before
      ), inserted as (
        insert into ${events} (position, stream_id, revision, event_id, type, data, metadata, transaction_id)
        select pg_current_xact_id()::text::bigint * ${MAX_EVENTS_PER_APPEND} + a.first_index + e.ord - 1, a.stream_id,
          coalesce(a.current_revision, -1) + e.ord, (e.event->>'id')::uuid, e.event->>'type', e.event->'data',
          e.event->'metadata', pg_current_xact_id()
        from accepted a cross join lateral jsonb_array_elements(a.events) with ordinality as e(event, ord)
        returning stream_id, position, revision
      )
      select c.current_revision, c.expectation_met, max(i.revision) as last_revision, max(i.position) as last_position,
        (extract(epoch from now()) * 1000)::float8 as created_ms
      from checked c left join inserted i on i.stream_id = c.stream_id
      group by c.append_index, c.current_revision, c.expectation_met
      order by c.append_index`,
    readStream: `select ${EVENT_COLUMNS} from ${events} where stream_id = $1 and revision >= $2 order by revision`,
    readAll: `select ${EVENT_COLUMNS} from ${events}
      where position > $1 and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by position limit $2`,
    head: `select max(position) as head from ${events}`,
    streamHead: `select revision, position from ${events} where stream_id = $1 order by revision desc limit 1`,
    storedIds: `select event_id, stream_id, revision, position from ${events} where event_id = any($1::uuid[])`,
  };
}

export async function createSchema(tx: SqlQuery, schema: string): Promise<void> {
  const s = `"${schema}"`;
  // concurrent "create ... if not exists" can still collide in the catalog: serialise start-ups
  await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`aura.eventstore.${schema}`]);
  await tx.query(`create schema if not exists ${s}`);
  await tx.query(`create table if not exists ${s}.events (
    position bigint primary key check (position <= ${Number.MAX_SAFE_INTEGER}),
    stream_id text not null,
    revision bigint not null,
    event_id uuid not null unique,
    type text not null,
    data jsonb not null,
    metadata jsonb not null,
    created_at timestamptz not null default now(),
    transaction_id xid8 not null default pg_current_xact_id(),
    unique (stream_id, revision)
  )`);
}

/**
 * The latest appends of a store that is the log's only writer (PGlite), kept as they will read
 * back: the projector in the same process then takes them from here instead of reading the rows it
 * just wrote (with PGlite, a statement that costs as much CPU as the append). Each event is kept as
 * the JSON text the database would give, its data and metadata keys in jsonb's order, and parsed
 * on every read, so readers get their own objects as from a query.
 */
import type { AppendOutcome, AppendRequest } from './sql-append-batcher';
import type { StoredEvent } from './port';
import { uuidFromHex } from '../ids';

/** events kept; a subscription further behind reads the database */
const KEPT = 10_000;

interface KeptEvent {
  position: number;
  /** JSON: [id, stream, revision, position, type, data, metadata, created ms], as sql-statements.ts reads it */
  json: string;
  /** the event made from it, for its first reader (the projector, most often the only one) */
  unread?: StoredEvent;
}

export class AppendedTail {
  private events: KeptEvent[] = [];

  /** every event after `from` (a position, -1 for all) is in the tail */
  constructor(private from: number) {}

  /** the log's head: the newest event kept, or the position the tail started from (undefined: an empty log) */
  get head(): number | undefined {
    const newest = this.events.at(-1)?.position ?? this.from;
    return newest < 0 ? undefined : newest;
  }

  /** The appends of one statement with its outcome rows (same order). */
  add(requests: readonly AppendRequest[], outcomes: readonly AppendOutcome[]): void {
    requests.forEach((request, index) => {
      const outcome = outcomes[index];
      if (!outcome || outcome.last_position === null || outcome.last_revision === null) return;
      const count = request.events.length;
      const lastPosition = Number(outcome.last_position);
      const lastRevision = Number(outcome.last_revision);
      request.events.forEach((event, ord) => {
        const stored: StoredEvent = {
          id: canonicalUuid(event.id),
          type: event.type,
          streamId: request.streamId,
          revision: lastRevision - count + 1 + ord,
          position: lastPosition - count + 1 + ord,
          data: asJsonb(event.data),
          metadata: asJsonb(event.metadata) as Record<string, unknown>,
          createdAt: new Date(outcome.created_ms),
        };
        const fields = [
          stored.id,
          stored.streamId,
          stored.revision,
          stored.position,
          stored.type,
          stored.data,
          stored.metadata,
          outcome.created_ms,
        ];
        this.events.push({ position: stored.position, json: JSON.stringify(fields), unread: stored });
      });
    });
    if (this.events.length > KEPT + KEPT / 5) {
      const dropped = this.events.splice(0, this.events.length - KEPT);
      this.from = dropped.at(-1)!.position;
    }
  }

  /** The events after `after`, oldest first, up to `maxCount`; undefined when the tail does not reach back that far. */
  after(after: number, maxCount: number | undefined): StoredEvent[] | undefined {
    if (after < this.from) return undefined;
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.events[middle]!.position <= after) low = middle + 1;
      else high = middle;
    }
    const end = maxCount === undefined ? this.events.length : Math.min(this.events.length, low + maxCount);
    return this.events.slice(low, end).map((kept) => {
      const first = kept.unread;
      if (first) {
        kept.unread = undefined;
        return first;
      }
      const [id, streamId, revision, position, type, data, metadata, createdMs] = JSON.parse(kept.json) as [
        string,
        string,
        number,
        number,
        string,
        unknown,
        Record<string, unknown>,
        number,
      ];
      return { id, type, streamId, revision, position, data, metadata, createdAt: new Date(createdMs) };
    });
  }
}

/**
 * A value as jsonb stores it: JSON's own conversions (dates to strings, undefined dropped), and
 * object keys shorter first, then in byte order, as jsonb keeps them.
 */
function asJsonb(value: unknown): unknown {
  return reorder(JSON.parse(JSON.stringify(value ?? null)));
}

function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  // fromEntries: a "__proto__" key stays a key
  return Object.fromEntries(inJsonbOrder(keys).map((key) => [key, reorder((value as Record<string, unknown>)[key])]));
}

/** the orders of the key sets seen lately: events of one type share theirs */
const orders = new Map<string, readonly string[]>();

function inJsonbOrder(keys: string[]): readonly string[] {
  if (keys.length < 2) return keys;
  const shape = JSON.stringify(keys);
  let order = orders.get(shape);
  if (!order) {
    if (orders.size >= 1_000) orders.clear();
    order = [...keys].sort(jsonbKeyOrder);
    orders.set(shape, order);
  }
  return order;
}

function jsonbKeyOrder(a: string, b: string): number {
  const aBytes = Buffer.byteLength(a);
  const bBytes = Buffer.byteLength(b);
  if (aBytes !== bBytes) return aBytes - bBytes;
  // one byte per character: ASCII, where UTF-16 order is byte order
  if (aBytes === a.length && bBytes === b.length) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** A uuid as PostgreSQL prints one (it accepts braces, upper case and other hyphenations). */
function canonicalUuid(id: string): string {
  return uuidFromHex(id.toLowerCase().replace(/[{}-]/g, ''));
}

/**
 * The PostgreSQL read-model adapter ('postgres'): one table of jsonb documents per collection, in a
 * schema of its own (`readmodels`, apart from the event store's tables) of DATABASE_URL's database.
 * docs/architecture.md#read-models-on-postgresql.
 *
 * PostgreSQL narrows the rows (by `_id`, by top-level equality through a GIN index once the
 * collection declares one) to a superset of the matches; MongoDB's language itself (filters,
 * updates, sorting, projections, aggregation) is then applied by the in-memory adapter on just those
 * rows, so both adapters answer alike. A write reads its candidate rows FOR UPDATE, applies the
 * change in memory and writes back the rows it changed, in one transaction; unique indexes are
 * PostgreSQL's own (a missing field indexes as null), their violation MongoDB's duplicate key error.
 */
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AdapterHealth } from '../eventstore/port';
import { adapterDisconnects } from '../metrics/metrics';
import { createMingoReadModelStore, DuplicateKeyError, type MingoReadModelStore } from './mingo';
import type { Collection, Doc, Filter, FindOptions, ReadModelStore, Update } from './port';
import { isPlainRecord, isScalar } from './simple-filter';

export const READ_MODEL_SCHEMA = 'readmodels';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** the collections whose writes are announced (NOTIFY) to `watch`: the checkpoints, which read-your-writes waits on */
const ANNOUNCED = ['_checkpoints'];

export async function createPostgresReadModelStore(options: {
  connectionString: string;
  schema?: string;
  max?: number;
}): Promise<ReadModelStore> {
  const schema = options.schema ?? READ_MODEL_SCHEMA;
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.max ?? 10 });
  // an idle client losing its server (a PostgreSQL restart) must not crash the process
  pool.on('error', () => adapterDisconnects.inc({ adapter: 'postgres' }));
  await ignoringRace(() => pool.query(`CREATE SCHEMA IF NOT EXISTS ${quote(schema)}`));
  const context: StoreContext = { pool, schema, ensured: new Map(), announced: new Set(ANNOUNCED) };
  const listener = new ChangeListener(options.connectionString);
  return {
    adapter: 'postgres',
    collection: <T extends Doc = Doc>(name: string): Collection<T> => new PostgresCollection<T>(name, context),
    watch: (collection, onChange) =>
      context.announced.has(collection) ? listener.watch(channelOf(schema, collection), onChange) : () => undefined,
    async health(): Promise<AdapterHealth> {
      try {
        await pool.query('SELECT 1');
        return { adapter: 'postgres', ok: true };
      } catch (error) {
        return { adapter: 'postgres', ok: false, detail: error instanceof Error ? error.message : String(error) };
      }
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * One connection of its own LISTENing to the channels someone watches, opened on the first watch;
 * lost (a PostgreSQL restart), it is opened again while watchers remain. Meanwhile the watchers'
 * own polling stands in for it (`waitForProjection`).
 */
class ChangeListener {
  private readonly listeners = new Map<string, Set<() => void>>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly connectionString: string) {}

  watch(channel: string, onChange: () => void): () => void {
    let own = this.listeners.get(channel);
    if (!own) {
      own = new Set();
      this.listeners.set(channel, own);
      if (this.client) this.client.query(`LISTEN ${quote(channel)}`).catch(() => this.lost());
    }
    own.add(onChange);
    this.open();
    return () => {
      own.delete(onChange);
    };
  }

  private open(): void {
    if (this.closed || this.client || this.connecting || this.retry) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('error', () => this.lost());
    client.on('end', () => this.lost());
    client.on('notification', ({ channel }) => {
      for (const onChange of this.listeners.get(channel) ?? []) onChange();
    });
    this.connecting = (async () => {
      try {
        await client.connect();
        for (const channel of this.listeners.keys()) await client.query(`LISTEN ${quote(channel)}`);
        if (this.closed) await client.end();
        else this.client = client;
      } catch {
        client.end().catch(() => undefined);
        this.lost();
      } finally {
        this.connecting = undefined;
      }
    })();
  }

  private lost(): void {
    const client = this.client;
    this.client = undefined;
    client?.end().catch(() => undefined);
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.open();
    }, 500);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.connecting;
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }
}

interface StoreContext {
  pool: pg.Pool;
  schema: string;
  /** the tables this process created or found (a drop forgets one) */
  ensured: Map<string, Promise<void>>;
  /** collections whose writes NOTIFY their channel */
  announced: Set<string>;
}

interface Row {
  id: string;
  doc: string;
}

class PostgresCollection<T extends Doc> implements Collection<T> {
  private readonly table: string;

  constructor(
    readonly name: string,
    private readonly context: StoreContext,
  ) {
    this.table = `${quote(context.schema)}.${quote(tableName(name))}`;
  }

  async findOne(filter: Filter): Promise<T | null> {
    const id = onlyId(filter);
    if (id !== undefined) {
      const { rows } = await this.query<Row>(`SELECT id, doc::text AS doc FROM ${this.table} WHERE id = $1`, [id]);
      return rows[0] ? (decode(rows[0].doc) as T) : null;
    }
    const [first] = await this.find(filter, { limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const docs = await this.candidates(this.context.pool, filter);
    const scratch = scratchStore([[this.name, docs]]);
    return scratch.collection<T>(this.name).find(filter, options);
  }

  async count(filter: Filter = {}): Promise<number> {
    if (Object.keys(filter).length === 0) {
      const { rows } = await this.query<{ n: string }>(`SELECT count(*) AS n FROM ${this.table}`);
      return Number(rows[0]?.n ?? 0);
    }
    const docs = await this.candidates(this.context.pool, filter);
    return scratchStore([[this.name, docs]])
      .collection(this.name)
      .count(filter);
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    const first = pipeline[0];
    const leadingMatch = first && Object.keys(first).length === 1 && isPlainRecord(first.$match) ? first.$match : {};
    const docs = await this.candidates(this.context.pool, leadingMatch);
    // $lookup resolves other collections synchronously: they are read whole beforehand
    const joined = [...new Set(lookups(pipeline))].filter((name) => name !== this.name);
    const others = await Promise.all(
      joined.map(
        async (name) =>
          [name, await new PostgresCollection(name, this.context).candidates(this.context.pool, {})] as const,
      ),
    );
    return scratchStore([[this.name, docs], ...others])
      .collection(this.name)
      .aggregate<R>(pipeline);
  }

  async insertOne(doc: T): Promise<void> {
    const stored = { ...doc } as Doc;
    stored._id ??= randomUUID();
    await this.query(`INSERT INTO ${this.table} (id, doc) VALUES ($1, $2::jsonb)`, [idOf(stored._id), encode(stored)]);
  }

  async replaceOne(filter: Filter, doc: T, options: { upsert?: boolean } = {}): Promise<boolean> {
    const target = byId(filter);
    if (target && (doc._id === undefined || doc._id === target.id))
      return this.writeById(target, { ...doc, _id: target.id }, undefined, options.upsert);
    return this.write(
      filter,
      (collection) => collection.replaceOne(filter, doc, { upsert: options.upsert }),
      options.upsert,
    );
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<boolean> {
    const target = byId(filter);
    const simple = target && simpleUpdate(update);
    if (target && simple) {
      const inserted = { ...simple.$setOnInsert, ...simple.$set, ...simple.$inc, _id: target.id };
      return this.writeById(target, inserted, simple, options.upsert);
    }
    return this.write(
      filter,
      (collection) => collection.updateOne(filter, update, { upsert: options.upsert }),
      options.upsert,
    );
  }

  /**
   * Documents upserted whole by `_id`, in one statement (the runner's checkpoints after each batch).
   * docs/architecture.md#read-models-on-postgresql
   */
  async upsertMany(docs: T[], options: { positioned?: boolean } = {}): Promise<void> {
    if (docs.length === 0) return;
    const older = `NOT (jsonb_typeof(t.doc -> '_pos') = 'number' AND (t.doc ->> '_pos')::float8 >= (EXCLUDED.doc ->> '_pos')::float8)`;
    const insert =
      `INSERT INTO ${this.table} AS t (id, doc) SELECT * FROM unnest($1::text[], $2::jsonb[])` +
      ` ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc${options.positioned ? ` WHERE ${older}` : ''}`;
    await this.announcing(insert, [docs.map((doc) => idOf(doc._id)), docs.map((doc) => encode(doc))]);
  }

  /**
   * One statement for a write by `_id` (optionally guarded by docProjection's `_pos: { $lt }`): a
   * replacement (`update` absent) or top-level `$set`/`$inc` done by PostgreSQL on the jsonb; with
   * upsert, `inserted` when there is none. A guard that misses an existing document on an upsert is
   * MongoDB's duplicate key, as the in-memory path answers.
   */
  private async writeById(
    target: ById,
    inserted: Doc,
    update: SimpleUpdate | undefined,
    upsert = false,
  ): Promise<boolean> {
    const values: unknown[] = [target.id];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    // every parameter must be used (PostgreSQL cannot type one that is not): the whole document only where it goes
    const whole = upsert || !update ? `${param(encode(inserted))}::jsonb` : undefined;
    let next = update ? 't.doc' : whole!;
    if (update && Object.keys(update.$set).length > 0) next = `(${next} || ${param(encode(update.$set))}::jsonb)`;
    for (const [field, by] of Object.entries(update?.$inc ?? {})) {
      next = `jsonb_set(${next}, ${param([field])}::text[], to_jsonb(COALESCE((t.doc ->> ${param(field)}::text)::float8, 0) + ${param(by)}::float8))`;
    }
    const guard =
      target.below === undefined
        ? undefined
        : `jsonb_typeof(t.doc -> '_pos') = 'number' AND (t.doc ->> '_pos')::float8 < ${param(target.below)}::float8`;
    if (!upsert) {
      const { rowCount } = await this.announcing(
        `UPDATE ${this.table} AS t SET doc = ${next} WHERE t.id = $1${guard ? ` AND ${guard}` : ''}`,
        values,
      );
      return (rowCount ?? 0) > 0;
    }
    const sql = `INSERT INTO ${this.table} AS t (id, doc) VALUES ($1, ${whole!}) ON CONFLICT (id) DO UPDATE SET doc = ${next}${guard ? ` WHERE ${guard}` : ''}`;
    const { rowCount } = await this.announcing(sql, values);
    if ((rowCount ?? 0) === 0) throw new DuplicateKeyError(this.name, '_id_', JSON.stringify({ _id: target.id }));
    return true;
  }

  /** A write statement; on an announced collection it also notifies the watchers (at commit), in the same round trip. */
  private async announcing(sql: string, values: unknown[]): Promise<{ rowCount: number | null }> {
    const channel = this.context.announced.has(this.name) ? channelOf(this.context.schema, this.name) : undefined;
    if (!channel) return this.query(sql, values);
    values.push(channel);
    const { rows } = await this.query<{ n: string }>(
      `WITH written AS (${sql} RETURNING 1) SELECT count(*) AS n, pg_notify($${values.length}, '') FROM written`,
      values,
    );
    return { rowCount: Number(rows[0]?.n ?? 0) };
  }

  updateMany(filter: Filter, update: Update): Promise<number> {
    return this.write(filter, (collection) => collection.updateMany(filter, update));
  }

  deleteOne(filter: Filter): Promise<boolean> {
    return this.write(filter, (collection) => collection.deleteOne(filter));
  }

  async deleteMany(filter: Filter = {}): Promise<number> {
    if (Object.keys(filter).length === 0) return (await this.query(`DELETE FROM ${this.table}`)).rowCount ?? 0;
    return this.write(filter, (collection) => collection.deleteMany(filter));
  }

  async createIndex(keys: Record<string, 1 | -1>, options: { unique?: boolean; name?: string } = {}): Promise<void> {
    const name =
      options.name ??
      Object.entries(keys)
        .map(([field, order]) => `${field}_${order}`)
        .join('_');
    // equality filters on any field go through one GIN index (see `narrowing`)
    await this.query(
      `CREATE INDEX IF NOT EXISTS ${quote(indexName(this.name, '_doc'))} ON ${this.table} USING gin (doc jsonb_path_ops)`,
    );
    if (!options.unique) return;
    const columns = Object.keys(keys).map((field) => `(COALESCE(doc #> ${literalPath(field)}, 'null'::jsonb))`);
    await this.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS ${quote(indexName(this.name, name))} ON ${this.table} (${columns.join(', ')})`,
    );
  }

  async drop(): Promise<void> {
    this.context.ensured.delete(this.name);
    await this.context.pool.query(`DROP TABLE IF EXISTS ${this.table}`);
  }

  /** The documents that may match, in natural (insertion) order. */
  private async candidates(client: Queryable, filter: Filter, forUpdate = false): Promise<Doc[]> {
    const { where, values } = narrowing(filter);
    const sql = `SELECT id, doc::text AS doc FROM ${this.table}${where ? ` WHERE ${where}` : ''} ORDER BY seq${forUpdate ? ' FOR UPDATE' : ''}`;
    const { rows } = await this.query<Row>(sql, values, client);
    return rows.map((row) => decode(row.doc) as Doc);
  }

  /**
   * One write in one transaction: the candidate rows locked, the change applied in memory (MongoDB's
   * semantics, by the in-memory adapter), the rows it changed written back. A concurrent upsert that
   * inserted first makes this one a duplicate: it is tried once more, as MongoDB retries upserts.
   */
  private async write<R>(filter: Filter, change: (collection: Collection) => Promise<R>, upsert = false): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.transaction(async (client) => {
          const before = await this.candidates(client, filter, true);
          const scratch = scratchStore([[this.name, before]]);
          const result = await change(scratch.collection(this.name));
          await this.writeBack(client, before, scratch.dump().find((dump) => dump.name === this.name)?.docs ?? []);
          return result;
        });
      } catch (error) {
        if (!(upsert && attempt === 0 && error instanceof DuplicateKeyError)) throw error;
      }
    }
  }

  /** The in-memory adapter never changes a stored document in place: a new object is a changed row. */
  private async writeBack(client: Queryable, before: Doc[], after: Doc[]): Promise<void> {
    const previous = new Map(before.map((doc) => [doc._id, doc]));
    const kept = new Set<string>();
    for (const doc of after) {
      kept.add(doc._id);
      const was = previous.get(doc._id);
      if (was === doc) continue;
      if (was)
        await this.query(
          `UPDATE ${this.table} SET doc = $2::jsonb WHERE id = $1`,
          [idOf(doc._id), encode(doc)],
          client,
        );
      else
        await this.query(
          `INSERT INTO ${this.table} (id, doc) VALUES ($1, $2::jsonb)`,
          [idOf(doc._id), encode(doc)],
          client,
        );
    }
    const gone = before.filter((doc) => !kept.has(doc._id)).map((doc) => idOf(doc._id));
    if (gone.length > 0) await this.query(`DELETE FROM ${this.table} WHERE id = ANY($1)`, [gone], client);
  }

  private async transaction<R>(work: (client: pg.PoolClient) => Promise<R>): Promise<R> {
    await this.ensure();
    const client = await this.context.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** A statement on the collection's table, created on first use (again if another process dropped it). */
  private async query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    values: unknown[] = [],
    client: Queryable = this.context.pool,
  ): Promise<pg.QueryResult<R>> {
    await this.ensure();
    try {
      return await client.query<R>(sql, values);
    } catch (error) {
      if (codeOf(error) === '42P01' && client === this.context.pool) {
        this.context.ensured.delete(this.name);
        await this.ensure();
        return client.query<R>(sql, values).catch((again: unknown) => Promise.reject(mapped(again, this.name)));
      }
      throw mapped(error, this.name);
    }
  }

  private ensure(): Promise<void> {
    let ready = this.context.ensured.get(this.name);
    if (!ready) {
      ready = ignoringRace(() =>
        this.context.pool.query(
          `CREATE TABLE IF NOT EXISTS ${this.table} (seq bigserial, id text PRIMARY KEY, doc jsonb NOT NULL)`,
        ),
      ).catch((error: unknown) => {
        this.context.ensured.delete(this.name);
        throw error;
      });
      this.context.ensured.set(this.name, ready);
    }
    return ready;
  }
}

/** An in-memory store holding just these documents (adopted, not copied: they were parsed for it). */
function scratchStore(collections: (readonly [string, Doc[]])[]): MingoReadModelStore {
  const store = createMingoReadModelStore();
  store.load(collections.map(([name, docs]) => ({ name, indexes: [], docs })));
  return store;
}

/**
 * A WHERE clause every match satisfies (a superset: the in-memory adapter decides): `_id` equality
 * or `$in`, and top-level equality to a string, number or boolean (the field equal to it, or an
 * array holding it, as MongoDB matches).
 */
export function narrowing(filter: Filter): { where: string; values: unknown[] } {
  const clauses: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  for (const [key, expression] of Object.entries(filter)) {
    if (key === '_id') {
      if (typeof expression === 'string') clauses.push(`id = ${param(expression)}`);
      const ids = isPlainRecord(expression) && Object.keys(expression).length === 1 ? expression.$in : undefined;
      if (Array.isArray(ids) && ids.every((each) => typeof each === 'string')) clauses.push(`id = ANY(${param(ids)})`);
      continue;
    }
    if (key.startsWith('$') || key.includes('.')) continue;
    const value =
      isPlainRecord(expression) && Object.keys(expression).length === 1 && '$eq' in expression
        ? expression.$eq
        : expression;
    if (!isScalar(value) || value === null) continue;
    clauses.push(
      `(doc @> ${param(JSON.stringify({ [key]: value }))}::jsonb OR doc @> ${param(JSON.stringify({ [key]: [value] }))}::jsonb)`,
    );
  }
  return { where: clauses.join(' AND '), values };
}

interface ById {
  id: string;
  /** docProjection's guard: `_pos` below this */
  below?: number;
}

/** `{ _id }` or `{ _id, _pos: { $lt: n } }`: the filters one statement answers */
function byId(filter: Filter): ById | undefined {
  const { _id: id, ...rest } = filter;
  if (typeof id !== 'string') return undefined;
  const keys = Object.keys(rest);
  if (keys.length === 0) return { id };
  const pos = rest._pos;
  if (keys.length === 1 && isPlainRecord(pos) && Object.keys(pos).length === 1 && typeof pos.$lt === 'number')
    return { id, below: pos.$lt };
  return undefined;
}

interface SimpleUpdate {
  $set: Record<string, unknown>;
  $inc: Record<string, number>;
  $setOnInsert: Record<string, unknown>;
}

/** An update of top-level fields only by `$set`, `$inc` (numbers) and `$setOnInsert`, each field once: SQL does it. */
function simpleUpdate(update: Update): SimpleUpdate | undefined {
  const simple: SimpleUpdate = { $set: {}, $inc: {}, $setOnInsert: {} };
  const seen = new Set<string>();
  for (const [operator, fields] of Object.entries(update)) {
    if ((operator !== '$set' && operator !== '$inc' && operator !== '$setOnInsert') || !isPlainRecord(fields))
      return undefined;
    for (const [field, value] of Object.entries(fields)) {
      if (field === '_id' || field === '' || field.includes('.') || field.startsWith('$') || seen.has(field))
        return undefined;
      if (operator === '$inc' && (typeof value !== 'number' || !Number.isFinite(value))) return undefined;
      seen.add(field);
      simple[operator][field] = value as never;
    }
  }
  // anything else (an empty update, a field under two operators) takes the in-memory path and its errors
  return seen.size > 0 ? simple : undefined;
}

function channelOf(schema: string, collection: string): string {
  return shortened(`readmodels_${schema}_${collection}`);
}

function onlyId(filter: Filter): string | undefined {
  const keys = Object.keys(filter);
  return keys.length === 1 && typeof filter._id === 'string' ? filter._id : undefined;
}

function lookups(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(lookups);
  if (!isPlainRecord(value)) return [];
  const here = isPlainRecord(value.$lookup) && typeof value.$lookup.from === 'string' ? [value.$lookup.from] : [];
  return [...here, ...Object.values(value).flatMap(lookups)];
}

/** Dates travel as `{ $date: iso }` (jsonb has none); undefined is stored as null, as the MongoDB driver does. */
export function encode(doc: unknown): string {
  return JSON.stringify(doc, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    if (raw instanceof Date) return { $date: raw.toISOString() };
    return value === undefined ? null : value;
  });
}

export function decode(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (isPlainRecord(value) && typeof value.$date === 'string' && Object.keys(value).length === 1)
      return new Date(value.$date);
    return value;
  });
}

const idOf = (id: unknown) => (typeof id === 'string' ? id : JSON.stringify(id));

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** PostgreSQL cuts names at 63 bytes: a long one keeps its start and a hash of the whole. */
function shortened(name: string): string {
  if (Buffer.byteLength(name) <= 63) return name;
  return `${name.slice(0, 50)}_${createHash('sha1').update(name).digest('hex').slice(0, 12)}`;
}

const tableName = (collection: string) => shortened(collection);
const indexName = (collection: string, index: string) => shortened(`${collection}__${index}`);

function literalPath(field: string): string {
  const segments = field.split('.').map((segment) => `"${segment.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  return `'{${segments.join(',').replaceAll("'", "''")}}'`;
}

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;

function mapped(error: unknown, collection: string): unknown {
  if (codeOf(error) !== '23505') return error;
  const { constraint, detail } = error as { constraint?: string; detail?: string };
  return new DuplicateKeyError(collection, constraint ?? '_id_', detail ?? '');
}

/** Two processes creating the same schema or table at once: one of them sees a unique violation on the catalog. */
async function ignoringRace(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const code = codeOf(error);
    if (code === '23505' || code === '42P07' || code === '42710') return;
    throw error;
  }
}

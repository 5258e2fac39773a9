/**
 * The PostgreSQL event store: the SQL adapter over a `pg` pool, with LISTEN/NOTIFY so that
 * subscribers in other processes wake up as soon as an append commits.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { adapterDisconnects } from '../metrics/metrics';
import type { EventStore } from './port';
import { createSqlEventStore, type CrossProcessSignal, type SqlExecutor, type SqlQuery } from './sql';

export interface PostgresEventStoreOptions {
  connectionString: string;
  /** tests use an isolated schema; defaults to `public` */
  schema?: string;
  poolSize?: number;
}

const DEFAULT_POOL_SIZE = 10;
const MAX_CONCURRENT_APPENDS = 4;

export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<EventStore> {
  const schema = options.schema ?? 'public';
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  const pool = new pg.Pool({ connectionString: options.connectionString, max: poolSize });
  // an idle client that loses its connection is replaced by the pool; the next query reports it
  pool.on('error', () => adapterDisconnects.inc({ adapter: 'postgres' }));
  const signal = new NotifySignal(options.connectionString, `aura_events_${schema}`, pool);
  try {
    return await createSqlEventStore({
      adapter: 'postgres',
      executor: poolExecutor(pool),
      schema,
      crossProcess: signal,
      maxConcurrentAppends: concurrentAppendsFor(poolSize),
      closeExecutor: () => pool.end(),
    });
  } catch (error) {
    await signal.close();
    await pool.end();
    throw error;
  }
}

/**
 * Appends queued behind running ones go together in one transaction (sql-append-batcher.ts), so a
 * few concurrent append statements with big batches beat many small ones (measured in
 * bench/eventstore: fewer commits, less lock and CPU contention). Half the pool at most: the rest
 * stays free for reads.
 */
function concurrentAppendsFor(poolSize: number): number {
  return Math.max(1, Math.min(MAX_CONCURRENT_APPENDS, Math.floor(poolSize / 2)));
}

function poolExecutor(pool: pg.Pool): SqlExecutor {
  // every distinct statement becomes a named prepared statement on each pooled connection
  const statementNames = new Map<string, string>();
  const nameOf = (text: string): string => {
    let name = statementNames.get(text);
    if (!name) {
      name = `aura_es_${statementNames.size + 1}`;
      statementNames.set(text, name);
    }
    return name;
  };
  return {
    query: async <Row extends object>(text: string, params: readonly unknown[] = []) =>
      (await pool.query<Row>({ name: nameOf(text), text, values: [...params] })).rows,
    transaction: async (fn) => {
      const client = await pool.connect();
      const tx: SqlQuery = {
        query: async <Row extends object>(text: string, params: readonly unknown[] = []) =>
          (await client.query<Row>(text, [...params])).rows,
      };
      try {
        await client.query('begin');
        const result = await fn(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * NOTIFY is sent outside the append's transaction and coalesced (at most one in flight): a NOTIFY
 * inside the append would take PostgreSQL's global notify lock until commit and serialise every
 * append behind one WAL flush.
 */
class NotifySignal implements CrossProcessSignal {
  private listener: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private sending: Promise<void> | undefined;
  private sendAgain = false;
  private closed = false;
  /** the newest position appended here, which each notification carries */
  private position = 0;
  /** tells this store's notifications from the others' (it wakes its own subscriptions itself) */
  private readonly origin = randomUUID();

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly pool: pg.Pool,
  ) {}

  publish(position: number): void {
    if (this.closed) return;
    this.position = Math.max(this.position, position);
    if (this.sending) {
      this.sendAgain = true;
      return;
    }
    this.sending = this.sendNotifications().finally(() => {
      this.sending = undefined;
    });
  }

  ensureListening(listener: Parameters<CrossProcessSignal['ensureListening']>[0]): Promise<void> {
    if (this.closed || this.listener) return Promise.resolve();
    this.connecting ??= this.listen(listener).finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  listening(): boolean {
    return this.listener !== undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.connecting?.catch(() => undefined);
    await this.sending;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  private async sendNotifications(): Promise<void> {
    do {
      this.sendAgain = false;
      // subscribers also poll, so a lost notification only delays them
      await this.pool
        .query('select pg_notify($1, $2)', [this.channel, `${this.origin} ${this.position}`])
        .catch(() => undefined);
    } while (this.sendAgain && !this.closed);
  }

  private async listen(listener: Parameters<CrossProcessSignal['ensureListening']>[0]): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    const drop = (): void => {
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
    };
    client.on('notification', ({ payload }) => {
      const [origin, position] = (payload ?? '').split(' ');
      if (origin === this.origin) return;
      const at = Number(position);
      listener.onAppended(position && Number.isSafeInteger(at) ? at : undefined);
    });
    client.on('error', drop);
    client.on('end', drop);
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
    } catch (error) {
      drop();
      throw error;
    }
    if (this.closed) {
      drop();
      return;
    }
    this.listener = client;
    listener.onListening();
  }
}

/**
 * Event store benchmark: concurrent single-event appends, then a full replay of the log by
 * readAll paging and by a subscription. Run with `npx tsx bench/eventstore/run.ts`.
 * PGlite (on disk in a temporary folder) always; PostgreSQL when DATABASE_URL is set.
 *
 * BENCH_APPENDS (20000), BENCH_WRITERS (50), BENCH_PAGE (1000), BENCH_POOL_SIZE (10),
 * BENCH_MAX_SECONDS (120, per append phase) bound the run.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPgliteEventStore } from '../../backend/platform/eventstore/pglite';
import type { EventStore } from '../../backend/platform/eventstore/port';
import { createPostgresEventStore } from '../../backend/platform/eventstore/postgres';

const settings = {
  appends: Number(process.env.BENCH_APPENDS ?? 20_000),
  writers: Number(process.env.BENCH_WRITERS ?? 50),
  page: Number(process.env.BENCH_PAGE ?? 1_000),
  poolSize: Number(process.env.BENCH_POOL_SIZE ?? 10),
  maxSeconds: Number(process.env.BENCH_MAX_SECONDS ?? 120),
};

interface Figures {
  engine: string;
  appended: number;
  appendsPerSecond: number;
  replayed: number;
  readAllPerSecond: number;
  subscriptionPerSecond: number;
  peakRssMiB: number;
}

const perSecond = (count: number, startedAt: bigint): number =>
  Math.round(count / (Number(process.hrtime.bigint() - startedAt) / 1e9));

/** Every writer appends to its own stream, one event at a time, with the exact expected revision. */
async function measureAppends(store: EventStore): Promise<{ appended: number; appendsPerSecond: number }> {
  const perWriter = Math.ceil(settings.appends / settings.writers);
  const deadline = Date.now() + settings.maxSeconds * 1_000;
  let appended = 0;
  const startedAt = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: settings.writers }, async (_, writer) => {
      const stream = `wallet-${writer}-${randomUUID()}`;
      for (let revision = 0; revision < perWriter && Date.now() < deadline; revision += 1) {
        await store.appendToStream(
          stream,
          [
            {
              id: randomUUID(),
              type: 'AuracoinCredited',
              data: { walletId: stream, amount: 150 + revision, reason: 'purchase', packageId: 'pkg-small' },
              metadata: { correlationId: randomUUID(), userId: `user-${writer}` },
            },
          ],
          { expectedRevision: revision === 0 ? 'no_stream' : revision - 1 },
        );
        appended += 1;
      }
    }),
  );
  return { appended, appendsPerSecond: perSecond(appended, startedAt) };
}

async function measureReadAll(store: EventStore): Promise<{ replayed: number; readAllPerSecond: number }> {
  let replayed = 0;
  let after: number | undefined;
  const startedAt = process.hrtime.bigint();
  for (;;) {
    const page = await store.readAll({ after, maxCount: settings.page });
    const last = page[page.length - 1];
    if (!last) break;
    replayed += page.length;
    after = last.position;
  }
  return { replayed, readAllPerSecond: perSecond(replayed, startedAt) };
}

async function measureSubscription(store: EventStore): Promise<number> {
  let delivered = 0;
  const startedAt = process.hrtime.bigint();
  const subscription = store.subscribeToAll({
    batchSize: settings.page,
    onEvents: async (events) => {
      delivered += events.length;
    },
  });
  await subscription.caughtUp();
  const rate = perSecond(delivered, startedAt);
  await subscription.stop();
  return rate;
}

async function bench(engine: string, store: EventStore): Promise<Figures> {
  let peakRss = process.memoryUsage.rss();
  const rssSampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  try {
    const appends = await measureAppends(store);
    const readAll = await measureReadAll(store);
    const subscriptionPerSecond = await measureSubscription(store);
    return { engine, ...appends, ...readAll, subscriptionPerSecond, peakRssMiB: Math.round(peakRss / 2 ** 20) };
  } finally {
    clearInterval(rssSampler);
    await store.close();
  }
}

async function benchPglite(): Promise<Figures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'aura-bench-pglite-'));
  try {
    return await bench('pglite (disk)', await createPgliteEventStore({ dataDir }));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(connectionString: string): Promise<Figures> {
  const schema = `eventstore_bench_${Date.now()}`;
  try {
    const store = await createPostgresEventStore({ connectionString, schema, poolSize: settings.poolSize });
    return await bench(`postgres (pool ${settings.poolSize})`, store);
  } finally {
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  }
}

function printTable(rows: Figures[]): void {
  const header = ['engine', 'appends', 'appends/s', 'replayed', 'readAll ev/s', 'subscription ev/s', 'peak RSS MiB'];
  const lines = rows.map((row) =>
    [
      row.engine,
      row.appended,
      row.appendsPerSecond,
      row.replayed,
      row.readAllPerSecond,
      row.subscriptionPerSecond,
      row.peakRssMiB,
    ].map((cell) => (typeof cell === 'number' ? cell.toLocaleString('en-US') : cell)),
  );
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => String(line[column]).length)),
  );
  const format = (cells: string[]): string =>
    cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  console.log(
    `Event store bench: ${settings.appends} single-event appends by ${settings.writers} writers, replay pages of ${settings.page}`,
  );
  const rows: Figures[] = [];
  // PostgreSQL first: PGlite's WebAssembly heap would otherwise inflate its RSS figure
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) rows.push(await benchPostgres(databaseUrl));
  else console.log('[skip] PostgreSQL: no DATABASE_URL set');
  rows.push(await benchPglite());
  console.log('');
  printTable(rows);
  console.log(`\npeak RSS of the whole run: ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

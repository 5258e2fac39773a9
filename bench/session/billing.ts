/**
 * The billing worker's throughput: how many concurrent private sessions one worker bills on time.
 *
 * One process runs the real runtime (event store, read models, jobs, projector and worker roles,
 * exactly as `npm start` assembles them; PGlite and the in-process runner unless DATABASE_URL /
 * REDIS_URL are set) with a billing minute of `minuteMs`. For each N: N wallets are funded and N
 * sessions requested through the sessions module's commands (both parties' presence vouched in the
 * key-value store, as joined pages do), then accepted at a steady pace over one minute (sessions
 * start at random moments in real life, so the clock's work is spread), then left to run `minutes`
 * more minutes. Every `SessionMinuteBilled` carries its minute's start and the moment it was billed:
 * lateness = billedAt - minuteStartedAt. N is on time when every minute that started was billed,
 * each within `onTimeMs` (2 s) of its start.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auracoinToUnits, minuteStartsAt, streams, type EventDataOf } from '@aura/contracts';
import { loadConfig } from '../../backend/platform/config/config';
import { newId } from '../../backend/platform/ids';
import { handleWallet } from '../../backend/ledger/wallet/wallet';
import { createLogger } from '../../backend/platform/logging/logger';
import { startProjector, startWorker } from '../../backend/entry/roles';
import { openRuntime } from '../../backend/entry/runtime';
import { createSessionCommands } from '../../backend/commands/sessions/commands';
import { scheduleSessionTick } from '../../backend/commands/sessions/clock';
import { presenceKey } from '../../backend/commands/sessions/sockets';
import { decideAdjustBalance } from '../../backend/ledger/wallet/adjust';
import { scratchDatabase } from '../../backend/test/session-helpers';

export interface BillingRun {
  sessions: number;
  minuteMs: number;
  /** minutes that started during the run */
  expected: number;
  billed: number;
  /** started but never billed by the end of the run */
  missing: number;
  p50: number;
  p99: number;
  max: number;
  late: number;
  onTime: boolean;
  setupSeconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** A fresh PostgreSQL database per run when DATABASE_URL is set (dropped afterwards). */
async function freshDatabase(databaseUrl: string | undefined) {
  return databaseUrl ? scratchDatabase(databaseUrl, 'aura_bench_session') : { url: '', drop: async () => undefined };
}

export async function measureBilling(options: {
  sessions: number;
  minuteMs: number;
  minutes: number;
  onTimeMs: number;
  databaseUrl?: string;
  redisUrl?: string;
}): Promise<BillingRun> {
  const { sessions: n, minuteMs, minutes, onTimeMs } = options;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aura-bench-session-'));
  const database = await freshDatabase(options.databaseUrl);
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    DATABASE_URL: database.url,
    REDIS_URL: options.redisUrl ?? '',
    MONGO_URL: '',
    EVENTSTORE_URL: '',
    BILLING_MINUTE_MS: String(minuteMs),
    SESSION_RECONNECT_GRACE_MS: '30000',
    SESSION_REQUEST_TIMEOUT_MS: '600000',
  });
  const runtime = await openRuntime(config, createLogger('error'), { http: false });
  const projector = await startProjector(runtime);
  await startWorker(runtime);
  const { eventStore, kv, jobs } = runtime.ports;
  const { now } = runtime.ports.clock;
  const clock = { billingMinuteMs: minuteMs, graceMs: 30_000, requestTimeoutMs: 600_000 };
  const presenceTtl = (minutes + 3) * minuteMs + 120_000;
  const commands = createSessionCommands({
    eventStore,
    now,
    clock,
    effects: {
      isPresent: (sessionId, party) => kv.has(presenceKey(sessionId, party)),
      vouch: (sessionId, party) => kv.put(presenceKey(sessionId, party), presenceTtl),
      scheduleTick: scheduleSessionTick(jobs, now),
    },
  });

  try {
    // setup (not timed against the clock): funded wallets, requested sessions, both pages present
    const setupStart = performance.now();
    const rateUnits = 100;
    const pairs = Array.from({ length: n }, () => ({ userId: newId(), performerId: newId(), sessionId: '' }));
    await inBatches(pairs, 50, async (pair) => {
      await handleWallet(eventStore, streams.wallet(pair.userId), (state) =>
        decideAdjustBalance(
          { walletId: pair.userId, targetUnits: auracoinToUnits(1_000), adminId: 'bench' },
          state,
          now(),
        ),
      );
      const { sessionId } = await commands.request({
        userId: pair.userId,
        identity: { aliasId: null, identityId: pair.userId, displayName: 'bench' },
        performerId: pair.performerId,
        performer: { askable: true, online: true, blocked: false, busy: false, rateUnits },
      });
      pair.sessionId = sessionId;
      await kv.put(presenceKey(sessionId, 'user'), presenceTtl);
    });
    const setupSeconds = (performance.now() - setupStart) / 1000;

    // accepted at a steady pace over one minute, then `minutes` more minutes
    const t0 = Date.now() + 500;
    const accepts: Promise<unknown>[] = [];
    for (const [index, pair] of pairs.entries()) {
      const at = t0 + Math.floor((index * minuteMs) / n);
      const wait = at - Date.now();
      if (wait > 0) await sleep(wait);
      accepts.push(commands.accept(pair.sessionId, pair.performerId).catch((error: unknown) => error));
    }
    const failed = (await Promise.all(accepts)).filter((result) => result instanceof Error);
    if (failed.length > 0) throw new Error(`${failed.length} accepts failed: ${(failed[0] as Error).message}`);
    const endAt = t0 + (minutes + 1) * minuteMs;
    await sleep(Math.max(0, endAt - Date.now()));
    // minutes that started more than `onTimeMs` before the end must be billed by now
    const cutoff = endAt - onTimeMs;
    await sleep(onTimeMs);

    const events = await eventStore.readAll();
    const startedAt = new Map<string, number>();
    const lateness: number[] = [];
    const billedBySession = new Map<string, number>();
    for (const event of events) {
      if (event.type === 'SessionStarted') {
        const data = event.data as EventDataOf<'SessionStarted'>;
        startedAt.set(data.sessionId, Date.parse(data.startedAt));
      } else if (event.type === 'SessionMinuteBilled') {
        const data = event.data as EventDataOf<'SessionMinuteBilled'>;
        if (Date.parse(data.minuteStartedAt) > cutoff) continue;
        lateness.push(Date.parse(data.billedAt) - Date.parse(data.minuteStartedAt));
        billedBySession.set(data.sessionId, (billedBySession.get(data.sessionId) ?? 0) + 1);
      }
    }
    let expected = 0;
    for (const [sessionId, start] of startedAt) {
      let count = 0;
      for (let minute = 1; minuteStartsAt(start, minute, minuteMs) <= cutoff; minute++) count++;
      expected += count;
      void sessionId;
    }
    const billed = lateness.length;
    const sorted = lateness.sort((a, b) => a - b);
    const late = sorted.filter((ms) => ms > onTimeMs).length;
    const missing = Math.max(0, expected - billed) + Math.max(0, n - startedAt.size);
    return {
      sessions: n,
      minuteMs,
      expected,
      billed,
      missing,
      late,
      setupSeconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
      onTime: missing === 0 && late === 0,
    };
  } finally {
    await projector.stop();
    await runtime.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The payout job run twice at once by two worker processes on one PostgreSQL event store, one of
 * them killed (SIGKILL) in the middle of the run while a transfer is under way, then restarted
 * while the other still runs (three runs of one job overlap in all): each performer is paid
 * exactly once (one PayoutScheduled, one PayoutPaid, one transfer in the provider's ledger), the
 * ones below the minimum are carried over once, and the payouts audit passes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  lastClosedPayoutWeek,
  payableCutoff,
  payoutStreams,
  performerStreams,
  type EventDataOf,
} from '@aura/contracts';
import { createPostgresEventStore } from '../platform/eventstore/postgres';
import type { EventStore } from '../platform/eventstore/port';
import { newId } from '../platform/ids';
import { sandboxTransfersIn } from '../platform/payouts/sandbox';
import { auditPayouts, payoutIdFor } from '../ledger';
import { scratchDatabase } from './session-helpers';

const root = path.resolve(__dirname, '../..');
const DAY = 86_400_000;
const PAID_PERFORMERS = 24;
const CARRIED_PERFORMERS = 4;

const databaseUrl = process.env.DATABASE_URL;
const describeWithPostgres = databaseUrl ? describe : describe.skip;
if (!databaseUrl) process.stdout.write('\n[skip] payouts crash test: no DATABASE_URL (PostgreSQL) set\n');

function worker(url: string, runId: string, mode: 'run' | 'restart', dataDir: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'backend/test/payout-worker-process.ts'), runId, mode],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        SEED_DEMO: 'false',
        REDIS_URL: '',
        MONGO_URL: '',
        EVENTSTORE_URL: '',
        PAYOUT_SANDBOX_LATENCY_MS: '150',
        PAYOUT_RESERVE_DAYS: '7',
        PAYOUT_MINIMUM_EUR: '50',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

const kill = (child: ChildProcess) => child.kill('SIGKILL');

describeWithPostgres('payout job: two at once, one worker killed mid-run', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let url: string;
  let store: EventStore;
  let dataDir: string;

  beforeAll(async () => {
    database = await scratchDatabase(databaseUrl!, 'aura_payouts_crash');
    url = database.url;
    store = await createPostgresEventStore({ connectionString: url });
    dataDir = await mkdtemp(path.join(tmpdir(), 'aura-payouts-crash-'));
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('pays each performer once and the audit passes', async () => {
    const now = new Date();
    const performers = Array.from({ length: PAID_PERFORMERS + CARRIED_PERFORMERS }, () => newId());
    for (const [index, performerId] of performers.entries()) {
      const changed: EventDataOf<'PayoutDetailsChanged'> = {
        performerId,
        holderName: `Performer ${index}`,
        method: 'card',
        iban: null,
        cardReference: `card_crash_${index}_abcdef`,
        masked: 'Carta •••• cdef',
        changedAt: new Date(now.getTime() - 60 * DAY).toISOString(),
        effectiveFrom: new Date(now.getTime() - 59 * DAY).toISOString(),
      };
      await store.appendToStream(
        payoutStreams.details(performerId),
        [{ id: newId(), type: 'PayoutDetailsChanged', data: changed }],
        { expectedRevision: 'no_stream' },
      );
      const shares = index < PAID_PERFORMERS ? [3000, 2500 + index] : [1000];
      await store.appendToStream(
        performerStreams.earnings(performerId),
        shares.map((shareCents, n) => ({
          id: newId(),
          type: 'PerformerEarningsCredited',
          data: {
            performerId,
            source: 'session',
            sourceId: newId(),
            grossUnits: Math.ceil((shareCents * 100) / 55),
            shareCents,
            creditedAt: new Date(now.getTime() - (30 - n) * DAY).toISOString(),
          },
        })),
        { expectedRevision: 'no_stream' },
      );
    }
    const runId = newId();
    const periodEnd = lastClosedPayoutWeek(now).end;
    const run: EventDataOf<'PayoutRunRequested'> = {
      runId,
      trigger: 'admin',
      adminId: newId(),
      periodEnd: periodEnd.toISOString(),
      requestedAt: now.toISOString(),
      minimumCents: 5000,
      reserveDays: 7,
      cutoff: payableCutoff(periodEnd, now, 7).toISOString(),
    };
    await store.appendToStream(payoutStreams.run(runId), [{ id: newId(), type: 'PayoutRunRequested', data: run }], {
      expectedRevision: 'no_stream',
    });

    // the same job delivered twice: two workers run it at once; one is killed once payouts flow
    const first = worker(url, runId, 'run', path.join(dataDir, 'a'));
    const second = worker(url, runId, 'run', path.join(dataDir, 'b'));
    const countOf = async (type: string) => (await store.readAll()).filter((event) => event.type === type).length;
    let killedAt = -1;
    for (let i = 0; i < 2400 && killedAt < 0; i++) {
      const [scheduled, paid] = [await countOf('PayoutScheduled'), await countOf('PayoutPaid')];
      // mid-run and mid-transfer: some paid, some decided but not yet paid
      if (paid >= 3 && scheduled > paid) {
        kill(first.child);
        killedAt = paid;
      } else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(killedAt).toBeGreaterThanOrEqual(3);
    expect(killedAt).toBeLessThan(PAID_PERFORMERS);
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // the killed worker comes back while the other still runs: it settles what was left scheduled and its job runs again
    const restarted = worker(url, runId, 'restart', path.join(dataDir, 'c'));
    const [secondExit, restartExit] = await Promise.all([second.exited, restarted.exited]);
    expect([secondExit, second.output()]).toEqual([{ code: 0, signal: null }, expect.stringContaining('run done')]);
    expect([restartExit, restarted.output()]).toEqual([{ code: 0, signal: null }, expect.stringContaining('run done')]);

    const events = await store.readAll();
    process.stdout.write(
      `\n[payouts crash] worker A killed after ${killedAt} of ${PAID_PERFORMERS} payouts were paid; ` +
        `restarted worker: ${restarted.output().trim().replace(/\n/g, '; ')}\n`,
    );
    const transfers = sandboxTransfersIn(events);
    for (const [index, performerId] of performers.entries()) {
      const stream = events.filter((event) => event.streamId === performerStreams.earnings(performerId));
      const payoutId = payoutIdFor(performerId, periodEnd.toISOString());
      const scheduled = stream.filter((event) => event.type === 'PayoutScheduled');
      const paid = stream.filter((event) => event.type === 'PayoutPaid');
      const carried = stream.filter((event) => event.type === 'PayoutCarriedOver');
      if (index < PAID_PERFORMERS) {
        expect([performerId, scheduled.length, paid.length, carried.length]).toEqual([performerId, 1, 1, 0]);
        expect(scheduled[0]!.data as { payoutId: string; amountCents: number }).toMatchObject({
          payoutId,
          amountCents: 5500 + index,
        });
        expect(
          transfers
            .filter((transfer) => transfer.payoutId === payoutId)
            .map((transfer) => [transfer.attempt, transfer.outcome.status, transfer.amountCents]),
        ).toEqual([[1, 'paid', 5500 + index]]);
      } else {
        expect([performerId, scheduled.length, paid.length, carried.length]).toEqual([performerId, 0, 0, 1]);
      }
    }
    expect(events.filter((event) => event.type === 'PayoutRunCompleted')).toHaveLength(1);
    const report = await auditPayouts(events, { now: new Date(), reserveDays: 7 });
    expect(report.problems).toEqual([]);
    expect(report.performers.reduce((sum, p) => sum + p.paidCents, 0)).toBe(
      Array.from({ length: PAID_PERFORMERS }, (_, i) => 5500 + i).reduce((a, b) => a + b, 0),
    );
  }, 240_000);
});

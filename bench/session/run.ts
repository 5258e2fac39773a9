/**
 * `npm run bench:session` (see bench/README.md):
 *
 * (a) the billing worker's throughput: N concurrent sessions on one worker, N raised step by step
 *     until a minute is billed later than 2 s after its start (or not at all); prints the largest N
 *     on time, and lateness p50/p99 per step. A shortened minute (BENCH_MINUTE_MS, 10 s) keeps the
 *     run short: the worker's load is bills per second, N / minute, so N sessions on a 10 s minute
 *     are the load of 6 N sessions on the real 60 s minute; both are printed.
 * (b) accept → the user's first decoded frame, on loopback in Chromium with the fake camera
 *     (bench/session/first-frame.ts), median and worst of BENCH_FRAME_RUNS.
 *
 * Knobs: BENCH_SESSIONS (steps, "300,600,900,1200,1500"), BENCH_MINUTE_MS (10000), BENCH_MINUTES (2,
 * billing minutes per step after the minute of accepts), BENCH_ON_TIME_MS (2000), BENCH_FRAME_RUNS
 * (5), BENCH_PART ('billing' | 'frame' | both), CHROMIUM_PATH (/usr/bin/chromium); DATABASE_URL and
 * REDIS_URL put the billing part on PostgreSQL (a fresh database per step) and BullMQ.
 */
import { cpus, loadavg } from 'node:os';
import { measureBilling, percentile, type BillingRun } from './billing';
import { measureFirstFrame, type FrameRun } from './first-frame';
import { measureFirstFrameOnPages } from './first-frame-page';

const steps = (process.env.BENCH_SESSIONS ?? '300,600,900,1200,1500').split(',').map(Number);
const minuteMs = Number(process.env.BENCH_MINUTE_MS ?? 10_000);
const minutes = Number(process.env.BENCH_MINUTES ?? 2);
const onTimeMs = Number(process.env.BENCH_ON_TIME_MS ?? 2_000);
const frameRuns = Number(process.env.BENCH_FRAME_RUNS ?? 5);
const part = process.env.BENCH_PART;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
const ms = (value: number) => `${Math.round(value)} ms`;

async function billing() {
  const scale = 60_000 / minuteMs;
  const adapters = `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process jobs'}`;
  console.log(
    `(a) billing worker, ${adapters}, minute ${minuteMs} ms, ${minutes} billing minutes per step, on time = within ${onTimeMs} ms`,
  );
  let best: BillingRun | undefined;
  let bestP99: BillingRun | undefined;
  for (const sessions of steps) {
    const before = load();
    const run = await measureBilling({
      sessions,
      minuteMs,
      minutes,
      onTimeMs,
      databaseUrl: process.env.DATABASE_URL,
      redisUrl: process.env.REDIS_URL,
    });
    console.log(
      `  N=${sessions} (≈ ${Math.round(sessions * scale)} on a 60 s minute, ${(sessions / (minuteMs / 1000)).toFixed(0)} bills/s): ` +
        `${run.billed}/${run.expected} minutes billed, missing ${run.missing}, late ${run.late}; ` +
        `lateness p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, max ${ms(run.max)} ` +
        `-> ${run.onTime ? 'on time' : 'LATE'} (setup ${run.setupSeconds.toFixed(1)} s; load ${before} -> ${load()})`,
    );
    // a single stall of a shared machine makes a step late; the search goes on while p99 is on time
    if (run.onTime && !best) best = run;
    else if (run.onTime && best && run.sessions > best.sessions) best = run;
    if (run.missing > 0 || run.p99 > onTimeMs) break;
    bestP99 = run;
  }
  const line = (label: string, run: BillingRun | undefined) =>
    console.log(
      run
        ? `  ${label}: ${run.sessions} on a ${minuteMs} ms minute ≈ ${Math.round(run.sessions * scale)} concurrent sessions ` +
            `on the 60 s minute (p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, max ${ms(run.max)})`
        : `  ${label}: none`,
    );
  line('max N with every minute billed within the bound', best);
  line('max N with p99 within the bound and none missing', bestP99);
}

async function frame() {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const report = (label: string, runs: FrameRun[]) => {
    const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
    console.log(`  ${label}: ${runs.map((run) => `${run.ms} ms (${run.width} px wide)`).join(', ')}`);
    console.log(`    median ${ms(percentile(sorted, 50))}, worst ${ms(sorted.at(-1)!)} (target < 1500 ms)`);
  };
  console.log(
    `(b) accept -> first decoded frame, Chromium fake camera, loopback, ${frameRuns} runs each (load ${load()})`,
  );
  report(
    "the product's pages (her dashboard's 'Accetta' -> his /video-session)",
    await measureFirstFrameOnPages({ runs: frameRuns }),
  );
  report(
    'minimal harness pages (the same signalling, no React)',
    await measureFirstFrame({ runs: frameRuns, chromiumPath }),
  );
}

async function main() {
  console.log(`bench:session on ${cpus().length} CPUs, load average ${load()}`);
  if (part !== 'frame') await billing();
  if (part !== 'billing') await frame();
  console.log(`load average at the end ${load()}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

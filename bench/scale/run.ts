/**
 * The embedded engine at scale. Run with `npx tsx bench/scale/run.ts` (see bench/README.md).
 *
 * 1. Writes BENCH_USERS (50,000) users through the event store port (PGlite under a temporary
 *    DATA_DIR): a registration and three wallet credits each, 200,000 events.
 * 2. `npm start` on it, first start (no snapshot yet) then restart: seconds until `/api/health` is
 *    green and a new registration is answered, and the app's resident memory once ready.
 * 3. `npm run projections:rebuild` on the same folder: events/s of the full rebuild.
 * 4. `npm start` on an empty folder (the fresh demo): resident memory once ready.
 * 5. The landing page's initial JavaScript (gzip) and largest contentful paint, on the fresh demo,
 *    through bench/first-page/measure.ts (Debian's Chromium, CHROMIUM_PATH).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { DESKTOP, kB, measureFirstPage, type FirstPageFigures } from '../first-page/measure';
import { startApp, type RunningApp } from './app-process';
import { writeScaleLog } from './log';

const root = path.resolve(__dirname, '../..');
const users = Number(process.env.BENCH_USERS ?? 50_000);
const port = Number(process.env.BENCH_PORT ?? 3917);
/** resident memory is read this long after ready, once start-up work (snapshot write, jobs) settled */
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 5_000);

const mib = (value: number) => `${Math.round(value)} MiB`;

async function measureStart(label: string, dataDir: string, during?: (app: RunningApp) => Promise<void>) {
  const app: RunningApp = await startApp(dataDir, port);
  const atReady = app.rssMiB();
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const settled = app.rssMiB();
  await during?.(app);
  await app.stop();
  console.log(
    `  ${label}: ready in ${app.readySeconds.toFixed(1)} s (app CPU ${app.readyCpuSeconds.toFixed(1)} s), ` +
      `RSS ${mib(atReady)} at ready, ${mib(settled)} ${settleMs / 1000} s later`,
  );
  return { ready: app.readySeconds, cpu: app.readyCpuSeconds, rss: Math.max(atReady, settled) };
}

/** `npm run projections:rebuild` as a child; its log line says how many events it replayed and how fast. */
function rebuild(dataDir: string): Promise<{
  events: number;
  eventsPerSecond: number;
  seconds: number;
  cpuSeconds: number;
  eventsPerCpuSecond: number;
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'backend/entry/rebuild.ts')], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      const line = output.split('\n').find((each) => each.includes('"projections rebuilt"'));
      if (code !== 0 || !line) return reject(new Error(`rebuild exited with ${code}:\n${output}`));
      resolve(
        JSON.parse(line) as {
          events: number;
          eventsPerSecond: number;
          seconds: number;
          cpuSeconds: number;
          eventsPerCpuSecond: number;
        },
      );
    });
  });
}

async function main() {
  // the frontend is built before timing, as an installed app has it built already
  const build = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/frontend-build.mjs').then((m) => m.buildFrontendIfStale())"],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('frontend build failed');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aura-bench-scale-'));
  const demoDir = await mkdtemp(path.join(tmpdir(), 'aura-bench-demo-'));
  try {
    console.log(`scale bench: ${users} users, ${users * 4} events, data in ${dataDir}`);
    const writing = performance.now();
    const head = await writeScaleLog(dataDir, users, 32, (done) =>
      process.stdout.write(`\r  writing the log: ${done} users`),
    );
    console.log(
      `\r  log written through the event store port in ${((performance.now() - writing) / 1000).toFixed(1)} s (head position ${head})`,
    );

    const first = await measureStart('first start (no snapshot)', dataDir);
    const restart = await measureStart('restart (snapshot)', dataDir);
    const rebuilt = await rebuild(dataDir);
    console.log(
      `  projections:rebuild: ${rebuilt.events} events in ${rebuilt.seconds.toFixed(1)} s = ${rebuilt.eventsPerSecond} events/s ` +
        `(CPU ${rebuilt.cpuSeconds.toFixed(1)} s = ${rebuilt.eventsPerCpuSecond} events per CPU second)`,
    );
    const afterRebuild = await measureStart('start after the rebuild', dataDir);
    let page: FirstPageFigures | undefined;
    const demo = await measureStart('fresh demo', demoDir, async (app) => {
      page = await measureFirstPage({
        url: `http://127.0.0.1:${app.port}/`,
        viewport: DESKTOP,
        runs: Number(process.env.BENCH_PAGE_RUNS ?? 5),
      });
    });
    if (!page) throw new Error('the landing page was not measured');
    console.log(
      `  landing page (1366×768, median of ${page.runs.length}): initial JS ${kB(page.initialJsGzipBytes)} gzip, LCP ${Math.round(page.lcpMs)} ms`,
    );

    console.log('\nsummary (targets):');
    console.log(
      `  first start ready ${first.ready.toFixed(1)} s (≤ 15 s), restart ${restart.ready.toFixed(1)} s (≤ 5 s), ` +
        `after rebuild ${afterRebuild.ready.toFixed(1)} s`,
    );
    console.log(
      `  app CPU until ready: first start ${first.cpu.toFixed(1)} s, restart ${restart.cpu.toFixed(1)} s ` +
        `(load average now ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores)`,
    );
    console.log(
      `  rebuild ${rebuilt.eventsPerSecond} events/s (≥ 20,000), ${rebuilt.eventsPerCpuSecond} events per CPU second`,
    );
    console.log(
      `  RSS at ${users} users ${mib(Math.max(first.rss, restart.rss))} (< 700 MiB), fresh demo ${mib(demo.rss)} (< 400 MiB)`,
    );
    console.log(
      `  landing page initial JS ${kB(page.initialJsGzipBytes)} gzip (≤ 200 kB), LCP ${Math.round(page.lcpMs)} ms (< 1,500 ms)`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await rm(demoDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

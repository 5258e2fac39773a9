/**
 * Public reads against the limit. Run with `npm run bench:http` (needs `wrk`: `apt-get install wrk`).
 *
 * Starts the real app embedded (adapters, projector and worker in this process, the demo data in a
 * temporary DATA_DIR) and, on another port, a bare Koa app that serves the very same bytes: each
 * URL's body is fetched once from the app, then served from memory with the same content type.
 * For each URL, wrk (BENCH_THREADS 2, BENCH_CONNECTIONS 50) loads the app and the bare app for
 * BENCH_SECONDS (10) each, in BENCH_ROUNDS (5) alternating slices so that a burst of other work on a
 * shared machine falls on both alike; the figure is the ratio of their requests/s (target ≥ 0.5
 * for the gallery, a performer and packages; the liveness probe near 1). Both servers live in this
 * process, so the CPU time it used per request (user + system) is printed too: its ratio is what
 * the requests/s ratio would be on an otherwise idle machine. Anonymous requests, as a visitor's
 * browser sends them the first time (no cookie, no If-None-Match); one more row sends the ETag back.
 * BENCH_ONLY=gallery runs only the reads whose label contains that.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { loadConfig } from '../../backend/platform/config/config';
import { createLogger } from '../../backend/platform/logging/logger';
import { startApi, startProjector, startWorker } from '../../backend/entry/roles';
import { openRuntime } from '../../backend/entry/runtime';
import { seedDemoOnce } from '../../backend/kernel/demo-seed';
import { deterministicId } from '../../backend/platform/ids';

const settings = {
  threads: Number(process.env.BENCH_THREADS ?? 2),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
  warmup: process.env.BENCH_WARMUP ?? '2s',
  /** only the reads whose label contains this */
  only: process.env.BENCH_ONLY,
};

interface Target {
  label: string;
  path: string;
  /** the ratio this read should reach */
  target: number;
  headers?: Record<string, string>;
}

interface WrkResult {
  perSecond: number;
  requests: number;
  failed: number;
  /** CPU time of this process (both servers live in it) during the run, µs */
  cpuMicros: number;
}

/** wrk against one URL; requests/s and the count of non-2xx/3xx answers and socket errors. */
function wrk(url: string, duration: string, headers: Record<string, string> = {}): Promise<WrkResult> {
  const args = [
    `-t${settings.threads}`,
    `-c${settings.connections}`,
    `-d${duration}`,
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ];
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => reject(new Error(`wrk could not start (apt-get install wrk): ${error.message}`)));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited ${code}:\n${output}`));
      const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
      const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN);
      const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
      const errors = socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
      const used = process.cpuUsage(cpu);
      resolve({ perSecond, requests, failed: non2xx + errors, cpuMicros: used.user + used.system });
    });
  });
}

/** A Koa app with nothing but a lookup of the bodies the real app answered. */
async function bareKoa(
  bodies: Map<string, { status: number; type: string; body: Buffer }>,
): Promise<{ port: number; server: Server }> {
  const koa = new Koa();
  koa.use((ctx) => {
    const answer = bodies.get(ctx.url);
    if (!answer) return;
    ctx.status = answer.status;
    ctx.type = answer.type;
    ctx.body = answer.body;
  });
  const server = koa.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, server };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const cpuPerRequest = (runs: WrkResult[]) =>
  runs.reduce((sum, run) => sum + run.cpuMicros, 0) / runs.reduce((sum, run) => sum + run.requests, 0);

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aura-bench-http-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
  });
  const logger = createLogger('error');
  const runtime = await openRuntime(config, logger, { http: true });
  const api = await startApi(runtime, { serveFrontend: false });
  const projector = await startProjector(runtime);
  await startWorker(runtime);
  let bare: { port: number; server: Server } | undefined;
  try {
    await seedDemoOnce(runtime.infra.eventStore, () => new Date(), runtime.sides.commands);
    await projector.caughtUp();
    const appUrl = `http://127.0.0.1:${api.port}`;

    const probe = (await fetch(`${appUrl}/livez`)).ok ? '/livez' : '/api/health';
    const performerId = deterministicId('demo-performer:giulia.rossi');
    const targets: Target[] = [
      { label: 'gallery', path: '/api/performers', target: 0.5 },
      { label: 'performer', path: `/api/performers/${performerId}`, target: 0.5 },
      { label: 'packages', path: '/api/packages', target: 0.5 },
      { label: probe === '/livez' ? 'livez' : 'health (no /livez yet)', path: probe, target: 0.9 },
    ];

    // the very same bytes: each body fetched once from the app
    const bodies = new Map<string, { status: number; type: string; body: Buffer }>();
    for (const target of targets) {
      const response = await fetch(`${appUrl}${target.path}`);
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}: ${body.toString()}`);
      bodies.set(target.path, {
        status: response.status,
        type: response.headers.get('content-type') ?? 'application/json',
        body,
      });
      const etag = response.headers.get('etag');
      if (target.label === 'gallery' && etag)
        targets.push({
          label: 'gallery, If-None-Match (304)',
          path: target.path,
          target: 0,
          headers: { 'If-None-Match': etag },
        });
    }
    bare = await bareKoa(bodies);
    const bareUrl = `http://127.0.0.1:${bare.port}`;

    const slice = `${Math.max(1, Math.round(settings.seconds / settings.rounds))}s`;
    console.log(
      `http bench: wrk -t${settings.threads} -c${settings.connections}, ` +
        `${settings.rounds} × ${slice} per side and read, alternating; demo data, anonymous requests`,
    );
    console.log(
      `${'read'.padEnd(30)} ${'bytes'.padStart(6)} ${'app req/s'.padStart(10)} ${'bare req/s'.padStart(11)} ` +
        `${'ratio'.padStart(6)} ${'app µs/req'.padStart(11)} ${'bare µs/req'.padStart(12)} ${'cpu ratio'.padStart(10)}  target`,
    );
    for (const target of targets.filter((candidate) => !settings.only || candidate.label.includes(settings.only))) {
      const bytes = bodies.get(target.path)!.body.length;
      await wrk(`${appUrl}${target.path}`, settings.warmup, target.headers);
      await wrk(`${bareUrl}${target.path}`, settings.warmup);
      const app: WrkResult[] = [];
      const baseline: WrkResult[] = [];
      for (let round = 0; round < settings.rounds; round++) {
        app.push(await wrk(`${appUrl}${target.path}`, slice, target.headers));
        baseline.push(await wrk(`${bareUrl}${target.path}`, slice));
      }
      const appRate = mean(app.map((run) => run.perSecond));
      const bareRate = mean(baseline.map((run) => run.perSecond));
      const appCpu = cpuPerRequest(app);
      const bareCpu = cpuPerRequest(baseline);
      const failedApp = app.reduce((sum, run) => sum + run.failed, 0);
      const failedBare = baseline.reduce((sum, run) => sum + run.failed, 0);
      const failed = failedApp > 0 || failedBare > 0 ? `  (failed: app ${failedApp}, bare ${failedBare})` : '';
      const goal = target.target > 0 ? `≥ ${target.target}` : '(bare: 200 with the body)';
      console.log(
        `${target.label.padEnd(30)} ${String(bytes).padStart(6)} ${Math.round(appRate).toLocaleString('en').padStart(10)}` +
          ` ${Math.round(bareRate).toLocaleString('en').padStart(11)} ${(appRate / bareRate).toFixed(2).padStart(6)}` +
          ` ${appCpu.toFixed(1).padStart(11)} ${bareCpu.toFixed(1).padStart(12)} ${(bareCpu / appCpu).toFixed(2).padStart(10)}  ${goal}${failed}`,
      );
    }
  } finally {
    bare?.server.close();
    await projector.stop();
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

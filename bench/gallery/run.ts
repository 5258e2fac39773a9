/**
 * Gallery benchmark. Run with `npx tsx bench/gallery/run.ts`.
 *
 * 1. Gallery queries/s: GET /api/performers with attribute filters, at BENCH_CONNECTIONS (50)
 *    concurrent keep-alive connections for BENCH_SECONDS (5), against the real app (embedded
 *    adapters, demo data plus BENCH_PERFORMERS (300) generated approved performers), and the same
 *    load against a Koa hello-world started in the same process. The ratio is the figure
 *    (target ≥ 0.4): both run on the same machine, loaded by the same client code.
 * 2. Presence push latency: a performer switches online/offline over HTTP BENCH_SWITCHES (200)
 *    times; another client's socket times the 'performer:presence' push from the moment the
 *    PATCH is sent. p50 and p99 (target p99 < 100 ms).
 */
import { randomUUID } from 'node:crypto';
import { request, Agent, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { io as connect } from 'socket.io-client';
import { streams } from '@aura/contracts';
import { loadConfig } from '../../backend/platform/config/config';
import { createLogger } from '../../backend/platform/logging/logger';
import { startApi, startProjector, startWorker } from '../../backend/entry/roles';
import { openRuntime } from '../../backend/entry/runtime';
import { seedDemoOnce } from '../../backend/kernel/demo-seed';
import type { EventStore } from '../../backend/platform/eventstore/port';
import { deterministicId } from '../../backend/platform/ids';

const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  performers: Number(process.env.BENCH_PERFORMERS ?? 300),
  switches: Number(process.env.BENCH_SWITCHES ?? 200),
};

const queries = process.env.BENCH_QUERY
  ? [process.env.BENCH_QUERY]
  : [
      '/api/performers',
      '/api/performers?tab=online',
      '/api/performers?hairColor=Bionda',
      '/api/performers?category=Premium&bodyType=Snella',
      '/api/performers?specialFeatures=Tatuaggi,Piercing',
      '/api/performers?tab=offline&ethnicity=Latina&eyeColor=Marroni',
      '/api/performers?q=italiano',
    ];

/** Closed-loop load: each connection sends its next request when the previous answer arrived. */
async function load(port: number, paths: string[], seconds: number, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const get = (pathname: string) =>
    new Promise<void>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: pathname, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) done += 1;
          else failed += 1;
          resolve();
        });
      });
      req.on('error', () => {
        failed += 1;
        resolve();
      });
      req.end();
    });
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let i = worker; Date.now() < deadline; i++) await get(paths[i % paths.length]!);
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  return { perSecond: Math.round(done / elapsed), failed };
}

async function helloWorld(): Promise<{ port: number; server: Server }> {
  const koa = new Koa();
  koa.use((ctx) => {
    ctx.body = { hello: 'world' };
  });
  const server = koa.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, server };
}

async function seedPerformers(eventStore: EventStore, count: number) {
  const hair = ['Bionda', 'Mora', 'Castano', 'Rossa', 'Nera'];
  const eyes = ['Azzurri', 'Verdi', 'Marroni', 'Neri', 'Grigi'];
  const bodies = ['Snella', 'Atletica', 'Curvy', 'Plus Size'];
  const ethnicities = ['Caucasica', 'Latina', 'Asiatica', 'Africana', 'Mista'];
  const categories = ['Standard', 'Premium', 'VIP'] as const;
  const at = new Date().toISOString();
  for (let i = 0; i < count; i++) {
    const performerId = randomUUID();
    await eventStore.appendToStream(
      streams.performer(performerId),
      [
        {
          id: randomUUID(),
          type: 'PerformerRegistered',
          data: {
            performerId,
            username: `bench${i}`,
            email: `bench${i}@bench.local`,
            passwordHash: 'x',
            name: `Bench ${i}`,
            dateOfBirth: '1995-01-01',
            bio: null,
            rateUnits: 100 + (i % 10) * 50,
            languages: i % 2 ? ['Italiano'] : ['English', 'Italiano'],
            category: categories[i % 3],
            hairColor: hair[i % 5],
            eyeColor: eyes[(i * 7) % 5],
            bodyType: bodies[i % 4],
            ethnicity: ethnicities[(i * 3) % 5],
            height: 160 + (i % 30),
            specialFeatures: i % 3 === 0 ? ['Tatuaggi', 'Piercing'] : i % 3 === 1 ? ['Tatuaggi'] : [],
            image: '/demo/performers/1.svg',
            rating: 3 + (i % 20) / 10,
            signedContractAt: at,
            digitalSignature: null,
            registeredAt: at,
          },
        },
        { id: randomUUID(), type: 'PerformerVerified', data: { performerId, verifiedAt: at } },
        ...(i % 4 === 0
          ? [{ id: randomUUID(), type: 'PerformerWentOnline', data: { performerId, by: 'admin', at } }]
          : []),
      ],
      { expectedRevision: 'no_stream' },
    );
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aura-bench-gallery-'));
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
  const infra = runtime.infra;
  const api = await startApi(runtime, { serveFrontend: false });
  const projector = await startProjector(runtime);
  await startWorker(runtime);
  const hello = await helloWorld();
  try {
    await seedDemoOnce(infra.eventStore, () => new Date(), runtime.sides.commands);
    await seedPerformers(infra.eventStore, settings.performers);
    await projector.caughtUp();
    console.log(
      `gallery bench: ${settings.performers + 12} performers, ${settings.connections} connections, ${settings.seconds} s per run`,
    );

    // warm-up, then measure each side twice, alternating, and keep the best of each
    await load(api.port, queries, 1, settings.connections);
    await load(hello.port, ['/'], 1, settings.connections);
    const gallery = [];
    const baseline = [];
    for (let round = 0; round < 2; round++) {
      gallery.push(await load(api.port, queries, settings.seconds, settings.connections));
      baseline.push(await load(hello.port, ['/'], settings.seconds, settings.connections));
    }
    const best = (runs: { perSecond: number }[]) => Math.max(...runs.map((run) => run.perSecond));
    const galleryRate = best(gallery);
    const helloRate = best(baseline);
    console.log(
      `  gallery queries/s (filters): ${galleryRate}  (failed: ${gallery.reduce((sum, run) => sum + run.failed, 0)})`,
    );
    console.log(`  koa hello-world req/s:       ${helloRate}`);
    console.log(`  ratio: ${(galleryRate / helloRate).toFixed(2)}  (target >= 0.4)`);

    // presence push latency
    const base = `http://127.0.0.1:${api.port}`;
    const login = await fetch(`${base}/api/performer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'giulia.rossi', password: 'demo-performer' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const performerId = deterministicId('demo-performer:giulia.rossi');
    const watcher = connect(base, { transports: ['websocket'] });
    await new Promise<void>((resolve) => watcher.on('connect', () => resolve()));
    const latencies: number[] = [];
    for (let i = 0; i < settings.switches; i++) {
      const isOnline = i % 2 === 0;
      const started = performance.now();
      const pushed = new Promise<void>((resolve) => {
        const onPresence = (payload: { performerId: string; isOnline: boolean }) => {
          if (payload.performerId === performerId && payload.isOnline === isOnline) {
            watcher.off('performer:presence', onPresence);
            resolve();
          }
        };
        watcher.on('performer:presence', onPresence);
      });
      const response = await fetch(`${base}/api/performers/${performerId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ isOnline }),
      });
      if (response.status !== 200) throw new Error(`switch failed: ${response.status}`);
      await pushed;
      latencies.push(performance.now() - started);
    }
    watcher.close();
    latencies.sort((a, b) => a - b);
    console.log(
      `  online switch → push in another client (${settings.switches} switches): ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (target p99 < 100 ms)`,
    );
  } finally {
    hello.server.close();
    await projector.stop();
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

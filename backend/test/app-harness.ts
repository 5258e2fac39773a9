/**
 * Starts the whole backend (api + projector + worker) in this process on the embedded adapters,
 * on a free port, with its own temporary data folder: the HTTP API end to end, as `npm start` runs it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Clock } from '../platform/clock';
import { loadConfig } from '../platform/config/config';
import { GENEROUS_RATE_LIMITS } from './generous-rate-limits';
import { createLogger } from '../platform/logging/logger';
import type { Infrastructure } from '../kernel/module';
import type { AuditReport } from '../ledger';
import type { Realtime } from '../platform/realtime/realtime';
import { auditLog } from '../entry/ledger-audit-run';
import { startApi, startProjector, startWorker } from '../entry/roles';
import type { ProjectionRunner } from '../kernel/projections/runner';
import { openRuntime, type Runtime, type RuntimeOptions } from '../entry/runtime';
import { seedDemoOnce } from '../kernel/demo-seed';
import type { ImageNetwork } from '../platform/files/remote-image';
import { memoryImageNetwork } from './image-network';
import { testPasswords } from './test-passwords';

export interface TestApp {
  url: string;
  infra: Infrastructure;
  modules: Runtime['modules'];
  /** this process's Socket.IO: tests may watch connections (and drop them, as a network would) */
  realtime: Realtime;
  /** resolves once every read model has applied everything appended so far */
  settled(): Promise<void>;
  /**
   * resolves once nothing runs: no embedded job ready or running and every read model caught up
   * (what a test clock's `advance` set off is done; delayed jobs wait for their time)
   */
  quiet(): Promise<void>;
  /** the projector: a test may stop it, for a moment when the log is ahead of the read models */
  projector: ProjectionRunner;
  /** the business time this app runs on (the test's clock when it gave one) */
  clock: Clock;
  /** the superadmin, as the first start creates it */
  ensureSuperadmin(credentials: { username: string; password: string }): Promise<unknown>;
  /** `npm run ledger:audit` over this app's log, its read models compared as stored too */
  audit(): Promise<AuditReport>;
  /** the demo catalogue, as `SEED_DEMO` seeds it */
  seedDemo(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * (`GENEROUS_RATE_LIMITS`: backend/test/generous-rate-limits.ts.) Every test client signs in from
 * 127.0.0.1, so the admin lock per address is out of reach too (`ADMIN_ADDRESS_LOCK_AFTER_FAILURES: ''` restores it).
 */
export { GENEROUS_RATE_LIMITS };

/** The apps of this test file serving the frontend: a browser test's contexts earn a proof of age from each (test/browser/chromium.ts). */
export const servedFrontends = new Set<string>();

export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    serveFrontend?: boolean;
    /**
     * business time: a `createTestClock()` the test advances instead of sleeping (delayed jobs, the
     * session clock's minutes and windows, keys' expiry, rate-limit windows all wait on it)
     */
    clock?: Clock;
    /** the time only, its timers on the system's clock (older tests): prefer `clock` */
    now?: () => Date;
    extraModules?: RuntimeOptions['extraModules'];
    snapshotFaults?: RuntimeOptions['snapshotFaults'];
    imageNetwork?: ImageNetwork;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aura-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    RATE_LIMITS: GENEROUS_RATE_LIMITS,
    ADMIN_ADDRESS_LOCK_AFTER_FAILURES: '100000',
    SFU_ICE_ADDRESS: '127.0.0.1',
    PGLITE_INITDB_CACHE: process.env.PGLITE_INITDB_CACHE ?? '',
    ...env,
  });
  const logger = createLogger(process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'error');
  // pictures given as URLs are fetched from memory: tests reach no host but loopback
  const imageNetwork = options.imageNetwork ?? memoryImageNetwork();
  const runtime = await openRuntime(config, logger, {
    http: true,
    clock: options.clock,
    now: options.now,
    // argon2id at the least cost: tests register and sign in hundreds of times
    passwords: testPasswords,
    extraModules: options.extraModules,
    snapshotFaults: options.snapshotFaults,
    imageNetwork,
  });
  let running: ProjectionRunner | undefined;
  const api = await startApi(runtime, { serveFrontend: options.serveFrontend ?? false, projector: () => running });
  const url = `http://127.0.0.1:${api.port}`;
  if (options.serveFrontend) servedFrontends.add(url);
  const projector = (running = await startProjector(runtime));
  await startWorker(runtime);
  return {
    url: `http://127.0.0.1:${api.port}`,
    infra: runtime.infra,
    modules: runtime.modules,
    realtime: runtime.realtime,
    settled: () => projector.caughtUp(),
    async quiet() {
      // a job appends, the read models apply it, a reaction enqueues the next: three rounds settle a short chain
      for (let round = 0; round < 3; round++) {
        await runtime.infra.inProcessJobs?.idle();
        await projector.caughtUp();
      }
    },
    projector,
    clock: runtime.ports.clock,
    ensureSuperadmin: (credentials) => runtime.modules.commands!.admins.ensureSuperadmin(credentials),
    audit: () => auditLog(runtime, true),
    seedDemo: () => seedDemoOnce(runtime.ports.eventStore, runtime.ports.clock.now, runtime.sides.commands),
    async close() {
      servedFrontends.delete(url);
      await projector.stop();
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The proof-of-age cookie's name (backend/platform/age/proofs.ts), kept by the client below. */
const AGE_PROOF = 'aura_age';

/**
 * A proof of age for a test browser, earned as a person earns one (issue 39): the sandbox's check
 * through its routes, its assertion checked by the callback. Undefined when no sandbox runs
 * (AGE_VERIFICATION=off: nothing is asked).
 */
export async function sandboxAgeProof(baseUrl: string, sessionCookie?: string): Promise<string | undefined> {
  const started = await fetch(`${baseUrl}/api/age-verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(sessionCookie ? { cookie: sessionCookie } : {}) },
    body: '{}',
  });
  const { redirectUrl } = (await started.json()) as { redirectUrl?: string };
  const nonce = started.headers.getSetCookie().find((line) => line.startsWith('aura_age_nonce='));
  if (!redirectUrl?.startsWith('/api/age-verification/sandbox/') || !nonce) return undefined;
  const confirmed = await fetch(baseUrl + redirectUrl, { method: 'POST', redirect: 'manual' });
  const callback = await fetch(baseUrl + String(confirmed.headers.get('location')), {
    redirect: 'manual',
    headers: { cookie: [nonce.split(';')[0], sessionCookie].filter(Boolean).join('; ') },
  });
  const proof = callback.headers.getSetCookie().find((line) => line.startsWith(`${AGE_PROOF}=`));
  if (!proof) throw new Error(`The sandbox age check failed: ${callback.status}`);
  return proof.split(';')[0];
}

/**
 * A tiny cookie-keeping client over fetch, as a browser would be: its session cookie, and a proof of
 * age earned through the sandbox's check before its first request (again after a sign-out ended it),
 * unless `ageProof: false` (a browser that never verified its age).
 */
export function client(baseUrl: string, options: { ageProof?: boolean } = {}) {
  let cookie: string | undefined;
  let proof: string | undefined;
  let proofChecked = options.ageProof === false;
  const cookies = () => [cookie, proof].filter(Boolean).join('; ') || undefined;
  async function ready() {
    if (proofChecked) return;
    proofChecked = true;
    proof = await sandboxAgeProof(baseUrl);
  }
  async function call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
    await ready();
    const jar = cookies();
    const init: RequestInit = {
      method,
      headers: {
        ...(jar ? { cookie: jar } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    };
    const response = await fetch(baseUrl + route, init);
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      if (pair.startsWith(`${AGE_PROOF}=`)) {
        // a sign-out ended the proof: the next request earns a new one, as a person would check again
        proof = pair === `${AGE_PROOF}=` ? undefined : pair;
        proofChecked = options.ageProof === false || proof !== undefined;
      } else if (!pair.startsWith('aura_age_nonce=')) cookie = pair;
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json: json as Record<string, unknown>, text };
  }
  return {
    get: (route: string) => call('GET', route),
    post: (route: string, body?: unknown, headers?: Record<string, string>) => call('POST', route, body, headers),
    /** any method, with the cookie kept as for GET and POST */
    send: (method: string, route: string, body?: unknown, headers?: Record<string, string>) =>
      call(method, route, body, headers),
    /** the cookies a socket or a raw fetch of this browser sends: its session and its proof of age */
    cookie: cookies,
    /** the proof of age earned (before a socket opens with `cookie()`, when no request came first) */
    ready,
    setCookie: (value: string | undefined) => {
      cookie = value;
    },
  };
}

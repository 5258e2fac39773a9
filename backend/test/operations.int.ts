/**
 * The real all-in-one entry (`backend/entry/all.ts`) as an orchestrator sees it
 * (docs/architecture.md#operations): /livez answers from the start, /readyz says 503 `starting`
 * until the read models hold the log, then 200; METRICS_PORT serves the named metrics under route
 * templates and never an id, the public port no /metrics; SIGTERM with a slow request in flight
 * finishes that request, sends the sockets elsewhere and exits within 10 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';

const root = path.resolve(__dirname, '../..');
const ID_IN_PATH = '7d0c1b52-0000-4000-8000-00000000abcd';

interface Started {
  child: ChildProcess;
  /** the ports the process says it listens on */
  ports: () => { public?: number; metrics?: number };
  output: () => string;
}

function spawnAll(dataDir: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'backend/entry/all.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'admin-password',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      MONGO_URL: '',
      EVENTSTORE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const portOf = (message: string) => {
    const line = output.split('\n').find((each) => each.includes(`"msg":"${message}"`));
    return line ? (JSON.parse(line) as { port: number }).port : undefined;
  };
  return {
    child,
    output: () => output,
    ports: () => ({ public: portOf('listening'), metrics: portOf('metrics listening') }),
  };
}

async function until<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 90_000,
  everyMs = 10,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not in time`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const get = async (port: number, route: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`http://127.0.0.1:${port}${route}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

describe('the all-in-one process under an orchestrator', () => {
  let dataDir: string;
  let started: Started;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'aura-ops-'));
    started = spawnAll(dataDir);
  });
  afterAll(async () => {
    if (started.child.exitCode === null) started.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is live at once, ready once started, measured on its metrics port only, and drains on SIGTERM', async () => {
    const { child } = started;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const port = await until(() => started.ports().public, `the public port\n${started.output()}`);
    const metricsPort = await until(() => started.ports().metrics, 'the metrics port');

    // /livez answers while the adapters open; /readyz says starting until the read models hold the log
    expect((await get(port, '/livez')).status).toBe(200);
    const first = await get(port, '/readyz');
    expect(first.status).toBe(503);
    expect(JSON.parse(first.text)).toMatchObject({ status: 'starting' });
    const seen = new Set<number>([first.status]);
    await until(
      async () => {
        const { status } = await get(port, '/readyz');
        seen.add(status);
        return status === 200 ? true : undefined;
      },
      `ready\n${started.output()}`,
      90_000,
      50,
    );
    expect([...seen]).toEqual([503, 200]);
    expect(JSON.parse((await get(metricsPort, '/readyz')).text)).toMatchObject({
      status: 'ready',
      checks: { eventStore: { ok: true }, projections: { ok: true } },
    });

    // a few requests, one with an id in its path, one no route knows; an untrusted X-Request-Id is not taken
    expect((await get(port, '/api/packages')).status).toBe(200);
    const refused = await get(port, `/api/performers/${ID_IN_PATH}`, { 'X-Request-Id': 'client-made-id' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers.get('x-request-id')).not.toBe('client-made-id');
    expect(JSON.parse(refused.text)).toMatchObject({ requestId: refused.headers.get('x-request-id') });
    expect((await get(port, `/api/nowhere/${ID_IN_PATH}`)).status).toBe(404);
    expect((await get(port, '/metrics')).status).toBe(404);

    const metrics = (await get(metricsPort, '/metrics')).text;
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/packages",status="200"\} 1/,
    );
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/performers\/:id",status="\d+"\} 1/,
    );
    expect(metrics).toContain('route="unmatched",status="404"');
    expect(metrics).not.toContain(ID_IN_PATH);
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'aura_eventstore_append_duration_seconds_bucket',
      'aura_eventstore_events_per_append_bucket',
      'aura_projection_lag_events{projection=',
      'aura_projection_lag_seconds{projection=',
      'aura_jobs_waiting{kind=',
      'aura_jobs_running{kind=',
      'aura_jobs_failed{kind=',
      'aura_job_duration_seconds_bucket{',
      'aura_socketio_connections 0',
      'aura_private_sessions_running 0',
      'aura_billing_minute_lateness_seconds_bucket',
      'aura_payout_run_duration_seconds',
      'aura_process_ready 1',
    ])
      expect(metrics).toContain(name);

    // a socket, and a request whose body is still on its way when SIGTERM comes
    const socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    const socketGone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const body = JSON.stringify({
      username: 'slowpoke',
      email: 'slowpoke@example.com',
      password: 'secret-pass',
      sensitiveDataConsent: true,
    });
    const slow = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/register',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      slow.once('response', (response) => {
        response.resume();
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
      });
      slow.once('error', reject);
    });
    slow.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    // draining: not ready any more (the metrics port still answers), the public port takes no new connection
    await until(
      async () => ((await get(metricsPort, '/readyz')).status === 503 ? true : undefined),
      'not ready while draining',
      3_000,
    );
    expect(JSON.parse((await get(metricsPort, '/readyz')).text)).toMatchObject({ status: 'draining' });
    await expect(get(port, '/livez')).rejects.toThrow();
    // told to reconnect: its transport closed, not a final Socket.IO disconnect
    expect(await socketGone).toBe('transport close');
    socket.close();

    // the real drain of a real process: the request stays half-sent a while after SIGTERM, and must still be answered
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    slow.end(body.slice(10));
    const answer = await answered;
    expect(answer.status).toBe(201);
    expect(answer.connection).toBe('close');

    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(started.output()).toContain('"msg":"drained"');
  }, 150_000);
});

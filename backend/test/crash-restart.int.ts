/**
 * The all-in-one process killed (SIGKILL) in the middle of a registration load, then restarted on
 * the same data folder: no acknowledged registration is lost, every user has its welcome credit,
 * and the read models equal a full replay of the log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { streams } from '@aura/contracts';
import { createPgliteEventStore } from '../platform/eventstore/pglite';
import { evolveUser, type UserDoc } from '../projections/accounts/projection';
import { client, GENEROUS_RATE_LIMITS } from './app-harness';

const root = path.resolve(__dirname, '../..');

function startProcess(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'backend/entry/all.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'admin-password',
      LOG_LEVEL: 'error',
      RATE_LIMITS: GENEROUS_RATE_LIMITS,
      DATABASE_URL: '',
      REDIS_URL: '',
      MONGO_URL: '',
      EVENTSTORE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no start in time:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!.replace('localhost', '127.0.0.1') });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

const stopped = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

describe('crash and restart of the embedded process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'aura-crash-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged event and converges to a full replay', async () => {
    const first = await startProcess(dataDir);
    const acknowledged: { id: string; username: string; password: string }[] = [];
    let running = true;
    const writer = async (w: number) => {
      for (let i = 0; running; i++) {
        const body = {
          username: `crash${w}x${i}`,
          email: `crash${w}x${i}@example.com`,
          password: 'secret-pass',
          sensitiveDataConsent: true,
        };
        const answer = await client(first.url)
          .post('/api/register', body)
          .catch(() => undefined);
        if (answer?.status === 201)
          acknowledged.push({ id: answer.json.id as string, username: body.username, password: body.password });
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(writer));
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 50));
    first.child.kill('SIGKILL');
    await stopped(first.child);
    running = false;
    await writers;

    const second = await startProcess(dataDir);
    try {
      for (const user of acknowledged) {
        const login = await client(second.url).post('/api/login', { username: user.username, password: user.password });
        expect(login.status).toBe(200);
        expect(login.json).toMatchObject({ id: user.id, auracoinBalance: 10 });
      }
    } finally {
      second.child.kill('SIGTERM');
      await stopped(second.child);
    }

    // full replay of the log, read straight from the store the process left behind
    const store = await createPgliteEventStore({ dataDir: path.join(dataDir, 'eventstore') });
    try {
      const all = await store.readAll();
      const replayed = new Map<string, UserDoc | null>();
      for (const event of all) {
        const id =
          (event.data as { userId?: string; walletId?: string }).userId ??
          (event.data as { walletId?: string }).walletId;
        if (!id || !['UserRegistered', 'AuracoinCredited'].includes(event.type)) continue;
        replayed.set(
          id,
          evolveUser(replayed.get(id) ?? null, { type: event.type, data: event.data } as Parameters<
            typeof evolveUser
          >[1]),
        );
      }
      const registered = all.filter((e) => e.type === 'UserRegistered');
      expect(registered.length).toBeGreaterThanOrEqual(acknowledged.length);
      for (const event of registered) {
        const userId = (event.data as { userId: string }).userId;
        const wallet = await store.readStream(streams.wallet(userId));
        expect(wallet.filter((e) => e.type === 'AuracoinCredited')).toHaveLength(1);
        expect(replayed.get(userId)?.balanceUnits).toBe(1000);
      }
    } finally {
      await store.close();
    }
    // two process starts and forty password hashes: a minute is not always enough on a busy 2-core machine
  }, 120_000);
});

/**
 * 200 private sessions running on a shortened billing clock (a "minute" of 2 s) in the all-in-one
 * process on PostgreSQL (in-process minute jobs, in-memory presence), the process SIGKILLed in the
 * middle of the billing and restarted, twice. After each restart the in-process runner has lost
 * every delayed minute job and every presence: it must recover the open sessions from the log.
 *
 * Two thirds of the sessions have pages that come back after each restart (their sockets rejoin:
 * the media went on, peer to peer); the other third never come back (their media stopped with the
 * crash) and must be ended by the grace period with the minutes started before. Some users run out
 * of money ('Saldo esaurito'), a few end before the minimum, the rest are ended at the end by one
 * party or the other. Then: every session ended; its billed minutes are the minutes it was open
 * (minutes 1..n once each, n = the started minutes between its start and its end); no wallet is
 * negative or still holds anything; and `npm run ledger:audit` on the same store passes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { auracoinToUnits, sessionStreams, streams, type EventDataOf } from '@aura/contracts';
import { foldWallet } from '../ledger';
import { createPostgresEventStore } from '../platform/eventstore/postgres';
import type { EventStore } from '../platform/eventstore/port';
import { createSessionManager } from '../platform/http/session';
import { newId } from '../platform/ids';
import { createMemoryKeyValueStore } from '../platform/kv/memory';
import { handleWallet } from '../ledger/wallet/wallet';
import { registerUser } from '../commands/accounts/register';
import { decideCreateByAdmin, handlePerformer } from '../commands/performers/performer';
import { decideAdjustBalance } from '../ledger/wallet/adjust';
import { client, GENEROUS_RATE_LIMITS } from './app-harness';
import { freePort, joinSession, scratchDatabase, socketFor, type Http } from './session-helpers';

const root = path.resolve(__dirname, '../..');
const SESSIONS = Number(process.env.CRASH_SESSIONS ?? 200);
const MINUTE_MS = 4_000;
/**
 * The real grace period. After a restart it runs from the moment the process found the pages gone
 * (it was up again), not from the crash: a restart on a loaded machine (5–70 s here, replaying the
 * log since the last snapshot) does not end sessions whose pages come back right after it.
 */
const GRACE_MS = 30_000;
const SECRET = 'sessions-crash-test-secret-0123456789abcdef';

const databaseUrl = process.env.DATABASE_URL;
const describeWithPostgres = databaseUrl ? describe : describe.skip;
if (!databaseUrl) process.stdout.write('\n[skip] sessions crash test: no DATABASE_URL (PostgreSQL) set\n');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface AppProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<unknown>;
  /** its read models caught up ("running at"); the port answers before that, as a restarted process does */
  ready: Promise<void>;
}

function appEnv(url: string, dataDir: string, port = 0) {
  return {
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'admin-password',
    RATE_LIMITS: GENEROUS_RATE_LIMITS,
    LOG_LEVEL: process.env.CRASH_LOG_LEVEL ?? 'error',
    REDIS_URL: '',
    MONGO_URL: '',
    EVENTSTORE_URL: '',
    SESSION_SECRET: SECRET,
    BILLING_MINUTE_MS: String(MINUTE_MS),
    SESSION_RECONNECT_GRACE_MS: String(GRACE_MS),
    SESSION_REQUEST_TIMEOUT_MS: '120000',
  };
}

/** The all-in-one process on the same port each time (pages reconnect to the address they know). */
function startProcess(url: string, dataDir: string, port: number): AppProcess {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'backend/entry/all.ts')], {
    cwd: root,
    env: appEnv(url, dataDir, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no start in time:\n${output}`)), 180_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        process.stdout.write(
          `[sessions crash] process caught up in ${((Date.now() - spawnedAt) / 1000).toFixed(1)} s\n`,
        );
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    if (process.env.CRASH_LOG_FILE) {
      const log = process.env.CRASH_LOG_FILE;
      child.stdout!.on('data', (chunk: Buffer) => appendFileSync(log, chunk));
      child.stderr!.on('data', (chunk: Buffer) => appendFileSync(log, chunk));
    }
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  // a kill rejects it: nobody may be waiting then
  ready.catch(() => undefined);
  return { child, url: `http://127.0.0.1:${port}`, exited, ready };
}

/** `npm run ledger:audit` against the same store and data folder, as an operator runs it. */
function ledgerAudit(url: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'backend/entry/ledger-audit.ts')], {
    cwd: root,
    env: appEnv(url, dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

interface Pair {
  index: number;
  userId: string;
  performerId: string;
  userCookie: string;
  performerCookie: string;
  sessionId?: string;
  /** its pages come back after a restart */
  returns: boolean;
  sockets: Socket[];
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

describeWithPostgres('sessions: the process SIGKILLed twice while 200 sessions are billed', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let url: string;
  let store: EventStore;
  let dataDir: string;
  let port: number;
  let app: AppProcess | undefined;
  const pairs: Pair[] = [];

  beforeAll(async () => {
    database = await scratchDatabase(databaseUrl!, 'aura_sessions_crash');
    url = database.url;
    store = await createPostgresEventStore({ connectionString: url });
    dataDir = await mkdtemp(path.join(tmpdir(), 'aura-sessions-crash-'));
    port = await freePort();
  });
  afterAll(async () => {
    for (const pair of pairs) for (const socket of pair.sockets) socket.close();
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGKILL');
      await app.exited;
    }
    await store?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** The accounts, written through the modules' own commands (one password hash for all: no argon2 per account). */
  async function seed() {
    const now = () => new Date();
    const tokens = createSessionManager({ secret: SECRET, secure: false, revocations: createMemoryKeyValueStore() });
    const passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$unused-in-this-test';
    const adminId = newId();
    await inBatches(
      Array.from({ length: SESSIONS }, (_, index) => index),
      25,
      async (index) => {
        const tag = `${Date.now().toString(36)}x${index}`;
        const { userId } = await registerUser(
          { eventStore: store, now, hashPassword: async () => passwordHash },
          { username: `crash${tag}`, email: `crash${tag}@example.com`, password: 'unused', sensitiveDataConsent: true },
          {},
        );
        // every 5th user can pay a few minutes only (6 at 1.5, 9 at 1): the session ends by itself ('Saldo esaurito')
        const balance = index % 5 === 4 ? 9 : 100;
        await handleWallet(store, streams.wallet(userId), (state) =>
          decideAdjustBalance({ walletId: userId, targetUnits: auracoinToUnits(balance), adminId }, state, now()),
        );
        const performerId = newId();
        await handlePerformer(store, streams.performer(performerId), (state) =>
          decideCreateByAdmin(
            {
              performerId,
              adminId,
              username: null,
              email: null,
              passwordHash: null,
              name: `Crash ${index}`,
              age: 25,
              image: '/demo/performers/1.svg',
              rating: null,
              rateUnits: index % 2 === 0 ? 100 : 150,
              languages: ['Italiano'],
              category: null,
              bio: null,
            },
            state,
            now(),
            true,
          ),
        );
        const cookie = (sub: string, kind: 'user' | 'performer') => `aura_session=${tokens.issue({ sub, kind }).token}`;
        pairs.push({
          index,
          userId,
          performerId,
          userCookie: cookie(userId, 'user'),
          performerCookie: cookie(performerId, 'performer'),
          returns: index % 3 !== 0,
          sockets: [],
        });
      },
    );
    pairs.sort((a, b) => a.index - b.index);
  }

  /** a client of this run's process, signed in with the account's session cookie */
  const at = (base: string, cookie: string): Http => {
    const bound = client(base);
    bound.setCookie(cookie);
    return bound;
  };

  /** A page coming back: it reconnects (retrying while the process starts, as Socket.IO does) and rejoins. */
  async function join(base: string, pair: Pair) {
    for (const [party, cookie] of [
      ['user', pair.userCookie],
      ['performer', pair.performerCookie],
    ] as const) {
      let socket: Socket | undefined;
      for (const deadline = Date.now() + 90_000; !socket;) {
        socket = await socketFor(base, at(base, cookie)).catch(async (error: unknown) => {
          if (Date.now() > deadline) throw error;
          await sleep(250);
          return undefined;
        });
      }
      pair.sockets.push(socket);
      const answer = await joinSession(socket, pair.sessionId!);
      if (!answer.ok && answer.error !== 'not_running')
        throw new Error(`${party} of session ${pair.index} could not rejoin: ${JSON.stringify(answer)}`);
    }
  }

  function dropSockets() {
    for (const pair of pairs) {
      for (const socket of pair.sockets) socket.close();
      pair.sockets = [];
    }
  }

  async function billedSoFar() {
    const events = await store.readAll();
    return events.filter((event) => event.type === 'SessionMinuteBilled').length;
  }

  /** SIGKILL while minutes are being billed: waits until the count moved in the last moment, then kills. */
  async function killMidBilling(running: AppProcess) {
    const before = await billedSoFar();
    for (let i = 0; i < 100; i++) {
      await sleep(100);
      if ((await billedSoFar()) > before) break;
    }
    running.child.kill('SIGKILL');
    await running.exited;
    expect(running.child.signalCode).toBe('SIGKILL');
  }

  it('bills every session exactly the minutes it was open, leaves no wallet negative, and the ledger audit passes', async () => {
    const started = Date.now();
    await seed();
    process.stdout.write(
      `\n[sessions crash] seeded ${SESSIONS} users and performers in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );

    // run 1: every session requested, joined and accepted
    app = startProcess(url, dataDir, port);
    await app.ready;
    const base1 = app.url;
    await inBatches(pairs, 40, async (pair) => {
      const requested = await at(base1, pair.userCookie).post('/api/sessions', { performerId: pair.performerId });
      if (requested.status !== 201) throw new Error(`request ${pair.index}: ${requested.status} ${requested.text}`);
      pair.sessionId = requested.json.id as string;
      const userSocket = await socketFor(base1, at(base1, pair.userCookie));
      pair.sockets.push(userSocket);
      expect(await joinSession(userSocket, pair.sessionId)).toMatchObject({ ok: true });
      const accepted = await at(base1, pair.performerCookie).post(`/api/sessions/${pair.sessionId}/accept`);
      if (accepted.status !== 200) throw new Error(`accept ${pair.index}: ${accepted.status} ${accepted.text}`);
      const performerSocket = await socketFor(base1, at(base1, pair.performerCookie));
      pair.sockets.push(performerSocket);
      expect(await joinSession(performerSocket, pair.sessionId)).toMatchObject({ ok: true });
    });
    process.stdout.write(
      `[sessions crash] ${SESSIONS} sessions running after ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    // a few users leave before the minimum: the rest of it is charged
    // (here and below: a real server process bills its minutes, MINUTE_MS, in real time between the crashes)
    await sleep(MINUTE_MS);
    const early = pairs.filter((pair) => pair.index % 25 === 2);
    for (const pair of early) {
      const ended = await at(base1, pair.userCookie).post(`/api/sessions/${pair.sessionId!}/end`);
      expect([pair.index, ended.status, ended.text]).toEqual([pair.index, 200, expect.any(String)]);
    }
    await sleep(MINUTE_MS);
    await killMidBilling(app);
    dropSockets();
    const firstKill = await billedSoFar();
    process.stdout.write(`[sessions crash] first kill after ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    // run 2: the pages that come back rejoin; the others are gone for good
    app = startProcess(url, dataDir, port);
    const base2 = app.url;
    await Promise.all([
      app.ready,
      inBatches(
        pairs.filter((pair) => pair.returns),
        40,
        (pair) => join(base2, pair),
      ),
    ]);
    process.stdout.write(`[sessions crash] rejoined after ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    await sleep(2 * MINUTE_MS);
    await killMidBilling(app);
    dropSockets();
    const secondKill = await billedSoFar();
    process.stdout.write(`[sessions crash] second kill after ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    // run 3: back again; then every session still running is ended by one party or the other
    app = startProcess(url, dataDir, port);
    const base3 = app.url;
    await Promise.all([
      app.ready,
      inBatches(
        pairs.filter((pair) => pair.returns),
        40,
        (pair) => join(base3, pair),
      ),
    ]);
    await sleep(MINUTE_MS);
    await inBatches(
      pairs.filter((pair) => pair.returns),
      20,
      async (pair) => {
        const http = at(base3, pair.index % 2 === 0 ? pair.userCookie : pair.performerCookie);
        const ended = await http.post(`/api/sessions/${pair.sessionId!}/end`);
        // 409: it ended by itself already (out of money)
        expect([pair.index, ended.status === 409 ? 200 : ended.status, ended.text]).toEqual([
          pair.index,
          200,
          expect.any(String),
        ]);
      },
    );
    // the sessions whose pages never came back end by the grace period
    const deadline = Date.now() + GRACE_MS + 30_000;
    for (;;) {
      const events = await store.readAll();
      const ended = new Set(
        events
          .filter((event) => event.type === 'SessionEnded')
          .map((event) => (event.data as { sessionId: string }).sessionId),
      );
      if (pairs.every((pair) => ended.has(pair.sessionId!))) break;
      if (Date.now() > deadline)
        throw new Error(`${pairs.filter((pair) => !ended.has(pair.sessionId!)).length} sessions never ended`);
      await sleep(250);
    }
    dropSockets();
    app.child.kill('SIGTERM');
    await app.exited;

    // every session: minutes 1..n billed once each, n = its started minutes, as its end records
    const events = await store.readAll();
    const reasons = new Map<string, number>();
    const endOf = (pair: Pair) =>
      events.find(
        (event) => event.type === 'SessionEnded' && event.streamId === sessionStreams.session(pair.sessionId!),
      )!.data as EventDataOf<'SessionEnded'>;
    for (const pair of pairs) {
      const session = events.filter((event) => event.streamId === sessionStreams.session(pair.sessionId!));
      const start = session.find((event) => event.type === 'SessionStarted')!.data as EventDataOf<'SessionStarted'>;
      const end = session.find((event) => event.type === 'SessionEnded')!.data as EventDataOf<'SessionEnded'>;
      const minutes = events
        .filter(
          (event) =>
            event.type === 'SessionMinuteBilled' && (event.data as { sessionId: string }).sessionId === pair.sessionId,
        )
        .map((event) => (event.data as { minute: number }).minute);
      const open = Math.ceil((Date.parse(end.endedAt) - Date.parse(start.startedAt)) / MINUTE_MS);
      expect({ session: pair.index, minutes, recorded: end.minutesBilled }).toEqual({
        session: pair.index,
        minutes: Array.from({ length: open }, (_, i) => i + 1),
        recorded: open,
      });
      if (!pair.returns)
        expect([pair.index, end.reason]).toEqual([
          pair.index,
          expect.stringMatching(/disconnected|balance_exhausted|user_ended/),
        ]);
      reasons.set(end.reason, (reasons.get(end.reason) ?? 0) + 1);
      const wallet = foldWallet(events.filter((event) => event.streamId === streams.wallet(pair.userId)));
      expect([pair.index, wallet.balance >= 0, wallet.held]).toEqual([pair.index, true, 0]);
    }
    const shortOfMoney = pairs
      .filter((p) => p.index % 5 === 4)
      .map((p) => [p.index, endOf(p).reason, endOf(p).minutesBilled]);
    process.stdout.write(
      `[sessions crash] ends: ${JSON.stringify(Object.fromEntries(reasons))}; ` +
        `short of money: ${JSON.stringify(shortOfMoney)}\n`,
    );
    const dropped = pairs.find((pair) => pair.returns && /disconnected/.test(endOf(pair).reason));
    if (dropped) {
      const trail = events
        .filter((event) => event.streamId === sessionStreams.session(dropped.sessionId!))
        .map((event) => `${event.type} ${JSON.stringify(event.data).slice(0, 200)}`);
      process.stdout.write(
        `[sessions crash] a returning session that ended for a drop (#${dropped.index}):\n  ${trail.join('\n  ')}\n`,
      );
    }
    expect(reasons.get('balance_exhausted')).toBeGreaterThan(0);
    expect(reasons.get('user_ended')).toBeGreaterThan(0);
    expect(reasons.get('performer_ended')).toBeGreaterThan(0);
    expect((reasons.get('user_disconnected') ?? 0) + (reasons.get('performer_disconnected') ?? 0)).toBeGreaterThan(0);

    const audit = await ledgerAudit(url, dataDir);
    const billed = events.filter((event) => event.type === 'SessionMinuteBilled').length;
    process.stdout.write(
      `[sessions crash] killed at ${firstKill} and ${secondKill} billed minutes; ${billed} in all; ends: ${JSON.stringify(Object.fromEntries(reasons))}; ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s\n` +
        `[sessions crash] ledger:audit exit ${audit.code}: ${audit.output.trim().split('\n').slice(-3).join(' | ')}\n`,
    );
    expect([audit.code, audit.output]).toEqual([0, expect.any(String)]);
  }, 420_000);
});

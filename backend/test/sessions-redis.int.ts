/**
 * Private sessions on Redis (BullMQ minute jobs, Redis presence and Socket.IO adapter), against a
 * redis-server this test starts on a free port of its own, so it can restart it empty in the middle
 * of a session (SHUTDOWN NOSAVE: every delayed job and presence key is gone) without touching
 * anyone else's Redis. Skipped when no `redis-server` binary is on the PATH.
 *
 * After the restart the worker's sweep finds the session overdue and ticks it; the minutes that
 * waited for the lost presence are billed once the pages refresh it (their sockets never dropped);
 * nothing is billed twice, no minute is skipped, and the session is not ended for a drop.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { sessionStreams, streams } from '@aura/contracts';
import { foldWallet } from '../ledger';
import { startTestApp, type TestApp } from './app-harness';
import { superadminClient } from './admin-session';
import {
  freePort,
  fundedUser,
  joinSession,
  onlinePerformer,
  socketFor,
  waitForSession,
  type Http,
} from './session-helpers';
import { startRedisServer } from './replica-processes';

const MINUTE_MS = 500;
/** longer than a page's presence refresh (5 s), so a lost presence key is found again before it ends the session */
const GRACE_MS = 12_000;

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
const describeWithRedis = hasRedis ? describe : describe.skip;
if (!hasRedis) process.stdout.write('\n[skip] sessions on Redis: no redis-server on the PATH\n');

const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

describeWithRedis('private sessions on Redis', () => {
  let port: number;
  let redis: ChildProcess;
  let app: TestApp;
  let admin: Http;
  let inspect: Redis;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedisServer(port);
    inspect = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 });
    app = await startTestApp({
      REDIS_URL: `redis://127.0.0.1:${port}/0`,
      BILLING_MINUTE_MS: String(MINUTE_MS),
      SESSION_RECONNECT_GRACE_MS: String(GRACE_MS),
      SESSION_REQUEST_TIMEOUT_MS: '5000',
    });
    admin = await superadminClient(app);
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.close();
    inspect?.disconnect();
    if (redis) {
      redis.kill('SIGTERM');
      await exited(redis);
    }
  });

  async function running() {
    const performer = await onlinePerformer(app.url, admin, { rate: 1 });
    const user = await fundedUser(app, admin, 200);
    const requested = await user.http.post('/api/sessions', { performerId: performer.id });
    expect(requested.status).toBe(201);
    const sessionId = requested.json.id as string;
    const userSocket = await socketFor(app.url, user.http);
    sockets.push(userSocket);
    expect(await joinSession(userSocket, sessionId)).toMatchObject({ ok: true });
    expect((await performer.http.post(`/api/sessions/${sessionId}/accept`)).status).toBe(200);
    const performerSocket = await socketFor(app.url, performer.http);
    sockets.push(performerSocket);
    expect(await joinSession(performerSocket, sessionId)).toMatchObject({ ok: true });
    return { performer, user, sessionId };
  }

  async function billedMinutes(userId: string) {
    const events = await app.infra.eventStore.readStream(streams.wallet(userId));
    return events.filter((e) => e.type === 'SessionMinuteBilled').map((e) => (e.data as { minute: number }).minute);
  }

  it('bills the minutes through delayed BullMQ jobs, one per minute, named by the session', async () => {
    expect(app.infra.jobs.adapter).toBe('bullmq');
    const { user, sessionId } = await running();
    await waitForSession(user.http, sessionId, (view) => view.minutesBilled >= 3);
    const keys = await inspect.keys(`bull:session.tick:*${sessionId}*`);
    const minuteJobs = keys.filter((key) => /minute%3A\d+$/.test(key));
    expect(minuteJobs.length).toBeGreaterThanOrEqual(2);
    expect((await user.http.post(`/api/sessions/${sessionId}/end`)).status).toBe(200);
  });

  it('a Redis restarted empty mid-session bills no minute twice, skips none and does not end the session', async () => {
    const { performer, user, sessionId } = await running();
    await waitForSession(user.http, sessionId, (view) => view.minutesBilled >= 2);
    await inspect.set('before-restart', '1');
    await inspect.call('shutdown', 'nosave').catch(() => undefined);
    await exited(redis);
    // a real outage of a real process: the sweep and the pages meet no Redis for a while before it comes back empty
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    redis = await startRedisServer(port);
    expect(await inspect.exists('before-restart')).toBe(0);
    const before = (await waitForSession(user.http, sessionId, () => true)).minutesBilled;
    // billing goes on: the sweep ticks it, the pages' presence comes back without a rejoin
    const later = await waitForSession(
      performer.http,
      sessionId,
      (view) => view.minutesBilled >= before + 4 && !view.counterpartAway,
      20_000,
    );
    expect(later.status).toBe('active');
    const sessionEvents = (await app.infra.eventStore.readStream(sessionStreams.session(sessionId))).map((e) => e.type);
    // whichever party the clock found without presence was marked away and came back by itself
    expect(sessionEvents.filter((type) => type === 'SessionPartyReturned')).toHaveLength(
      sessionEvents.filter((type) => type === 'SessionPartyLeft').length,
    );
    const ended = await user.http.post(`/api/sessions/${sessionId}/end`);
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({ endReason: 'user_ended' });
    const minutes = ended.json.minutesBilled as number;
    expect(minutes).toBe(
      Math.ceil((Date.parse(ended.json.endedAt as string) - Date.parse(ended.json.startedAt as string)) / MINUTE_MS),
    );
    expect(await billedMinutes(user.id)).toEqual(Array.from({ length: minutes }, (_, index) => index + 1));
    expect(foldWallet(await app.infra.eventStore.readStream(streams.wallet(user.id)))).toMatchObject({
      balance: 20_000 - minutes * 100,
      held: 0,
    });
    await app.settled();
    const audit = await app.audit();
    expect(audit.problems).toEqual([]);
  }, 60_000);
});

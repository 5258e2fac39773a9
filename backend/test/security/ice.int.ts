/**
 * Issue 19, item 1: TURN credentials go only to the two parties of an accepted, running session,
 * and live no longer than it can still run plus a minute (at most 10 minutes). A request, a
 * declined, expired or ended session gets a 409 and nothing that opens the relay.
 */
import type { IceConfig } from '@aura/contracts';
import { createTestClock } from '../../platform/clock';
import { startTestApp, type TestApp } from '../app-harness';
import { superadminClient } from '../admin-session';
import { advanceUntilSession, fundedUser, onlinePerformer, type Http } from '../session-helpers';

const TURN_SECRET = 'ice-int-test-secret-0123456789';
/** business time: the request's expiry is advanced, and credentials' lifetimes are read against it */
const clock = createTestClock();
let app: TestApp;
let admin: Http;

beforeAll(async () => {
  app = await startTestApp(
    {
      BILLING_MINUTE_MS: '60000',
      SESSION_REQUEST_TIMEOUT_MS: '60000',
      ICE_SERVERS: JSON.stringify([{ urls: ['turn:127.0.0.1:3478?transport=udp'] }]),
      TURN_SECRET,
    },
    { clock },
  );
  admin = await superadminClient(app);
});
afterAll(async () => {
  await app.close();
});

async function refused(http: Http, sessionId: string) {
  const answer = await http.get(`/api/sessions/${sessionId}/ice`);
  expect(answer.status).toBe(409);
  expect(answer.headers.get('content-type')).toContain('application/problem+json');
  expect(answer.json.detail).toMatch(/La sessione non è in corso/);
  expect(JSON.stringify(answer.json)).not.toMatch(/credential|username/i);
}

/** The TURN username's expiry (unix seconds) and the answer's expiresAt agree; the TTL from now, in seconds. */
function ttlOf(ice: IceConfig, askedAtMs: number): number {
  const turn = ice.iceServers.find((server) => server.username);
  const expiry = Number(turn!.username!.split(':')[0]);
  expect(Date.parse(ice.expiresAt!)).toBe(expiry * 1000);
  return expiry - askedAtMs / 1000;
}

describe('ICE credentials', () => {
  it('refuses a request, gives a running session credentials cut to its paid time, refuses it once ended', async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: 1 });
    // 6 auracoin at 1 a minute: six minutes in all
    const user = await fundedUser(app, admin, 6);
    const requested = await user.http.post('/api/sessions', { performerId: performer.id });
    expect(requested.status).toBe(201);
    const sessionId = requested.json.id as string;
    await refused(user.http, sessionId);
    await refused(performer.http, sessionId);

    const acceptedAt = clock.nowMs();
    expect((await performer.http.post(`/api/sessions/${sessionId}/accept`)).status).toBe(200);
    // (whether minute 1 is billed yet or not: six minutes from the start)
    for (const http of [user.http, performer.http]) {
      const askedAt = clock.nowMs();
      const answer = await http.get(`/api/sessions/${sessionId}/ice`);
      expect(answer.status).toBe(200);
      const ice = answer.json as unknown as IceConfig;
      expect(ice.iceTransportPolicy).toBe('relay');
      const ttl = ttlOf(ice, askedAt);
      // it can run until six minutes after its start; a minute's margin on top
      const paidLeft = (acceptedAt + 6 * 60_000 - askedAt) / 1000;
      expect(ttl).toBeLessThanOrEqual(paidLeft + 60 + 2);
      expect(ttl).toBeGreaterThan(paidLeft + 60 - 5);
      expect(ttl).toBeLessThanOrEqual(600);
    }

    expect((await user.http.post(`/api/sessions/${sessionId}/end`)).status).toBe(200);
    await refused(user.http, sessionId);
    await refused(performer.http, sessionId);
  });

  it('never lives more than 10 minutes, however long the session can run', async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: 1 });
    const user = await fundedUser(app, admin, 500);
    const sessionId = (await user.http.post('/api/sessions', { performerId: performer.id })).json.id as string;
    expect((await performer.http.post(`/api/sessions/${sessionId}/accept`)).status).toBe(200);
    const askedAt = clock.nowMs();
    const answer = await user.http.get(`/api/sessions/${sessionId}/ice`);
    expect(answer.status).toBe(200);
    const ttl = ttlOf(answer.json as unknown as IceConfig, askedAt);
    expect(ttl).toBeLessThanOrEqual(600);
    expect(ttl).toBeGreaterThan(590);
    await user.http.post(`/api/sessions/${sessionId}/end`);
  });

  it('refuses a declined request and an expired one', async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: 1 });
    const user = await fundedUser(app, admin, 50);
    const declined = (await user.http.post('/api/sessions', { performerId: performer.id })).json.id as string;
    expect((await performer.http.post(`/api/sessions/${declined}/decline`)).status).toBe(200);
    await refused(user.http, declined);
    await refused(performer.http, declined);

    const expiring = (await user.http.post('/api/sessions', { performerId: performer.id })).json.id as string;
    await advanceUntilSession(app, clock, user.http, expiring, (view) => view.status === 'expired', {
      stepMs: 10_000,
      withinMs: 120_000,
    });
    await refused(user.http, expiring);
    await refused(performer.http, expiring);
  });
});

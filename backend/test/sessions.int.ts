/**
 * Private sessions over the HTTP API and Socket.IO, on the embedded stack with a shortened billing
 * clock (a "minute" of 400 ms) on a test clock the tests advance: request, accept, minutes billed by
 * the worker, the minimum, ends, authorisation of every route, bad input changing nothing,
 * signalling between the parties only.
 */
import type { Socket } from 'socket.io-client';
import { performerStreams, streams, type SessionView } from '@aura/contracts';
import { foldWallet } from '../ledger';
import { createTestClock } from '../platform/clock';
import { client, startTestApp, type TestApp } from './app-harness';
import { fund, logLength, send, superadminClient, userClient } from './admin-session';
import {
  advanceUntilSession,
  fundedUser,
  joinSession,
  onlinePerformer,
  socketFor,
  waitForSession,
  type Http,
} from './session-helpers';

const MINUTE_MS = 400;
const GRACE_MS = 700;
const TIMEOUT_MS = 1_500;

const clock = createTestClock();
let app: TestApp;
let admin: Http;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await startTestApp(
    {
      BILLING_MINUTE_MS: String(MINUTE_MS),
      SESSION_RECONNECT_GRACE_MS: String(GRACE_MS),
      SESSION_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS),
    },
    { clock },
  );
  admin = await superadminClient(app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
});

async function open(http: Http): Promise<Socket> {
  const socket = await socketFor(app.url, http);
  sockets.push(socket);
  return socket;
}

/** The log's length, leaving out what running sessions append by themselves (minutes billed, her shares). */
async function quietLogLength(...running: string[]) {
  const events = await app.infra.eventStore.readAll();
  const ofRunning = (event: { type: string; data: unknown }) => {
    const data = event.data as { sessionId?: string; reference?: string; sourceId?: string };
    return running.some((id) => data.sessionId === id || data.reference === id || data.sourceId?.startsWith(id));
  };
  return events.filter((event) => !ofRunning(event)).length;
}

async function auditProblems() {
  await app.settled();
  const audit = await app.audit();
  return audit.problems;
}

async function wallet(userId: string) {
  return foldWallet(await app.infra.eventStore.readStream(streams.wallet(userId)));
}

async function earnedCents(performerId: string) {
  const events = await app.infra.eventStore.readStream(performerStreams.earnings(performerId));
  return events.reduce((sum, event) => sum + ((event.data as { shareCents?: number }).shareCents ?? 0), 0);
}

/** A user with a session page open and a performer who accepted: the session is running. */
async function running(options: { rate?: number; auracoin?: number } = {}) {
  const performer = await onlinePerformer(app.url, admin, { rate: options.rate ?? 2 });
  const user = await fundedUser(app, admin, options.auracoin ?? 100);
  const requested = await user.http.post('/api/sessions', { performerId: performer.id });
  expect(requested.status).toBe(201);
  const sessionId = requested.json.id as string;
  const userSocket = await open(user.http);
  expect(await joinSession(userSocket, sessionId)).toMatchObject({ ok: true, role: 'user' });
  const accepted = await performer.http.post(`/api/sessions/${sessionId}/accept`);
  expect(accepted.status).toBe(200);
  const performerSocket = await open(performer.http);
  expect(await joinSession(performerSocket, sessionId)).toMatchObject({ ok: true, role: 'performer' });
  return { performer, user, sessionId, userSocket, performerSocket, accepted: accepted.json as unknown as SessionView };
}

describe('a private session from request to end', () => {
  it('holds the minimum, shows her only the chosen identity, bills per started minute, charges the rest of the minimum if the user ends early', async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: 2.5 });
    const user = await fundedUser(app, admin, 40);
    const alias = await user.http.post(`/api/users/${user.id}/aliases`, { aliasName: 'Zorro', price: 50 });
    // 40 auracoin cannot buy an alias (50): he buys 50 more, then the alias, and has 40 purchased auracoin left
    expect(alias.status).toBe(400);
    await fund(app, user.id, 50);
    const bought = await user.http.post(`/api/users/${user.id}/aliases`, { aliasName: 'Zorro', price: 50 });
    expect(bought.status).toBe(201);
    const aliasId = bought.json.id as string;

    const requested = await user.http.post('/api/sessions', { performerId: performer.id, aliasId });
    expect(requested.status).toBe(201);
    expect(requested.json).toMatchObject({
      status: 'requested',
      ratePerMinute: 2.5,
      minimumMinutes: 5,
      minimumAuracoin: 12.5,
      costAuracoin: 0,
      minutesBilled: 0,
      role: 'user',
    });
    expect(requested.json.identity).toEqual({ id: aliasId, displayName: 'Zorro' });
    const sessionId = requested.json.id as string;
    expect((await wallet(user.id)).held).toBe(1250);

    // her side: the request, live and listed, names the alias only
    const listed = await performer.http.get('/api/sessions');
    expect(listed.status).toBe(200);
    const text = listed.text + (await performer.http.get(`/api/sessions/${sessionId}`)).text;
    for (const secret of [user.id, user.username, user.email]) expect(text).not.toContain(secret);
    expect((listed.json.sessions as SessionView[]).map((s) => s.id)).toEqual([sessionId]);

    const userSocket = await open(user.http);
    expect(await joinSession(userSocket, sessionId)).toEqual({ ok: true, role: 'user', counterpartPresent: false });
    const accepted = await performer.http.post(`/api/sessions/${sessionId}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({
      status: 'active',
      role: 'performer',
      identity: { id: aliasId, displayName: 'Zorro' },
    });
    const performerSocket = await open(performer.http);
    expect(await joinSession(performerSocket, sessionId)).toEqual({
      ok: true,
      role: 'performer',
      counterpartPresent: true,
    });

    // minute 1 at acceptance, then one a "minute"
    const two = await advanceUntilSession(app, clock, user.http, sessionId, (view) => view.minutesBilled >= 2);
    expect(two.costAuracoin).toBe(two.minutesBilled * 2.5);
    const ended = await user.http.post(`/api/sessions/${sessionId}/end`);
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({ status: 'ended', endReason: 'user_ended', endedBy: 'user', costAuracoin: 12.5 });
    const minutes = ended.json.minutesBilled as number;
    expect(minutes).toBeGreaterThanOrEqual(2);
    expect(minutes).toBeLessThan(5);
    const startedAt = Date.parse(ended.json.startedAt as string);
    const endedAt = Date.parse(ended.json.endedAt as string);
    expect(minutes).toBe(Math.ceil((endedAt - startedAt) / MINUTE_MS));

    const after = await wallet(user.id);
    expect(after).toMatchObject({ balance: 4000 - 1250, held: 0 });
    await app.settled();
    // her 55% of 12.5 auracoin: 6.87 euro, rounded down once for the session
    expect(await earnedCents(performer.id)).toBe(687);
    const herView = await performer.http.get(`/api/sessions/${sessionId}`);
    expect(herView.json).toMatchObject({ performerEarnings: 6.87, costAuracoin: 12.5 });
    expect((await user.http.get(`/api/sessions/${sessionId}`)).json.performerEarnings).toBeNull();

    expect(await auditProblems()).toEqual([]);
  });
});

describe('how sessions end', () => {
  it('a performer ending charges only the started minutes and releases the hold', async () => {
    const { performer, user, sessionId } = await running({ rate: 2, auracoin: 100 });
    await advanceUntilSession(app, clock, user.http, sessionId, (view) => view.minutesBilled >= 2);
    const ended = await performer.http.post(`/api/sessions/${sessionId}/end`);
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({ status: 'ended', endReason: 'performer_ended', endedBy: 'performer' });
    const minutes = ended.json.minutesBilled as number;
    expect(ended.json.costAuracoin).toBe(minutes * 2);
    expect(minutes).toBe(
      Math.ceil((Date.parse(ended.json.endedAt as string) - Date.parse(ended.json.startedAt as string)) / MINUTE_MS),
    );
    expect(await wallet(user.id)).toMatchObject({ balance: 10_000 - minutes * 200, held: 0 });
    // ending twice: a clear 409, nothing changes
    const before = await logLength(app);
    expect((await performer.http.post(`/api/sessions/${sessionId}/end`)).status).toBe(409);
    expect((await user.http.post(`/api/sessions/${sessionId}/end`)).status).toBe(409);
    expect(await logLength(app)).toBe(before);
  });

  it("warns 'Ti resta 1 minuto' before the money runs out, then ends by itself", async () => {
    // 7 minutes of money at 1 auracoin a minute
    const { user, sessionId, userSocket } = await running({ rate: 1, auracoin: 7 });
    const pushes: SessionView[] = [];
    userSocket.on('session:changed', (view: SessionView) => pushes.push(view));
    const ended = await advanceUntilSession(app, clock, user.http, sessionId, (view) => view.status === 'ended');
    expect(ended).toMatchObject({
      endReason: 'balance_exhausted',
      endedBy: 'system',
      minutesBilled: 7,
      costAuracoin: 7,
    });
    expect(Date.parse(ended.endedAt!) - Date.parse(ended.startedAt!)).toBe(7 * MINUTE_MS);
    expect(pushes.some((view) => view.lastMinute && view.minutesBilled === 7 && view.status === 'active')).toBe(true);
    expect(
      pushes.filter((view) => view.status === 'active' && view.minutesBilled < 7).every((view) => !view.lastMinute),
    ).toBe(true);
    expect(await wallet(user.id)).toMatchObject({ balance: 0, held: 0 });
  });

  it('a dropped connection ends the session after the grace period, at the drop, with only the minutes started before it', async () => {
    const { user, sessionId, performerSocket } = await running({ rate: 2 });
    await advanceUntilSession(app, clock, user.http, sessionId, (view) => view.minutesBilled >= 2);
    // she drops a moment into a minute (at the very start of one, the minute began while she was there)
    await clock.advance(MINUTE_MS / 4);
    performerSocket.close();
    // the server sees her socket gone (a real socket: a wait on the condition), then the grace period runs
    await waitForSession(user.http, sessionId, (view) => view.counterpartAway);
    const ended = await advanceUntilSession(app, clock, user.http, sessionId, (view) => view.status === 'ended');
    expect(ended).toMatchObject({ endReason: 'performer_disconnected', endedBy: 'system' });
    const open = Date.parse(ended.endedAt!) - Date.parse(ended.startedAt!);
    expect(ended.minutesBilled).toBe(Math.ceil(open / MINUTE_MS));
    expect(ended.costAuracoin).toBe(ended.minutesBilled * 2);
    expect(await wallet(user.id)).toMatchObject({ balance: 10_000 - ended.minutesBilled * 200, held: 0 });
  });

  it('a reconnect within the grace period goes on without a new charge', async () => {
    const { performer, user, sessionId, userSocket } = await running({ rate: 2 });
    await advanceUntilSession(app, clock, user.http, sessionId, (view) => view.minutesBilled >= 1);
    userSocket.close();
    // she sees him away while the grace period runs
    const away = await waitForSession(performer.http, sessionId, (view) => view.counterpartAway);
    expect(away.status).toBe('active');
    await clock.advance(GRACE_MS / 2);
    const back = await open(user.http);
    expect(await joinSession(back, sessionId)).toMatchObject({ ok: true, role: 'user', counterpartPresent: true });
    const billedAtReturn = (await waitForSession(user.http, sessionId, () => true)).minutesBilled;
    // the session runs on past where the grace period would have ended it: minutes twice the grace later
    const view = await advanceUntilSession(
      app,
      clock,
      performer.http,
      sessionId,
      (current) =>
        current.status !== 'active' ||
        (!current.counterpartAway && current.minutesBilled >= billedAtReturn + Math.ceil((2 * GRACE_MS) / MINUTE_MS)),
    );
    expect(view.status).toBe('active');
    const elapsed = clock.nowMs() - Date.parse(view.startedAt!);
    // every minute of the session is billed once, the time away included, and nothing more (the test clock
    // stops on whole minutes: one beginning at this instant counts as begun)
    const begun = Math.floor(elapsed / MINUTE_MS) + 1;
    expect(view.minutesBilled).toBeLessThanOrEqual(begun);
    expect(view.minutesBilled).toBeGreaterThanOrEqual(begun - 1);
    const events = await app.infra.eventStore.readStream(streams.wallet(user.id));
    const minutes = events
      .filter((e) => e.type === 'SessionMinuteBilled')
      .map((e) => (e.data as { minute: number }).minute);
    expect(minutes).toEqual([...new Set(minutes)].sort((a, b) => a - b));
    expect(minutes).toEqual(Array.from({ length: minutes.length }, (_, index) => index + 1));
    expect((await user.http.post(`/api/sessions/${sessionId}/end`)).status).toBe(200);
  });

  it('a declined request costs nothing; so do an expired and a withdrawn one', async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: 2 });
    const user = await fundedUser(app, admin, 50);
    const first = await user.http.post('/api/sessions', { performerId: performer.id });
    expect((await wallet(user.id)).held).toBe(1000);
    const declined = await performer.http.post(`/api/sessions/${first.json.id as string}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({ status: 'declined', endReason: 'declined', costAuracoin: 0 });
    expect(await wallet(user.id)).toMatchObject({ balance: 5000, held: 0 });
    expect((await user.http.get(`/api/sessions/${first.json.id as string}`)).json).toMatchObject({
      status: 'declined',
    });

    const second = await user.http.post('/api/sessions', { performerId: performer.id });
    expect(second.status).toBe(201);
    const expired = await advanceUntilSession(
      app,
      clock,
      user.http,
      second.json.id as string,
      (view) => view.status === 'expired',
    );
    expect(expired).toMatchObject({ endReason: 'expired', costAuracoin: 0 });
    await waitForSession(user.http, second.json.id as string, () => true);
    expect(await wallet(user.id)).toMatchObject({ balance: 5000 });
    // an expired request cannot be accepted any more
    expect((await performer.http.post(`/api/sessions/${second.json.id as string}/accept`)).status).toBe(409);

    const third = await user.http.post('/api/sessions', { performerId: performer.id });
    expect(third.status).toBe(201);
    const withdrawn = await user.http.post(`/api/sessions/${third.json.id as string}/end`);
    expect(withdrawn.json).toMatchObject({
      status: 'ended',
      endReason: 'cancelled',
      costAuracoin: 0,
      minutesBilled: 0,
    });
    expect(await wallet(user.id)).toMatchObject({ balance: 5000, held: 0 });
  });
});

describe('who may do what', () => {
  it('answers every route to its parties only', async () => {
    const { performer, user, sessionId } = await running({ rate: 2 });
    const stranger = await userClient(app);
    const otherPerformer = await onlinePerformer(app.url, admin);
    const anonymous = client(app.url);
    const routes = ['', '/ice'].map((tail) => `/api/sessions/${sessionId}${tail}`);
    for (const route of routes) {
      expect((await anonymous.get(route)).status).toBe(401);
      expect((await stranger.http.get(route)).status).toBe(403);
      expect((await otherPerformer.http.get(route)).status).toBe(403);
      expect((await admin.get(route)).status).toBe(403);
      expect((await user.http.get(route)).status).toBe(200);
      expect((await performer.http.get(route)).status).toBe(200);
    }
    expect((await anonymous.get('/api/sessions')).status).toBe(401);
    expect((await stranger.http.get('/api/sessions')).json).toEqual({ sessions: [] });
    expect(((await user.http.get('/api/sessions')).json.sessions as SessionView[]).map((s) => s.id)).toEqual([
      sessionId,
    ]);
    const before = await quietLogLength(sessionId);
    for (const action of ['accept', 'decline', 'end']) {
      const route = `/api/sessions/${sessionId}/${action}`;
      expect((await anonymous.post(route)).status).toBe(401);
      expect((await stranger.http.post(route)).status).toBe(403);
      expect((await otherPerformer.http.post(route)).status).toBe(403);
      expect((await admin.post(route)).status).toBe(403);
    }
    // the user cannot accept or decline his own request
    expect((await user.http.post(`/api/sessions/${sessionId}/accept`)).status).toBe(403);
    expect((await user.http.post(`/api/sessions/${sessionId}/decline`)).status).toBe(403);
    expect(await quietLogLength(sessionId)).toBe(before);
    expect((await anonymous.post('/api/sessions', { performerId: performer.id })).status).toBe(401);
    expect((await admin.post('/api/sessions', { performerId: performer.id })).status).toBe(403);
    expect((await otherPerformer.http.post('/api/sessions', { performerId: performer.id })).status).toBe(403);
    expect(await quietLogLength(sessionId)).toBe(before);
    expect((await user.http.post(`/api/sessions/${sessionId}/end`)).status).toBe(200);
  });

  it('refuses bad input and unavailable performers with a clear 4xx, changing nothing', async () => {
    const user = await fundedUser(app, admin, 30);
    const performer = await onlinePerformer(app.url, admin, { rate: 2 });
    const refused = async (body: unknown, status: number, code?: string, headers?: Record<string, string>) => {
      const before = { log: await logLength(app), wallet: await wallet(user.id) };
      const answer = await user.http.post('/api/sessions', body, headers);
      expect(answer.status).toBe(status);
      if (code) expect(answer.json.code).toBe(code);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect(await logLength(app)).toBe(before.log);
      expect(await wallet(user.id)).toEqual(before.wallet);
      return answer;
    };
    await refused('{not json', 400);
    await refused({}, 400, 'validation_failed');
    await refused({ performerId: 'nope' }, 400, 'validation_failed');
    await refused({ performerId: performer.id, aliasId: 7 }, 400, 'validation_failed');
    await refused({ performerId: '9b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f' }, 404, 'not_found');
    // someone else's alias
    const other = await fundedUser(app, admin, 60);
    const alias = await other.http.post(`/api/users/${other.id}/aliases`, { aliasName: 'Altro', price: 50 });
    await refused({ performerId: performer.id, aliasId: alias.json.id }, 404, 'not_found');
    // offline
    const offline = await onlinePerformer(app.url, admin, { rate: 2 });
    await send(offline.http, 'PATCH', `${app.url}/api/performers/${offline.id}`, { isOnline: false });
    await refused({ performerId: offline.id }, 409, 'performer_offline');
    // geoblocked for the caller's country: she is not there
    const geoblocked = await onlinePerformer(app.url, admin, { rate: 2 });
    expect(
      (await send(geoblocked.http, 'PUT', `${app.url}/api/performers/${geoblocked.id}/geoblock`, { countries: ['IT'] }))
        .status,
    ).toBe(200);
    await refused({ performerId: geoblocked.id }, 404, 'not_found', { 'x-country': 'IT' });
    // unapproved: a registration waiting for verification
    const pending = await client(app.url).post('/api/performers', {
      username: `pending${Date.now().toString(36)}`,
      password: 'secret-pass',
      email: `pending${Date.now().toString(36)}@example.com`,
      name: 'Attesa',
      dateOfBirth: '1999-03-10',
      creditsPerMinute: 2,
      digitalSignature: 'data:image/png;base64,iVBORw0KGgo=',
      sensitiveDataConsent: true,
      acceptedTerms: true,
    });
    expect(pending.status).toBe(201);
    expect(pending.json.verificationStatus).toBe('pending');
    // (she cannot even switch herself online before approval)
    expect(
      (await send(admin, 'PATCH', `${app.url}/api/performers/${pending.json.id as string}`, { isOnline: true })).status,
    ).toBe(409);
    await refused({ performerId: pending.json.id }, 404, 'not_found');
    // blocked identity
    const blocking = await onlinePerformer(app.url, admin, { rate: 2 });
    expect(
      (await send(blocking.http, 'PUT', `${app.url}/api/performers/${blocking.id}/blocked-users/${user.id}`)).status,
    ).toBe(200);
    await refused({ performerId: blocking.id }, 403, 'blocked');
    // too little: 30 auracoin do not cover 5 minutes at 7
    const dear = await onlinePerformer(app.url, admin, { rate: 7 });
    await refused({ performerId: dear.id }, 400, 'insufficient_balance');
    // a second session while one waits
    const another = await onlinePerformer(app.url, admin, { rate: 1 });
    const first = await user.http.post('/api/sessions', { performerId: performer.id });
    expect(first.status).toBe(201);
    await refused({ performerId: another.id }, 409, 'session_in_progress');
    expect((await user.http.post(`/api/sessions/${first.json.id as string}/end`)).status).toBe(200);
  });

  it('refuses malformed and unknown session ids on every route, changing nothing', async () => {
    const { performer, user, sessionId } = await running({ rate: 1 });
    const before = await quietLogLength(sessionId);
    const unknown = '9b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
    for (const [method, tail] of [
      ['get', ''],
      ['get', '/ice'],
      ['post', '/accept'],
      ['post', '/decline'],
      ['post', '/end'],
    ] as const) {
      for (const [party, http] of [
        ['user', user.http],
        ['performer', performer.http],
      ] as const) {
        // accepting and declining are hers: the user is refused before the id is even read
        const expected =
          party === 'user' && (tail === '/accept' || tail === '/decline')
            ? [403, 'forbidden', 403, 'forbidden']
            : [400, 'validation_failed', 404, 'not_found'];
        const malformed =
          method === 'get'
            ? await http.get(`/api/sessions/not-a-session${tail}`)
            : await http.post(`/api/sessions/not-a-session${tail}`);
        expect(malformed.headers.get('content-type')).toContain('application/problem+json');
        const missing =
          method === 'get'
            ? await http.get(`/api/sessions/${unknown}${tail}`)
            : await http.post(`/api/sessions/${unknown}${tail}`);
        expect([party, tail, malformed.status, malformed.json.code, missing.status, missing.json.code]).toEqual([
          party,
          tail,
          ...expected,
        ]);
      }
    }
    // a body that is not JSON on an action without one
    const garbled = await performer.http.post(`/api/sessions/${sessionId}/end`, '{not json');
    expect(garbled.status).toBe(400);
    expect(garbled.headers.get('content-type')).toContain('application/problem+json');
    expect(await quietLogLength(sessionId)).toBe(before);
    expect((await waitForSession(user.http, sessionId, () => true)).status).toBe('active');
    expect((await user.http.post(`/api/sessions/${sessionId}/end`)).status).toBe(200);
  });

  it('both parties ending at once settle once: one ends it, the other is told it is over', async () => {
    const { performer, user, sessionId } = await running({ rate: 2, auracoin: 100 });
    await advanceUntilSession(app, clock, user.http, sessionId, (view) => view.minutesBilled >= 2);
    const [byUser, byHer] = await Promise.all([
      user.http.post(`/api/sessions/${sessionId}/end`),
      performer.http.post(`/api/sessions/${sessionId}/end`),
    ]);
    expect([byUser.status, byHer.status].sort()).toEqual([200, 409]);
    const winner = (byUser.status === 200 ? byUser : byHer).json as unknown as SessionView;
    expect(winner.endReason).toBe(byUser.status === 200 ? 'user_ended' : 'performer_ended');
    const events = await app.infra.eventStore.readStream(streams.wallet(user.id));
    expect(events.filter((e) => e.type === 'SessionSettled')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'AuracoinReleased').length).toBeLessThanOrEqual(1);
    const cost =
      winner.endReason === 'user_ended' ? Math.max(5, winner.minutesBilled) * 200 : winner.minutesBilled * 200;
    expect(await wallet(user.id)).toMatchObject({ balance: 10_000 - cost, held: 0 });
  });

  it('a performer in a private session is busy for everyone else', async () => {
    const { performer, sessionId } = await running({ rate: 1 });
    const other = await fundedUser(app, admin, 50);
    const before = await quietLogLength(sessionId);
    const answer = await other.http.post('/api/sessions', { performerId: performer.id });
    expect(answer.status).toBe(409);
    expect(answer.json.code).toBe('performer_busy');
    expect(await quietLogLength(sessionId)).toBe(before);
    await app.settled();
    const gallery = await client(app.url).get(`/api/performers/${performer.id}`);
    expect(gallery.json.inPrivate).toBe(true);
    await performer.http.post(`/api/sessions/${sessionId}/end`);
    await app.settled();
    expect((await client(app.url).get(`/api/performers/${performer.id}`)).json.inPrivate).toBe(false);
  });

  it('of a concurrent accept and decline of one request exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const performer = await onlinePerformer(app.url, admin, { rate: 1 });
      const user = await fundedUser(app, admin, 20);
      const requested = await user.http.post('/api/sessions', { performerId: performer.id });
      const id = requested.json.id as string;
      expect(await joinSession(await open(user.http), id)).toMatchObject({ ok: true });
      const [accepted, declined] = await Promise.all([
        performer.http.post(`/api/sessions/${id}/accept`),
        performer.http.post(`/api/sessions/${id}/decline`),
      ]);
      expect([accepted.status, declined.status].sort()).toEqual([200, 409]);
      const view = await waitForSession(user.http, id, () => true);
      expect(view.status).toBe(accepted.status === 200 ? 'active' : 'declined');
      if (view.status === 'active') await user.http.post(`/api/sessions/${id}/end`);
    }
  });

  it('she accepts one of two requests; the other is answered busy and costs nothing', async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: 1 });
    const [first, second] = await Promise.all([fundedUser(app, admin, 20), fundedUser(app, admin, 20)]);
    const a = await first.http.post('/api/sessions', { performerId: performer.id });
    const b = await second.http.post('/api/sessions', { performerId: performer.id });
    const [acceptA, acceptB] = await Promise.all([
      performer.http.post(`/api/sessions/${a.json.id as string}/accept`),
      performer.http.post(`/api/sessions/${b.json.id as string}/accept`),
    ]);
    expect([acceptA.status, acceptB.status].sort()).toEqual([200, 409]);
    const loser = acceptA.status === 200 ? second : first;
    const loserId = (acceptA.status === 200 ? b : a).json.id as string;
    const view = await waitForSession(loser.http, loserId, (current) => current.status === 'declined');
    expect(view.endReason).toBe('busy');
    expect(await wallet(loser.id)).toMatchObject({ balance: 2000, held: 0 });
    const winner = acceptA.status === 200 ? a : b;
    await performer.http.post(`/api/sessions/${winner.json.id as string}/end`);
  });
});

describe('signalling', () => {
  it('forwards a party’s messages to the other party only, never from outsiders', async () => {
    const { performer, user, sessionId, userSocket, performerSocket } = await running({ rate: 1 });
    const stranger = await fundedUser(app, admin, 10);
    const strangerSocket = await open(stranger.http);
    expect(await joinSession(strangerSocket, sessionId)).toEqual({ ok: false, error: 'forbidden' });
    // the parties of another session are strangers here too, and a party's socket that did not join cannot signal
    const elsewhere = await running({ rate: 1 });
    expect(await joinSession(elsewhere.performerSocket, sessionId)).toEqual({ ok: false, error: 'forbidden' });
    const notJoined = await open(user.http);
    const heardByHer: unknown[] = [];
    performerSocket.on('session:signal', (message) => heardByHer.push(message));
    const ack = (socket: Socket, message: unknown) =>
      new Promise((resolve) => socket.emit('session:signal', message, resolve));
    expect(await ack(strangerSocket, { sessionId, description: { type: 'offer', sdp: 'v=0' } })).toBe(false);
    expect(await ack(elsewhere.performerSocket, { sessionId, description: { type: 'offer', sdp: 'v=0' } })).toBe(false);
    expect(await ack(elsewhere.userSocket, { sessionId, description: { type: 'offer', sdp: 'v=0' } })).toBe(false);
    expect(await ack(notJoined, { sessionId, description: { type: 'offer', sdp: 'v=0' } })).toBe(false);
    expect(await ack(userSocket, 'garbage')).toBe(false);
    expect(await ack(userSocket, { sessionId, description: { type: 'nonsense', sdp: 'v=0' } })).toBe(false);
    expect(await ack(userSocket, { sessionId })).toBe(false);
    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 192.168.1.20 54400 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    expect(await ack(userSocket, { sessionId, candidate })).toBe(true);
    const heardByHim = new Promise((resolve) => userSocket.once('session:signal', resolve));
    expect(await ack(performerSocket, { sessionId, description: { type: 'answer', sdp: 'v=0' } })).toBe(true);
    expect(await heardByHim).toEqual({ sessionId, from: 'performer', description: { type: 'answer', sdp: 'v=0' } });
    // a real socket: a moment for a stray message to arrive, were one forwarded (under 500 ms, no business time)
    await new Promise((resolve) => setTimeout(resolve, 100));
    // the embedded demo has no TURN: candidates pass as they are
    expect(heardByHer).toEqual([{ sessionId, from: 'user', candidate }]);
    expect(JSON.stringify(heardByHer)).not.toContain(user.id);
    await performer.http.post(`/api/sessions/${sessionId}/end`);
    await elsewhere.performer.http.post(`/api/sessions/${elsewhere.sessionId}/end`);
  });
});

describe('the ledger', () => {
  it('audits clean after everything above', async () => {
    expect(await auditProblems()).toEqual([]);
  });
});

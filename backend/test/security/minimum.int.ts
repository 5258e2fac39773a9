/**
 * Issue 19, item 5: the minimum cannot be dodged (docs/product.md#session-minimum). A user who
 * leaves a running session before its minimum pays the rest of it whether he ends it, closes the
 * page and does not come back within the grace, or never opens the session page; it is waived only
 * when she ends it, she leaves, or she never accepted. Balances are read from the log.
 */
import type { Socket } from 'socket.io-client';
import { streams, type SessionView } from '@aura/contracts';
import { foldWallet } from '../../ledger';
import { startTestApp, type TestApp } from '../app-harness';
import { superadminClient } from '../admin-session';
import { fundedUser, joinSession, onlinePerformer, socketFor, waitForSession, type Http } from '../session-helpers';

const MINUTE_MS = 1_000;
const GRACE_MS = 600;
const RATE = 2;
const FUNDS = 100;

let app: TestApp;
let admin: Http;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await startTestApp({
    BILLING_MINUTE_MS: String(MINUTE_MS),
    SESSION_RECONNECT_GRACE_MS: String(GRACE_MS),
    SESSION_REQUEST_TIMEOUT_MS: '5000',
  });
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

async function wallet(userId: string) {
  return foldWallet(await app.infra.eventStore.readStream(streams.wallet(userId)));
}

/** A running session at 2 auracoin/min; his page open unless `userPage` is false, hers always. */
async function running({ userPage = true } = {}) {
  const performer = await onlinePerformer(app.url, admin, { rate: RATE });
  const user = await fundedUser(app, admin, FUNDS);
  const requested = await user.http.post('/api/sessions', { performerId: performer.id, expectedPrice: RATE });
  expect(requested.status).toBe(201);
  const sessionId = requested.json.id as string;
  const userSocket = userPage ? await open(user.http) : undefined;
  if (userSocket) expect(await joinSession(userSocket, sessionId)).toMatchObject({ ok: true, role: 'user' });
  expect((await performer.http.post(`/api/sessions/${sessionId}/accept`)).status).toBe(200);
  const performerSocket = await open(performer.http);
  expect(await joinSession(performerSocket, sessionId)).toMatchObject({ ok: true, role: 'performer' });
  return { performer, user, sessionId, userSocket, performerSocket };
}

/** What the session cost him, as the log's wallet says, and the hold released. */
async function charged(userId: string, ended: SessionView) {
  await app.settled();
  const after = await wallet(userId);
  expect(after.held).toBe(0);
  expect(after.balance).toBe(FUNDS * 100 - Math.round(ended.costAuracoin * 100));
  return ended.costAuracoin;
}

describe('the minimum cannot be dodged', () => {
  it('the user closing the page before the minimum and not coming back within the grace pays the minimum', async () => {
    const { user, sessionId, userSocket } = await running();
    await waitForSession(user.http, sessionId, (view) => view.minutesBilled >= 1);
    userSocket!.close();
    const ended = await waitForSession(user.http, sessionId, (view) => view.status === 'ended', 10_000);
    expect(ended).toMatchObject({ endReason: 'user_disconnected', endedBy: 'system' });
    expect(ended.minutesBilled).toBeLessThan(5);
    expect(await charged(user.id, ended)).toBe(5 * RATE);
  });

  it('the user never opening the session page pays the minimum', async () => {
    const { user, sessionId } = await running({ userPage: false });
    const ended = await waitForSession(user.http, sessionId, (view) => view.status === 'ended', 10_000);
    expect(ended).toMatchObject({ endReason: 'user_disconnected', endedBy: 'system', minutesBilled: 0 });
    expect(await charged(user.id, ended)).toBe(5 * RATE);
  });

  it('the user ending before the minimum pays the minimum', async () => {
    const { user, sessionId } = await running();
    await waitForSession(user.http, sessionId, (view) => view.minutesBilled >= 1);
    const ended = (await user.http.post(`/api/sessions/${sessionId}/end`)).json as unknown as SessionView;
    expect(ended).toMatchObject({ status: 'ended', endReason: 'user_ended' });
    expect(await charged(user.id, ended)).toBe(5 * RATE);
  });

  it('the performer ending after he closed the page does not waive it', async () => {
    const { performer, user, sessionId, userSocket } = await running();
    await waitForSession(user.http, sessionId, (view) => view.minutesBilled >= 1);
    userSocket!.close();
    await waitForSession(performer.http, sessionId, (view) => view.counterpartAway);
    const ended = (await performer.http.post(`/api/sessions/${sessionId}/end`)).json as unknown as SessionView;
    expect(ended).toMatchObject({ status: 'ended', endedBy: 'performer', endReason: 'user_disconnected' });
    expect(await charged(user.id, ended)).toBe(5 * RATE);
  });

  it('the performer ending waives the minimum: only started minutes', async () => {
    const { performer, user, sessionId } = await running();
    await waitForSession(user.http, sessionId, (view) => view.minutesBilled >= 1);
    const ended = (await performer.http.post(`/api/sessions/${sessionId}/end`)).json as unknown as SessionView;
    expect(ended).toMatchObject({ status: 'ended', endReason: 'performer_ended' });
    expect(ended.minutesBilled).toBeLessThan(5);
    expect(await charged(user.id, ended)).toBe(ended.minutesBilled * RATE);
  });

  it('the performer leaving waives the minimum: only started minutes', async () => {
    const { user, sessionId, performerSocket } = await running();
    await waitForSession(user.http, sessionId, (view) => view.minutesBilled >= 1);
    performerSocket.close();
    const ended = await waitForSession(user.http, sessionId, (view) => view.status === 'ended', 10_000);
    expect(ended).toMatchObject({ endReason: 'performer_disconnected', endedBy: 'system' });
    expect(await charged(user.id, ended)).toBe(ended.minutesBilled * RATE);
  });

  it('a request she never accepted costs nothing', async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: RATE });
    const user = await fundedUser(app, admin, FUNDS);
    const requested = await user.http.post('/api/sessions', { performerId: performer.id });
    const declined = (await performer.http.post(`/api/sessions/${requested.json.id as string}/decline`))
      .json as unknown as SessionView;
    expect(declined).toMatchObject({ status: 'declined', costAuracoin: 0 });
    expect(await charged(user.id, declined)).toBe(0);
  });

  it('the ledger audit finds every minimum where the rules put it', async () => {
    await app.settled();
    expect((await app.audit()).problems).toEqual([]);
  });
});

/**
 * Issue 19, item 4: one running session per performer, whatever the clicks. Twenty accepts of one
 * request at once, and accepts of two of her requests at once, leave exactly one session running,
 * her booth held by it; the losers are refused (409) or answered busy, and change nothing else.
 */
import { sessionStreams, streams, type SessionView } from '@aura/contracts';
import { foldWallet } from '../../ledger';
import { startTestApp, type TestApp } from '../app-harness';
import { superadminClient } from '../admin-session';
import { fundedUser, onlinePerformer, waitForSession, type Http } from '../session-helpers';

let app: TestApp;
let admin: Http;

beforeAll(async () => {
  app = await startTestApp({ BILLING_MINUTE_MS: '60000', SESSION_REQUEST_TIMEOUT_MS: '60000' });
  admin = await superadminClient(app);
});
afterAll(async () => {
  await app.close();
});

async function boothEvents(performerId: string) {
  return (await app.infra.eventStore.readStream(sessionStreams.booth(performerId))).map((event) => ({
    type: event.type,
    sessionId: (event.data as { sessionId: string }).sessionId,
  }));
}

async function wallet(userId: string) {
  return foldWallet(await app.infra.eventStore.readStream(streams.wallet(userId)));
}

async function statusOf(http: Http, sessionId: string) {
  return ((await http.get(`/api/sessions/${sessionId}`)).json as unknown as SessionView).status;
}

describe('one running session per performer', () => {
  it('of 20 concurrent accepts of one request one starts it; her booth stays held by it', async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: 1 });
    const user = await fundedUser(app, admin, 20);
    const requested = await user.http.post('/api/sessions', { performerId: performer.id });
    expect(requested.status).toBe(201);
    const sessionId = requested.json.id as string;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => performer.http.post(`/api/sessions/${sessionId}/accept`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await statusOf(user.http, sessionId)).toBe('active');
    // the booth was taken once, by the one session, and no losing accept freed it
    expect(await boothEvents(performer.id)).toEqual([{ type: 'SessionBoothTaken', sessionId }]);
    const started = (await app.infra.eventStore.readStream(sessionStreams.session(sessionId))).filter(
      (event) => event.type === 'SessionStarted',
    );
    expect(started).toHaveLength(1);

    // a request asked while it runs cannot start a second session
    const other = await fundedUser(app, admin, 20);
    const second = await other.http.post('/api/sessions', { performerId: performer.id });
    if (second.status === 201) {
      const accepted = await performer.http.post(`/api/sessions/${second.json.id as string}/accept`);
      expect(accepted.status).toBe(409);
      expect(accepted.json.code).toBe('performer_busy');
    } else {
      expect(second.status).toBe(409);
    }
    expect(await boothEvents(performer.id)).toEqual([{ type: 'SessionBoothTaken', sessionId }]);
    await user.http.post(`/api/sessions/${sessionId}/end`);
  });

  it('of concurrent accepts of two of her requests exactly one session runs; the other costs nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const performer = await onlinePerformer(app.url, admin, { rate: 1 });
      const [first, second] = await Promise.all([fundedUser(app, admin, 20), fundedUser(app, admin, 20)]);
      const a = await first.http.post('/api/sessions', { performerId: performer.id });
      const b = await second.http.post('/api/sessions', { performerId: performer.id });
      expect([a.status, b.status]).toEqual([201, 201]);
      const ids = [a.json.id as string, b.json.id as string];
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => ids.map((id) => performer.http.post(`/api/sessions/${id}/accept`))).flat(),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual(
        Array(19).fill(409),
      );
      const statuses = [await statusOf(first.http, ids[0]!), await statusOf(second.http, ids[1]!)];
      expect(statuses.filter((status) => status === 'active')).toHaveLength(1);
      const winner = statuses[0] === 'active' ? 0 : 1;
      const loserId = ids[1 - winner]!;
      const loser = winner === 0 ? second : first;
      const view = await waitForSession(loser.http, loserId, (current) => current.status === 'declined');
      expect(view.endReason).toBe('busy');
      // her booth is held by the running session, taken once; the loser never started nor paid
      expect(await boothEvents(performer.id)).toEqual([{ type: 'SessionBoothTaken', sessionId: ids[winner] }]);
      expect(
        (await app.infra.eventStore.readStream(sessionStreams.session(loserId))).map((event) => event.type),
      ).toEqual(['SessionRequested', 'SessionDeclined']);
      expect(await wallet(loser.id)).toMatchObject({ balance: 2000, held: 0 });
      await performer.http.post(`/api/sessions/${ids[winner]!}/end`);
    }
  });
});

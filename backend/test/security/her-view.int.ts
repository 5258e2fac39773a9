/**
 * Issue 19, item 6: her session view says nothing about the user's balance. He is told 'Ti resta 1
 * minuto' (`lastMinute`); what she receives, by REST and by socket pushes, carries no such hint.
 */
import type { Socket } from 'socket.io-client';
import type { SessionView } from '@aura/contracts';
import { startTestApp, type TestApp } from '../app-harness';
import { superadminClient } from '../admin-session';
import {
  fundedUser,
  joinSession,
  onlinePerformer,
  socketFor,
  until,
  waitForSession,
  type Http,
} from '../session-helpers';

const MINUTE_MS = 400;
let app: TestApp;
let admin: Http;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await startTestApp({
    BILLING_MINUTE_MS: String(MINUTE_MS),
    SESSION_RECONNECT_GRACE_MS: '5000',
    SESSION_REQUEST_TIMEOUT_MS: '10000',
  });
  admin = await superadminClient(app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
});

it("she never learns that his money is running out; he does ('Ti resta 1 minuto')", async () => {
  const performer = await onlinePerformer(app.url, admin, { rate: 1 });
  // six minutes of money at 1 auracoin a minute
  const user = await fundedUser(app, admin, 6);
  const sessionId = (await user.http.post('/api/sessions', { performerId: performer.id })).json.id as string;
  const userSocket = await socketFor(app.url, user.http);
  const herSocket = await socketFor(app.url, performer.http);
  sockets.push(userSocket, herSocket);
  const his: SessionView[] = [];
  const hers: SessionView[] = [];
  userSocket.on('session:changed', (view: SessionView) => his.push(view));
  herSocket.on('session:changed', (view: SessionView) => hers.push(view));
  expect(await joinSession(userSocket, sessionId)).toMatchObject({ ok: true });
  expect((await performer.http.post(`/api/sessions/${sessionId}/accept`)).status).toBe(200);
  expect(await joinSession(herSocket, sessionId)).toMatchObject({ ok: true });

  // his last paid minute: he is told, by REST and push
  const warned = await waitForSession(user.http, sessionId, (view) => view.lastMinute === true, 15_000);
  expect(warned.status).toBe('active');
  const herView = (await performer.http.get(`/api/sessions/${sessionId}`)).json;
  expect(herView.status).toBe('active');
  expect(herView).not.toHaveProperty('lastMinute');
  const herList = (await performer.http.get('/api/sessions')).json.sessions as Record<string, unknown>[];
  for (const view of herList) expect(view).not.toHaveProperty('lastMinute');

  await waitForSession(user.http, sessionId, (view) => view.status === 'ended', 15_000);
  // the pushes up to the end have reached both sockets
  await until('both heard the session end', () =>
    [his, hers].every((views) => views.some((view) => view.status === 'ended')),
  );
  expect(his.some((view) => view.lastMinute === true)).toBe(true);
  expect(hers.length).toBeGreaterThan(3);
  for (const view of hers) expect(view).not.toHaveProperty('lastMinute');
});

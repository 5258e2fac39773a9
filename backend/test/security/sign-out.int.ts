/**
 * Issue 19, item 7: signing out ends everything at once. Logging out, deleting a user, deleting or
 * rejecting a performer and disabling or deleting an admin drop that person's sockets at once (on
 * every api node: through the Redis adapter), every route refuses the old cookie, and the
 * revocations outlive a restart of the embedded process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { apiRoutes } from '@aura/contracts';
import { client, startTestApp, type TestApp } from '../app-harness';
import { adminClient, superadminClient } from '../admin-session';
import { onlinePerformer, scratchDatabase, socketFor, type Http } from '../session-helpers';
import { PNG_1X1 as PNG } from '../image-network';

const SESSION_SECRET = 'sign-out-test-session-secret-0123456789';

const sockets: Socket[] = [];
async function socketOf(url: string, http: Http) {
  const socket = await socketFor(url, http);
  sockets.push(socket);
  return socket;
}
afterAll(() => {
  for (const socket of sockets) socket.close();
});

let counter = 0;
/** A registered user, signed in; his username to sign in again. */
async function userClient(app: TestApp) {
  counter += 1;
  const username = `so${Date.now().toString(36)}${counter}`;
  const http = client(app.url);
  const registered = await http.post('/api/register', {
    username,
    email: `${username}@example.com`,
    password: 'secret-pass',
    sensitiveDataConsent: true,
  });
  expect(registered.status).toBe(201);
  return { http, id: registered.json.id as string, username };
}

/** The socket is dropped by the server within `ms` (socket.io's 'io server disconnect'). */
function droppedByServer(socket: Socket, ms = 2_000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return reject(new Error('not connected'));
    const timer = setTimeout(() => reject(new Error('still connected')), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Every route that needs a session, called with this cookie: each must answer 401. */
async function everyRouteRefuses(url: string, cookie: string) {
  const answers: string[] = [];
  for (const [name, route] of Object.entries(apiRoutes)) {
    if (route.auth === 'public') continue;
    const target = route.path.replace(/\{(\w+)\}/g, '00000000-0000-4000-8000-000000000000');
    const response = await fetch(url + target, {
      method: route.method.toUpperCase(),
      headers: { cookie, ...(route.method === 'get' ? {} : { 'content-type': 'application/json' }) },
      body: route.method === 'get' ? undefined : '{}',
    });
    answers.push(`${name} ${response.status}`);
  }
  expect(answers.filter((answer) => !answer.endsWith(' 401'))).toEqual([]);
  expect(answers.length).toBeGreaterThan(50);
}

describe('on one embedded process', () => {
  let app: TestApp;
  let admin: Http;
  beforeAll(async () => {
    app = await startTestApp({ SESSION_SECRET });
    admin = await superadminClient(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('logout drops the sockets of that session at once and its cookie opens no route; his other session stays', async () => {
    const user = await userClient(app);
    const other = client(app.url);
    expect((await other.post('/api/login', { username: user.username, password: 'secret-pass' })).status).toBe(200);
    const [first, second, elsewhere] = [
      await socketOf(app.url, user.http),
      await socketOf(app.url, user.http),
      await socketOf(app.url, other),
    ];
    const cookie = user.http.cookie()!;
    const dropped = Promise.all([droppedByServer(first), droppedByServer(second)]);
    expect((await user.http.post('/api/logout')).status).toBe(200);
    expect(await dropped).toEqual(['io server disconnect', 'io server disconnect']);
    expect(elsewhere.connected).toBe(true);
    await everyRouteRefuses(app.url, cookie);
    expect((await other.get('/api/me')).status).toBe(200);
  });

  it('deleting a user drops all his sockets and refuses all his cookies', async () => {
    const user = await userClient(app);
    const socket = await socketOf(app.url, user.http);
    const dropped = droppedByServer(socket);
    expect((await admin.send('DELETE', `/api/users/${user.id}`)).status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    await everyRouteRefuses(app.url, user.http.cookie()!);
  });

  it('deleting a performer drops her sockets and refuses her cookie', async () => {
    const performer = await onlinePerformer(app.url, admin);
    const socket = await socketOf(app.url, performer.http);
    const dropped = droppedByServer(socket);
    expect((await admin.send('DELETE', `/api/performers/${performer.id}`)).status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    await everyRouteRefuses(app.url, performer.http.cookie()!);
  });

  it('rejecting a performer drops her sockets and refuses her cookie; she may sign in again to read why', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'id.png');
    const doc = (await (await fetch(`${app.url}/api/upload`, { method: 'POST', body: form })).json()) as {
      url: string;
    };
    const http = client(app.url);
    const suffix = Date.now().toString(36);
    const registered = await http.post('/api/performers', {
      username: `rej${suffix}`,
      password: 'secret-pass',
      email: `rej${suffix}@example.com`,
      name: 'Anna',
      dateOfBirth: '1999-03-10',
      creditsPerMinute: 2.5,
      image: '/demo/performers/2.svg',
      digitalSignature: 'data:image/png;base64,iVBORw0KGgo=',
      sensitiveDataConsent: true,
      acceptedTerms: true,
      documents: [{ documentType: 'ID Fronte', documentUrl: doc.url, fileName: 'id.png', fileSize: PNG.length }],
    });
    expect(registered.status).toBe(201);
    const id = registered.json.id as string;
    const socket = await socketOf(app.url, http);
    const dropped = droppedByServer(socket);
    expect(
      (
        await admin.post(`/api/admin/performers/${id}/verify`, {
          status: 'rejected',
          rejectionReason: 'Documento illeggibile',
        })
      ).status,
    ).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    await everyRouteRefuses(app.url, http.cookie()!);
    const again = client(app.url);
    expect(
      (await again.post('/api/performer/login', { username: `rej${suffix}`, password: 'secret-pass' })).status,
    ).toBe(200);
    expect((await again.get(`/api/performers/${id}`)).status).toBe(200);
  });

  it('disabling an admin drops their sockets and refuses their cookie; so does deleting one', async () => {
    for (const action of ['disable', 'delete'] as const) {
      const other = await adminClient(app, admin);
      const socket = await socketOf(app.url, other.http);
      const dropped = droppedByServer(socket);
      const answer =
        action === 'disable'
          ? await admin.send('PATCH', `/api/admins/${other.id}`, { isActive: false })
          : await admin.send('DELETE', `/api/admins/${other.id}`);
      expect(answer.status).toBe(200);
      expect(await dropped).toBe('io server disconnect');
      await everyRouteRefuses(app.url, other.http.cookie()!);
    }
  });
});

it('revocations outlive a restart of the embedded process', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aura-sign-out-'));
  try {
    let app = await startTestApp({ DATA_DIR: dataDir, SESSION_SECRET });
    const admin = await superadminClient(app);
    const loggedOut = await userClient(app);
    const deleted = await userClient(app);
    const kept = await userClient(app);
    expect((await loggedOut.http.post('/api/logout')).status).toBe(200);
    expect((await admin.send('DELETE', `/api/users/${deleted.id}`)).status).toBe(200);
    const cookies = { loggedOut: loggedOut.http.cookie()!, deleted: deleted.http.cookie()! };
    await app.close();

    app = await startTestApp({ DATA_DIR: dataDir, SESSION_SECRET });
    try {
      expect((await fetch(`${app.url}/api/me`, { headers: { cookie: kept.http.cookie()! } })).status).toBe(200);
      for (const cookie of Object.values(cookies)) {
        expect((await fetch(`${app.url}/api/me`, { headers: { cookie } })).status).toBe(401);
        await everyRouteRefuses(app.url, cookie);
      }
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

const describeWithPostgresAndRedis = process.env.DATABASE_URL && process.env.REDIS_URL ? describe : describe.skip;
describeWithPostgresAndRedis('across two api nodes (one log, Socket.IO through Redis)', () => {
  let database: { url: string; drop(): Promise<void> };
  let nodes: TestApp[] = [];
  beforeAll(async () => {
    database = await scratchDatabase(process.env.DATABASE_URL!, 'signout');
    const env = { DATABASE_URL: database.url, REDIS_URL: process.env.REDIS_URL!, SESSION_SECRET };
    nodes = [await startTestApp(env), await startTestApp(env)];
  }, 60_000);
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await database?.drop();
  });

  it('logging out on one node drops the socket on the other at once; deleting him there drops his other session', async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const admin = await superadminClient(a);
    const user = await userClient(a);
    const onB = client(b.url);
    onB.setCookie(user.http.cookie());
    const socketOnB = await socketOf(b.url, onB);
    const dropped = droppedByServer(socketOnB);
    expect((await user.http.post('/api/logout')).status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    expect((await onB.get('/api/me')).status).toBe(401);

    const again = client(b.url);
    await b.settled();
    expect((await again.post('/api/login', { username: user.username, password: 'secret-pass' })).status).toBe(200);
    const socketAgain = await socketOf(b.url, again);
    const droppedAgain = droppedByServer(socketAgain);
    expect((await admin.send('DELETE', `/api/users/${user.id}`)).status).toBe(200);
    expect(await droppedAgain).toBe('io server disconnect');
    expect((await again.get('/api/me')).status).toBe(401);
  });
});

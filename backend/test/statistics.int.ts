import { io as connect } from 'socket.io-client';
import { client, startTestApp, type TestApp } from './app-harness';
import { adminClient, logLength, send, superadminClient, userClient } from './admin-session';

let app: TestApp;
let root: ReturnType<typeof client>;
beforeAll(async () => {
  app = await startTestApp();
  root = await superadminClient(app);
});
afterAll(async () => {
  await app.close();
});

type Stats = {
  totalUsers: number;
  totalAuracoinsDistributed: number;
  averageUserBalance: number;
  days: { newUsers: number }[];
};

describe('GET /api/statistics', () => {
  it('answers the totals and per-day series, and follows new users and balance edits', async () => {
    const before = (await root.get('/api/statistics')).json as unknown as Stats;
    expect(before.days).toHaveLength(30);
    const user = await userClient(app);
    await app.settled();
    const after = (await root.get('/api/statistics')).json as unknown as Stats;
    expect(after.totalUsers).toBe(before.totalUsers + 1);
    expect(after.totalAuracoinsDistributed).toBe(before.totalAuracoinsDistributed + 10);
    expect(after.days.at(-1)!.newUsers).toBe(before.days.at(-1)!.newUsers + 1);

    const adjusted = await send(root, 'PATCH', `${app.url}/api/users/${user.id}`, { auracoinBalance: 110 });
    expect(adjusted.status).toBe(200);
    await app.settled();
    const edited = (await root.get('/api/statistics')).json as unknown as Stats;
    expect(edited.totalAuracoinsDistributed).toBe(after.totalAuracoinsDistributed + 100);
  });

  it('pushes readmodel:changed {model: statistics} to signed-in admins only', async () => {
    const user = await userClient(app);
    const admin = connect(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: root.cookie()! },
    });
    const userSocket = connect(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: user.http.cookie()! },
    });
    const userHeard: unknown[] = [];
    userSocket.on('readmodel:changed', (payload) => {
      if ((payload as { model: string }).model === 'statistics') userHeard.push(payload);
    });
    try {
      await Promise.all(
        [admin, userSocket].map(
          (s) => new Promise<void>((resolve) => (s.connected ? resolve() : s.on('connect', () => resolve()))),
        ),
      );
      const heard = new Promise((resolve) =>
        admin.on('readmodel:changed', (payload) => {
          if ((payload as { model: string }).model === 'statistics') resolve(payload);
        }),
      );
      await userClient(app);
      await expect(heard).resolves.toEqual({ model: 'statistics' });
      await app.settled();
      expect(userHeard).toEqual([]);
    } finally {
      admin.close();
      userSocket.close();
    }
  });

  it('keeps a disabled admin out of the admins room', async () => {
    const plain = await adminClient(app, root);
    await send(root, 'PATCH', `${app.url}/api/admins/${plain.id}`, { isActive: false });
    const options = (cookie: string) => ({ path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie } });
    const active = connect(app.url, options(root.cookie()!));
    const disabled = connect(app.url, options(plain.http.cookie()!));
    const disabledHeard: unknown[] = [];
    disabled.on('readmodel:changed', (payload) => disabledHeard.push(payload));
    try {
      await Promise.all(
        [active, disabled].map(
          (s) => new Promise<void>((resolve) => (s.connected ? resolve() : s.on('connect', () => resolve()))),
        ),
      );
      // let both handshakes settle before the push
      await new Promise((resolve) => setTimeout(resolve, 200));
      // a registration also moves the admins' users list (its own push): wait for the statistics'
      const heard = new Promise((resolve) =>
        active.on('readmodel:changed', (payload: { model: string }) => {
          if (payload.model === 'statistics') resolve(payload);
        }),
      );
      await userClient(app);
      await expect(heard).resolves.toEqual({ model: 'statistics' });
      await app.settled();
      expect(disabledHeard).toEqual([]);
    } finally {
      active.close();
      disabled.close();
    }
  });

  it('refuses anonymous callers, users and disabled admins', async () => {
    const user = await userClient(app);
    const plain = await adminClient(app, root);
    expect((await plain.http.get('/api/statistics')).status).toBe(200);
    await send(root, 'PATCH', `${app.url}/api/admins/${plain.id}`, { isActive: false });
    const before = await logLength(app);
    expect((await client(app.url).get('/api/statistics')).status).toBe(401);
    expect((await user.http.get('/api/statistics')).status).toBe(403);
    expect((await plain.http.get('/api/statistics')).status).toBe(401);
    expect(await logLength(app)).toBe(before);
  });
});

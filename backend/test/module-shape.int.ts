/**
 * A module's sides are each one line in backend/entry: the example module
 * (backend/test/example-module), handed to the composition as those lines would, gets its read
 * model projected, its route mounted, its reaction run, its delayed job processed (pushing from the
 * worker), its repeatable job scheduled by start(), its pushes called with typed events and its
 * socket handler attached.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { client, startTestApp, type TestApp } from './app-harness';
import { superadminClient, userClient } from './admin-session';
import { exampleModule } from './example-module';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(
    {},
    { extraModules: (ports, modules) => [exampleModule(ports, { users: modules.reads.accounts.queries })] },
  );
});
afterAll(async () => {
  await app.close();
});

const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('a module registered with one line', () => {
  it('runs its projection, route, reaction, delayed and repeatable jobs, pushes and sockets', async () => {
    const admin = await superadminClient(app);
    const socket: Socket = connect(app.url, { transports: ['websocket'], extraHeaders: { cookie: admin.cookie()! } });
    try {
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      const pushed: unknown[] = [];
      socket.on('readmodel:changed', (payload) => pushed.push(payload));

      const user = await userClient(app);
      await app.settled();
      // the delayed job ran in the worker and pushed to the admins
      await until(async () =>
        pushed.some(
          (payload) => JSON.stringify(payload) === JSON.stringify({ model: 'users', id: `greeted:${user.id}` }),
        ),
      );
      const status = async () => (await admin.get('/api/example/status')).json as Record<string, number>;
      await until(async () => ((await status()).sweeps ?? 0) >= 2);
      expect(await status()).toMatchObject({ signupsToday: 1, greeted: 1, pushedSignups: 1, connections: 1 });
      expect(Object.keys(await status()).sort()).toEqual([
        'connections',
        'greeted',
        'pushedSignups',
        'signupsToday',
        'sweeps',
      ]);
      // its route is mounted through mountRoute: the contract's auth holds
      expect((await client(app.url).get('/api/example/status')).status).toBe(401);
      expect((await user.http.get('/api/example/status')).status).toBe(403);
    } finally {
      socket.close();
    }
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { GenericContainer, type StartedTestContainer } from 'testcontainers';
import { engineSource, describeWithEngine } from '../../test/engines';
import { createMemoryKeyValueStore } from '../kv/memory';
import { createLogger } from '../logging/logger';
import { createSessionManager, SESSION_COOKIE } from '../http/session';
import { createRealtime, type Realtime } from './realtime';

const logger = createLogger('silent');
const sessions = createSessionManager({
  secret: 'x'.repeat(48),
  secure: false,
  revocations: createMemoryKeyValueStore(),
});
const aliceId = '11111111-1111-4111-8111-111111111111';
const bobId = '22222222-2222-4222-8222-222222222222';

async function listen(options: { redisUrl?: string } = {}) {
  const server: Server = createServer();
  const realtime = createRealtime({ logger, httpServer: server, sessions, ...options });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { realtime, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function socketOf(url: string, userId?: string): Promise<Socket> {
  const cookie = userId ? `${SESSION_COOKIE}=${sessions.issue({ sub: userId, kind: 'user' }).token}` : '';
  const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie } });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const heard = (socket: Socket, event: string) => new Promise((resolve) => socket.once(event, resolve));
const silence = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('realtime on one node', () => {
  let node: { realtime: Realtime; url: string };
  const sockets: Socket[] = [];
  beforeAll(async () => {
    node = await listen();
    // a module's socket handler (AuraModule.sockets), attached to every connection of this node
    node.realtime.onConnection((socket) => {
      socket.on('conversation:join', async (conversationId, ack) => {
        const allowed =
          socket.data.principal !== undefined && conversationId === `conv-of-${socket.data.principal.sub}`;
        if (allowed) await socket.join(`conversation:${conversationId}`);
        ack(allowed);
      });
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await node.realtime.close();
  });

  it("delivers a user's events to that user's sockets only", async () => {
    const [alice, bob, anonymous] = await Promise.all([
      socketOf(node.url, aliceId),
      socketOf(node.url, bobId),
      socketOf(node.url),
    ]);
    sockets.push(alice, bob, anonymous);
    const others: unknown[] = [];
    bob.on('balance:changed', (payload) => others.push(payload));
    anonymous.on('balance:changed', (payload) => others.push(payload));
    const delivered = heard(alice, 'balance:changed');
    node.realtime.toUser(aliceId, 'balance:changed', { userId: aliceId, auracoinBalance: 12.5 });
    await expect(delivered).resolves.toEqual({ userId: aliceId, auracoinBalance: 12.5 });
    await silence(100);
    expect(others).toEqual([]);
  });

  it('ignores a forged session cookie: the socket joins no user room', async () => {
    const forged = connect(node.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: `${SESSION_COOKIE}=e30.forged` },
    });
    sockets.push(forged);
    await new Promise<void>((resolve) => forged.on('connect', () => resolve()));
    const received: unknown[] = [];
    forged.on('balance:changed', (payload) => received.push(payload));
    node.realtime.toUser(aliceId, 'balance:changed', { userId: aliceId, auracoinBalance: 1 });
    await silence(100);
    expect(received).toEqual([]);
  });

  it('runs per-connection handlers: a socket joins only the conversations its handler allows', async () => {
    const alice = await socketOf(node.url, aliceId);
    const anonymous = await socketOf(node.url);
    sockets.push(alice, anonymous);
    await expect(alice.emitWithAck('conversation:join', `conv-of-${aliceId}`)).resolves.toBe(true);
    await expect(alice.emitWithAck('conversation:join', `conv-of-${bobId}`)).resolves.toBe(false);
    await expect(anonymous.emitWithAck('conversation:join', `conv-of-${aliceId}`)).resolves.toBe(false);
  });

  it("pushes a 'readmodel:changed' repeated many times a second once at once and once more at the end of its window", async () => {
    const alice = await socketOf(node.url, aliceId);
    sockets.push(alice);
    const pushes: { payload: unknown; at: number }[] = [];
    alice.on('readmodel:changed', (payload) => pushes.push({ payload, at: Date.now() }));
    const started = Date.now();
    for (let n = 0; n < 50; n++) node.realtime.toUser(aliceId, 'readmodel:changed', { model: 'statistics', id: 'her' });
    node.realtime.toUser(aliceId, 'readmodel:changed', { model: 'payouts', id: 'her' });
    await silence(100);
    expect(pushes.map(({ payload }) => payload)).toEqual([
      { model: 'statistics', id: 'her' },
      { model: 'payouts', id: 'her' },
    ]);
    await silence(300);
    expect(pushes.map(({ payload }) => payload)).toEqual([
      { model: 'statistics', id: 'her' },
      { model: 'payouts', id: 'her' },
      { model: 'statistics', id: 'her' },
    ]);
    expect(pushes[2]!.at - started).toBeGreaterThanOrEqual(150);
    // the window closed with nothing new: the next change goes out at once again
    await silence(250);
    node.realtime.toUser(aliceId, 'readmodel:changed', { model: 'statistics', id: 'her' });
    await silence(100);
    expect(pushes).toHaveLength(4);
    // other events are never held back
    const balances: unknown[] = [];
    alice.on('balance:changed', (payload) => balances.push(payload));
    for (let n = 0; n < 5; n++)
      node.realtime.toUser(aliceId, 'balance:changed', { userId: aliceId, auracoinBalance: n });
    await silence(100);
    expect(balances).toHaveLength(5);
  });
});

const redis = engineSource('REDIS_URL', 'Redis');
describeWithEngine(redis, 'realtime across nodes through the Redis adapter', () => {
  let redisUrl: string;
  let container: StartedTestContainer | undefined;
  beforeAll(async () => {
    if (redis.kind === 'url') redisUrl = redis.url;
    else {
      container = await new GenericContainer('redis:7').withExposedPorts(6379).start();
      redisUrl = `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
    }
  });
  afterAll(async () => {
    await container?.stop();
  });

  it('delivers an event emitted by a node without HTTP (the projector) to a socket on the api node', async () => {
    const api = await listen({ redisUrl });
    const projector = createRealtime({ logger, redisUrl });
    const alice = await socketOf(api.url, aliceId);
    try {
      await silence(200); // the adapters' subscriptions settle
      const delivered = heard(alice, 'balance:changed');
      projector.toUser(aliceId, 'balance:changed', { userId: aliceId, auracoinBalance: 99 });
      await expect(delivered).resolves.toEqual({ userId: aliceId, auracoinBalance: 99 });
    } finally {
      alice.close();
      await projector.close();
      await api.realtime.close();
    }
  });

  it('a socket whose connection drops for a moment gets, once back, what was pushed to it meanwhile (connection-state recovery)', async () => {
    const api = await listen({ redisUrl });
    const projector = createRealtime({ logger, redisUrl });
    const alice = await socketOf(api.url, aliceId);
    try {
      await silence(200);
      const balances: unknown[] = [];
      alice.on('balance:changed', (payload) => balances.push(payload));
      projector.toUser(aliceId, 'balance:changed', { userId: aliceId, auracoinBalance: 1 });
      await silence(200);
      expect(balances).toHaveLength(1);
      const back = heard(alice, 'connect');
      alice.io.engine.close();
      projector.toUser(aliceId, 'balance:changed', { userId: aliceId, auracoinBalance: 2 });
      projector.toUser(aliceId, 'balance:changed', { userId: aliceId, auracoinBalance: 3 });
      await back;
      await silence(300);
      expect(alice.recovered).toBe(true);
      expect(balances).toEqual([1, 2, 3].map((auracoinBalance) => ({ userId: aliceId, auracoinBalance })));
    } finally {
      alice.close();
      await projector.close();
      await api.realtime.close();
    }
  });

  it('drops a push that comes after the stop instead of publishing on the closed Redis connection', async () => {
    const node = createRealtime({ logger, redisUrl });
    await silence(100);
    await node.close();
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      expect(() => node.toEveryone('presence:count', { onlineUsers: 1, performersOnline: 1 })).not.toThrow();
      await silence(200);
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});

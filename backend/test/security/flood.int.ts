/**
 * Issue 19, item 8: nothing that writes or rings can be flooded. Messages (per identity and
 * conversation, and per account), typing, conversation starts, session requests and cancels,
 * photo purchases, uploads and sign-ins each meet their limit (set small here through
 * `RATE_LIMITS`): 429 with `Retry-After` and the Italian text, the log and every balance as they
 * were. With the default limits a person chatting normally never meets one. Two api replicas on
 * one Redis count in the same buckets.
 */
import { spawn, spawnSync } from 'node:child_process';
import { io as connect, type Socket } from 'socket.io-client';
import { deterministicId } from '../../platform/ids';
import { chatRateLimits } from '../../commands/chat/rate-limits';
import { limitsInForce, parseRateLimits } from '../../platform/config/rate-limits';
import { createRateLimiter, doorRateLimits } from '../../platform/http/rate-limit';
import { createRedisKeyValueStore } from '../../platform/kv/redis';
import { client, startTestApp, type TestApp } from '../app-harness';
import { fund, logLength, superadminClient, userClient } from '../admin-session';
import { freePort, onlinePerformer, type Http } from '../session-helpers';
import { PNG_1X1 as PNG } from '../image-network';

const LIMITS = [
  'message=3/1m,messageAccount=5/1m,typing=2/1m,conversation=2/10m,sessionRequest=2/10m,sessionCancel=1/10m',
  'photoPurchase=1/10m,upload=2/15m,signInAccount=2/15m',
].join(',');
const demo = (username: string) => deterministicId(`demo-performer:${username}`);

let app: TestApp;
let admin: Http;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMITS: LIMITS, SESSION_REQUEST_TIMEOUT_MS: '60000' });
  await app.seedDemo();
  await app.settled();
  admin = await superadminClient(app);
});
afterAll(async () => {
  await app.close();
});

const balanceOf = async (http: Http, userId: string) =>
  (await http.get(`/api/users/${userId}`)).json.auracoinBalance as number;

/** a refusal for going too fast, as every one reads */
function expectTooMany(answer: { status: number; headers: Headers; json: Record<string, unknown> }) {
  expect(answer.status).toBe(429);
  expect(answer.json).toMatchObject({ code: 'too_many_requests', detail: 'Troppi tentativi, riprova più tardi' });
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** the log and the user's balance before and after a refusal */
async function unchangedBy(userHttp: Http, userId: string, refuse: () => Promise<void>) {
  await app.settled();
  const [log, balance] = [await logLength(app), await balanceOf(userHttp, userId)];
  await refuse();
  await app.settled();
  expect(await logLength(app)).toBe(log);
  expect(await balanceOf(userHttp, userId)).toBe(balance);
}

describe('messages', () => {
  it('limits one identity in one conversation, then the account over all of them', async () => {
    const user = await userClient(app);
    await fund(app, user.id, 100);
    const conversations: string[] = [];
    for (const name of ['giulia.rossi', 'sofia.marino'])
      conversations.push((await user.http.post('/api/conversations', { performerId: demo(name) })).json.id as string);
    const post = (conversationId: string, content: string) =>
      user.http.post('/api/messages', { conversationId, senderId: user.id, senderType: 'user', content });
    for (let i = 0; i < 3; i++) expect((await post(conversations[0]!, `ciao ${i}`)).status).toBe(201);
    await unchangedBy(user.http, user.id, async () => expectTooMany(await post(conversations[0]!, 'ancora')));
    // the other conversation has its own budget, up to the account's five a minute
    for (let i = 0; i < 2; i++) expect((await post(conversations[1]!, `ciao ${i}`)).status).toBe(201);
    await unchangedBy(user.http, user.id, async () => expectTooMany(await post(conversations[1]!, 'ancora')));
  });

  it('a replay of a stored message (same Idempotency-Key) is no new message and counts nothing', async () => {
    const user = await userClient(app);
    await fund(app, user.id, 100);
    const conversationId = (await user.http.post('/api/conversations', { performerId: demo('valentina.greco') })).json
      .id as string;
    const body = { conversationId, senderId: user.id, senderType: 'user', content: 'una volta' };
    const first = await user.http.post('/api/messages', body, { 'Idempotency-Key': 'replayed-key-1' });
    expect(first.status).toBe(201);
    for (let i = 0; i < 5; i++)
      expect((await user.http.post('/api/messages', body, { 'Idempotency-Key': 'replayed-key-1' })).json.id).toBe(
        first.json.id,
      );
    expect((await user.http.post('/api/messages', { ...body, content: 'due' })).status).toBe(201);
  });
});

describe('conversations', () => {
  it('limits the conversations a user starts; opening one already started counts nothing', async () => {
    const user = await userClient(app);
    const open = (username: string) => user.http.post('/api/conversations', { performerId: demo(username) });
    expect((await open('chiara.conti')).status).toBe(201);
    expect((await open('elena.ferrari')).status).toBe(201);
    expect((await open('chiara.conti')).status).toBe(200);
    await unchangedBy(user.http, user.id, async () => expectTooMany(await open('aiko.tanaka')));
  });
});

describe('typing', () => {
  it('drops typing signals past the limit silently, over every connection of the account', async () => {
    const user = await userClient(app);
    const performer = client(app.url);
    expect(
      (await performer.post('/api/performer/login', { username: 'camila.lopez', password: 'demo-performer' })).status,
    ).toBe(200);
    const conversationId = (await user.http.post('/api/conversations', { performerId: demo('camila.lopez') })).json
      .id as string;
    const sockets = [user.http, user.http, performer].map((http) =>
      connect(app.url, { transports: ['websocket'], extraHeaders: { cookie: http.cookie()! } }),
    );
    const [first, second, hers] = sockets as [Socket, Socket, Socket];
    try {
      await Promise.all(sockets.map((socket) => new Promise<void>((resolve) => socket.on('connect', () => resolve()))));
      for (const socket of sockets)
        expect(await new Promise((resolve) => socket.emit('conversation:join', conversationId, resolve))).toBe(true);
      const heard: unknown[] = [];
      hers.on('chat:typing', (payload: unknown) => heard.push(payload));
      // a stop always passes each connection's own 1 s throttle: only the shared limit holds these back
      for (const socket of [first, second, first, second]) {
        socket.emit('chat:typing', conversationId, false);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // real sockets: a third typing push would arrive within this, and no condition tells that none comes
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(heard).toHaveLength(2);
      expect(first.connected && second.connected).toBe(true);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });
});

describe('private sessions', () => {
  it('limits the requests a user rings and the requests he cancels, each refusal writing nothing', async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: 1 });
    const user = await userClient(app);
    await fund(app, user.id, 100);
    const request = () => user.http.post('/api/sessions', { performerId: performer.id });
    const cancel = (sessionId: string) => user.http.post(`/api/sessions/${sessionId}/end`);
    const first = await request();
    expect(first.status).toBe(201);
    expect((await cancel(first.json.id as string)).status).toBe(200);
    const second = await request();
    expect(second.status).toBe(201);
    // the second cancel of ten minutes is refused: the request still rings
    await unchangedBy(user.http, user.id, async () => expectTooMany(await cancel(second.json.id as string)));
    expect((await user.http.get(`/api/sessions/${second.json.id as string}`)).json.status).toBe('requested');
    // she declines it; a third request is refused
    expect((await performer.http.post(`/api/sessions/${second.json.id as string}/decline`)).status).toBe(200);
    await unchangedBy(user.http, user.id, async () => expectTooMany(await request()));
  });
});

describe('photo purchases', () => {
  it('limits the photos a user buys, the refusal charging nothing', async () => {
    const user = await userClient(app);
    await fund(app, user.id, 100);
    const buy = (index: number) =>
      user.http.post(`/api/photos/${deterministicId(`demo-photo:mei.lin:${index}`)}/purchase`, undefined, {
        'Idempotency-Key': `buy-${user.id}-${index}`,
      });
    expect((await buy(0)).status).toBe(201);
    await unchangedBy(user.http, user.id, async () => expectTooMany(await buy(1)));
  });
});

describe('uploads and sign-ins', () => {
  it('limits document uploads per address', async () => {
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(PNG)]), 'id-front.png');
      return fetch(`${app.url}/api/upload`, { method: 'POST', body: form });
    };
    expect((await upload()).status).toBe(201);
    expect((await upload()).status).toBe(201);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits sign-ins per address and account name, whichever the password', async () => {
    const user = client(app.url);
    const name = `signin${Date.now().toString(36)}`;
    expect(
      (
        await user.post('/api/register', {
          username: name,
          email: `${name}@example.com`,
          password: 'secret-pass',
          sensitiveDataConsent: true,
        })
      ).status,
    ).toBe(201);
    expect((await client(app.url).post('/api/login', { username: name, password: 'wrong-pass' })).status).toBe(401);
    expect((await client(app.url).post('/api/login', { username: name, password: 'secret-pass' })).status).toBe(200);
    expectTooMany(await client(app.url).post('/api/login', { username: name, password: 'secret-pass' }));
  });
});

describe('normal use under the default limits', () => {
  let paced: TestApp;
  let clock = Date.parse('2026-03-02T18:00:00Z');
  beforeAll(async () => {
    paced = await startTestApp({ RATE_LIMITS: '' }, { now: () => new Date(clock) });
    await paced.seedDemo();
    await paced.settled();
  });
  afterAll(async () => {
    await paced.close();
  });

  it('a lively chat never meets a limit: a burst of 10 messages in 10 s, then one every 3 s for 5 minutes, and her answers', async () => {
    const user = await userClient(paced);
    await fund(paced, user.id, 1000);
    const performer = client(paced.url);
    expect(
      (await performer.post('/api/performer/login', { username: 'giulia.rossi', password: 'demo-performer' })).status,
    ).toBe(200);
    const conversationId = (await user.http.post('/api/conversations', { performerId: demo('giulia.rossi') })).json
      .id as string;
    const statuses = new Map<number, number>();
    const say = async (http: Http, senderId: string, senderType: 'user' | 'performer', content: string) => {
      const { status } = await http.post('/api/messages', { conversationId, senderId, senderType, content });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    };
    for (let i = 0; i < 10; i++) {
      await say(user.http, user.id, 'user', `raffica ${i}`);
      clock += 1000;
    }
    for (let i = 0; i < 100; i++) {
      await say(user.http, user.id, 'user', `messaggio ${i}`);
      if (i % 2 === 0) await say(performer, demo('giulia.rossi'), 'performer', `risposta ${i}`);
      clock += 3000;
    }
    expect(statuses).toEqual(new Map([[201, 160]]));
  });

  it('documents the defaults these figures stay under', () => {
    const unset = parseRateLimits(undefined);
    if (unset instanceof Error) throw unset;
    expect(limitsInForce({ ...doorRateLimits, ...chatRateLimits }, unset)).toEqual({
      ...doorRateLimits,
      ...chatRateLimits,
    });
    expect(chatRateLimits.message).toEqual({ max: 30, windowMs: 60_000 });
    expect(doorRateLimits.register).toEqual({ max: 10, windowMs: 3_600_000 });
  });
});

describe('a limit RATE_LIMITS names', () => {
  it('that no module declares stops the api from starting, naming it and the known ones', async () => {
    await expect(startTestApp({ RATE_LIMITS: 'messages=3/1m' })).rejects.toThrow(
      /RATE_LIMITS: no rate limit is named "messages" \(accountMail, conversation, .*typing, upload\)/,
    );
  });
});

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedis) process.stdout.write('\n[skip] rate limits across replicas: no redis-server on the PATH\n');

(hasRedis ? describe : describe.skip)('two api replicas on one Redis', () => {
  it('count in the same buckets: what one admitted, the other refuses', async () => {
    const port = await freePort();
    const redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const url = `redis://127.0.0.1:${port}`;
    // each replica opens its own connection, as the api processes do
    const stores = [createRedisKeyValueStore(url), createRedisKeyValueStore(url)];
    try {
      for (let i = 0; i < 100 && (await stores[0]!.health()).ok === false; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const overrides = parseRateLimits('message=3/1m');
      if (overrides instanceof Error) throw overrides;
      const limits = limitsInForce({ ...doorRateLimits, ...chatRateLimits }, overrides);
      const [one, two] = stores.map((kv) => createRateLimiter(kv, limits, Date.now)) as [
        ReturnType<typeof createRateLimiter>,
        ReturnType<typeof createRateLimiter>,
      ];
      const hit = ['message', 'identity|conversation'] as const;
      expect(await one.take(hit)).toBe(0);
      expect(await two.take(hit)).toBe(0);
      expect(await one.take(hit)).toBe(0);
      const wait = await two.take(hit);
      expect(wait).toBeGreaterThan(59_000);
      expect(wait).toBeLessThanOrEqual(60_000);
      // 20 at once from both: none slips in past the limit
      const other = ['message', 'another|conversation'] as const;
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).take(other)));
      expect(answers.filter((answer) => answer === 0)).toHaveLength(3);
    } finally {
      await Promise.all(stores.map((kv) => kv.close()));
      redis.kill();
    }
  });
});

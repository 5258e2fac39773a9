/**
 * Several api replicas, as compose runs them (docs/architecture.md#distributed-mode): two `api`
 * processes, one `projector` and one `worker`, each started with its npm script, on one PostgreSQL
 * database (events and read models, READ_MODELS=postgres) and one Redis (a redis-server of the
 * test's own), sharing SESSION_SECRET. Pushes cross replicas through the Socket.IO Redis streams
 * adapter; presence and counts are the sums of the replicas' expiring parts in Redis.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import type { Socket } from 'socket.io-client';
import { chatStreams, MESSAGES_PAGE_MAX, sessionStreams, streams, type MessageView } from '@aura/contracts';
import { createPostgresEventStore } from '../platform/eventstore/postgres';
import type { EventStore } from '../platform/eventstore/port';
import { client } from './app-harness';
import { SUPERADMIN } from './admin-session';
import {
  fundedUser,
  freePort,
  joinSession,
  onlinePerformer,
  scratchDatabase,
  socketFor,
  waitForSession,
  type Http,
} from './session-helpers';
import {
  startProxy,
  startRedisServer,
  startRole,
  waitForOutput,
  waitUntilReady,
  type RoleProcess,
} from './replica-processes';

const databaseUrl = process.env.DATABASE_URL;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const runnable = Boolean(databaseUrl && process.env.REDIS_URL && hasRedisServer);
if (!runnable) process.stdout.write('\n[skip] api replicas: needs DATABASE_URL, REDIS_URL and a redis-server binary\n');
const describeReplicas = runnable ? describe : describe.skip;

const MINUTE_MS = 1_000;
const PRESENCE_TTL_MS = 3_000;
const GRACE_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Collects one event's payloads on a socket. */
function record<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

async function eventually<T>(
  what: string,
  probe: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: never reached; last ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

/** The same signed-in client, talking to another replica. */
function on(url: string, http: Http): Http {
  const other = client(url);
  other.setCookie(http.cookie());
  return other;
}

describeReplicas('two api replicas, a projector and a worker on PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let redis: ChildProcess;
  let env: Record<string, string>;
  let ports: { a: number; b: number };
  const roles: Record<string, RoleProcess> = {};
  const urls = { a: '', b: '' };
  let events: EventStore;
  let admin: Http;
  const sockets: Socket[] = [];

  const startApi = async (name: 'a' | 'b') => {
    roles[name] = startRole('api', env, ports[name]);
    await waitUntilReady(roles[name], `${urls[name]}/api/health`);
  };
  const connect = async (url: string, http?: Http, options: { reconnection?: boolean } = {}) => {
    const socket = await socketFor(url, http ?? client(url), options);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    const redisPort = await freePort();
    redis = await startRedisServer(redisPort);
    database = await scratchDatabase(databaseUrl!, 'aura_replicas');
    ports = { a: await freePort(), b: await freePort() };
    urls.a = `http://127.0.0.1:${ports.a}`;
    urls.b = `http://127.0.0.1:${ports.b}`;
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      READ_MODELS: 'postgres',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SESSION_SECRET: 'replicas-test-session-secret-of-32-chars',
      ADMIN_USERNAME: SUPERADMIN.username,
      ADMIN_PASSWORD: SUPERADMIN.password,
      SEED_DEMO: 'false',
      PRESENCE_TTL_MS: String(PRESENCE_TTL_MS),
      BILLING_MINUTE_MS: String(MINUTE_MS),
      SESSION_RECONNECT_GRACE_MS: String(GRACE_MS),
      PRESENCE_GRACE_MS: '2000',
    };
    // the first api creates the superadmin; the others start once it has
    await startApi('a');
    roles.projector = startRole('projector', { ...env, LOG_LEVEL: 'info' });
    roles.worker = startRole('worker', env);
    await startApi('b');
    // its 'projector running' line is logged at info (the others log at warn)
    await waitForOutput(roles.projector, /projector running/);
    events = await createPostgresEventStore({ connectionString: database.url });
    admin = client(urls.a);
    await eventually(
      'superadmin sign-in',
      () => admin.post('/api/admin/verify', SUPERADMIN),
      (answer) => answer.status === 200,
      30_000,
    );
  }, 150_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(Object.values(roles).map((role) => role.signal('SIGTERM')));
    await events?.close();
    await database?.drop();
    redis?.kill('SIGTERM');
  }, 30_000);

  it('pushes a message posted on replica A to the performer on replica B once; typing, read marks and presence cross too', async () => {
    const performer = await onlinePerformer(urls.a, admin, { rate: 1 });
    const user = await fundedUser(urls.a, admin, 100);
    const performerSocket = await connect(urls.b, performer.http);
    const userSocket = await connect(urls.a, user.http);
    const watcher = await connect(urls.b);
    const received = record<{ message: MessageView }>(performerSocket, 'chat:message');
    const typing = record<{ typing: boolean }>(performerSocket, 'chat:typing');
    const reads = record<{ reader: string }>(userSocket, 'chat:read');
    const presence = record<{ performerId: string; viewers: number }>(watcher, 'performer:presence');

    const conversation = await user.http.post('/api/conversations', { performerId: performer.id });
    expect(conversation.status).toBe(201);
    const conversationId = conversation.json.id as string;
    const sent = await user.http.post('/api/messages', {
      conversationId,
      senderId: user.id,
      senderType: 'user',
      content: 'da A a B',
    });
    expect(sent.status).toBe(201);
    await eventually(
      'the message on B',
      () => received.length,
      (n) => n >= 1,
    );
    // real sockets across two processes: a second copy would come within this, and no condition tells that none comes
    await sleep(500);
    expect(received.map(({ message }) => message.id)).toEqual([sent.json.id]);

    const joined = await Promise.all(
      [userSocket, performerSocket].map(
        (socket) => new Promise<boolean>((resolve) => socket.emit('conversation:join', conversationId, resolve)),
      ),
    );
    expect(joined).toEqual([true, true]);
    userSocket.emit('chat:typing', conversationId, true);
    await eventually(
      'typing on B',
      () => typing.length,
      (n) => n >= 1,
    );
    expect(typing[0]).toMatchObject({ typing: true });

    const read = await on(urls.b, performer.http).send('PATCH', `/api/messages/${conversationId}/read/${performer.id}`);
    expect(read.status).toBe(200);
    await eventually(
      'the read mark on A',
      () => reads.length,
      (n) => n >= 1,
    );
    expect(reads[0]).toMatchObject({ reader: 'performer' });

    userSocket.emit('performer:view', performer.id);
    await eventually(
      'the viewer on B',
      () => presence.filter((each) => each.performerId === performer.id).at(-1)?.viewers,
      (viewers) => viewers === 1,
    );
    const viewersOn = (url: string) => async () =>
      (await client(url).get(`/api/performers/${performer.id}`)).json.viewers;
    await eventually('one viewer on A', viewersOn(urls.a), (viewers) => viewers === 1);
    await eventually('one viewer on B', viewersOn(urls.b), (viewers) => viewers === 1);
    userSocket.emit('performer:view', null);
  });

  it("counts presence on both replicas alike, and a SIGKILLed replica's connections leave the counts while the live one's stay", async () => {
    const performer = await onlinePerformer(urls.a, admin);
    const users = await Promise.all([0, 1, 2].map(() => fundedUser(urls.a, admin, 0)));
    const count = async (url: string) => (await client(url).get('/api/presence')).json.onlineUsers as number;
    const viewersOf = async (url: string) =>
      (await client(url).get(`/api/performers/${performer.id}`)).json.viewers as number;
    const counts = () => Promise.all([count(urls.a), count(urls.b)]);
    const viewers = () => Promise.all([viewersOf(urls.a), viewersOf(urls.b)]);
    // the earlier tests' connections go first: from here on, every connection is this test's
    for (const socket of sockets.splice(0)) socket.close();
    await eventually('nobody connected', counts, ([a, b]) => a === 0 && b === 0);
    // two users on A (one looking at her), one on B looking at her
    const onA = await Promise.all(users.slice(0, 2).map((user) => connect(urls.a, user.http)));
    const onB = await connect(urls.b, users[2]!.http);
    onA[0]!.emit('performer:view', performer.id);
    onB.emit('performer:view', performer.id);
    await eventually('both replicas count the three', counts, ([a, b]) => a === 3 && b === 3);
    await eventually('both replicas count two viewers', viewers, ([a, b]) => a === 2 && b === 2);

    const killedAt = Date.now();
    await roles.a!.signal('SIGKILL');
    await eventually(
      'B forgets A’s connections',
      () => count(urls.b),
      (b) => b === 1,
      60_000,
    );
    await eventually(
      'B counts one viewer',
      () => viewersOf(urls.b),
      (b) => b === 1,
      60_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    // B's own connection is still counted after several lifetimes of a part
    // real processes' presence parts expire in real time (PRESENCE_TTL_MS): nothing to wait on but the lifetimes passing
    await sleep(PRESENCE_TTL_MS * 2);
    expect(await count(urls.b)).toBe(1);
    expect(await viewersOf(urls.b)).toBe(1);
    onB.emit('performer:view', null);
    await startApi('a');
  }, 120_000);

  it("SIGKILL of the replica with the user's session socket: he rejoins the other in the grace, the session goes on, every minute billed once", async () => {
    const performer = await onlinePerformer(urls.a, admin, { rate: 1 });
    const user = await fundedUser(urls.a, admin, 200);
    const requested = await user.http.post('/api/sessions', { performerId: performer.id });
    expect(requested.status).toBe(201);
    const sessionId = requested.json.id as string;
    const userSocket = await connect(urls.a, user.http);
    expect(await joinSession(userSocket, sessionId)).toMatchObject({ ok: true });
    const performerB = on(urls.b, performer.http);
    expect((await performerB.post(`/api/sessions/${sessionId}/accept`)).status).toBe(200);
    const performerSocket = await connect(urls.b, performer.http);
    expect(await joinSession(performerSocket, sessionId)).toMatchObject({ ok: true });
    // signalling crosses replicas: the user's offer on A reaches the performer on B
    const signals = record<{ from: string }>(performerSocket, 'session:signal');
    const forwarded = await new Promise<boolean>((resolve) =>
      userSocket.emit('session:signal', { sessionId, description: { type: 'offer', sdp: 'v=0\r\n' } }, resolve),
    );
    expect(forwarded).toBe(true);
    await eventually(
      'the offer on B',
      () => signals.length,
      (n) => n >= 1,
    );
    expect(signals[0]).toMatchObject({ from: 'user' });

    await waitForSession(performerB, sessionId, (view) => view.minutesBilled >= 2, 20_000);
    await roles.a!.signal('SIGKILL');
    const userB = on(urls.b, user.http);
    const again = await connect(urls.b, user.http);
    expect(await joinSession(again, sessionId)).toMatchObject({ ok: true });
    const before = (await waitForSession(userB, sessionId, () => true)).minutesBilled;
    const later = await waitForSession(userB, sessionId, (view) => view.minutesBilled >= before + 3, 30_000);
    expect(later.status).toBe('active');
    const ended = await userB.post(`/api/sessions/${sessionId}/end`);
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({ endReason: 'user_ended' });
    const minutes = ended.json.minutesBilled as number;
    expect(minutes).toBe(
      Math.ceil((Date.parse(ended.json.endedAt as string) - Date.parse(ended.json.startedAt as string)) / MINUTE_MS),
    );
    const billed = (await events.readStream(streams.wallet(user.id)))
      .filter((event) => event.type === 'SessionMinuteBilled')
      .map((event) => (event.data as { minute: number }).minute);
    expect(billed).toEqual(Array.from({ length: minutes }, (_, index) => index + 1));
    // the user was away at most while he moved over: marked back as often as he was marked gone
    const sessionEvents = (await events.readStream(sessionStreams.session(sessionId))).map((event) => event.type);
    expect(sessionEvents.filter((type) => type === 'SessionPartyReturned')).toHaveLength(
      sessionEvents.filter((type) => type === 'SessionPartyLeft').length,
    );
    await startApi('a');
  }, 120_000);

  it('a projector SIGKILLed and started again: what was sent meanwhile reaches the read side once', async () => {
    const performer = await onlinePerformer(urls.a, admin, { rate: 1 });
    const user = await fundedUser(urls.a, admin, 100);
    const conversation = await user.http.post('/api/conversations', { performerId: performer.id });
    const conversationId = conversation.json.id as string;
    const sendOn = (url: string, content: string) =>
      on(url, user.http).post('/api/messages', { conversationId, senderId: user.id, senderType: 'user', content });
    expect((await sendOn(urls.a, 'prima')).status).toBe(201);
    await roles.projector!.signal('SIGKILL');
    // the commands still go in (a command waiting for its read model answers 503 at worst, never 500)
    const meanwhile = await Promise.all([sendOn(urls.a, 'durante 1'), sendOn(urls.b, 'durante 2')]);
    expect(meanwhile.map((answer) => answer.status).every((status) => status === 201 || status === 503)).toBe(true);
    roles.projector = startRole('projector', env);
    const listed = await eventually(
      'the messages listed',
      async () =>
        ((await user.http.get(`/api/messages/${conversationId}`)).json as unknown as MessageView[]).map(
          (message) => message.content,
        ),
      (contents) => contents.length >= 3,
      60_000,
    );
    expect([...listed].sort()).toEqual(['durante 1', 'durante 2', 'prima']);
  }, 90_000);

  it('a rolling restart (SIGTERM A, start A, SIGTERM B, start B) under steady load answers no 5xx and loses no message', async () => {
    const performer = await onlinePerformer(urls.a, admin, { rate: 1 });
    const user = await fundedUser(urls.a, admin, 1_000);
    const conversation = await user.http.post('/api/conversations', { performerId: performer.id });
    const conversationId = conversation.json.id as string;
    const proxy = await startProxy([ports.a, ports.b]);
    const viaProxy = on(proxy.url, user.http);
    const statuses: number[] = [];
    /** answers given while a replica was out of the proxy's rotation */
    let answeredWhileOut = 0;
    const failures: string[] = [];
    const sent: string[] = [];
    let running = true;
    let n = 0;
    const load = (async () => {
      while (running) {
        n += 1;
        const [read, write] = await Promise.all([
          client(proxy.url).get('/api/performers'),
          viaProxy.post(
            '/api/messages',
            { conversationId, senderId: user.id, senderType: 'user', content: `carico ${n}` },
            { 'idempotency-key': `rolling-${n}` },
          ),
        ]);
        statuses.push(read.status, write.status);
        if (proxy.out().length > 0) answeredWhileOut += 1;
        for (const answer of [read, write])
          if (answer.status >= 500) failures.push(`${answer.status} ${answer.text.slice(0, 300)}`);
        if (write.status === 201) sent.push(write.json.id as string);
        await sleep(20);
      }
    })();
    // a rolling restart of real processes under load: the load must run for a while before, between and after each
    await sleep(1_000);
    for (const name of ['a', 'b'] as const) {
      const code = await roles[name]!.signal('SIGTERM');
      if (code !== 0) throw new Error(`api ${name} exited ${code} on SIGTERM:\n${roles[name]!.output()}`);
      await sleep(500); // load while only the other replica serves
      await startApi(name);
      await sleep(1_000); // load on both again before the next one goes
    }
    running = false;
    await load;
    await proxy.close();

    expect(failures).toEqual([]);
    // each replica was down a while: the proxy took it out of the rotation (its /readyz said draining,
    // or it refused a connection; which of the two it met first is a matter of timing) and the other
    // answered meanwhile
    expect(proxy.outages(ports.a)).toBeGreaterThan(0);
    expect(proxy.outages(ports.b)).toBeGreaterThan(0);
    expect(answeredWhileOut).toBeGreaterThan(0);
    expect(statuses.length).toBeGreaterThan(50);
    expect(new Set(statuses)).toEqual(new Set([200, 201]));
    // a paid message is in the payer's wallet, a free one in a stream of its own
    const paid = (await events.readStream(streams.wallet(user.id)))
      .filter(
        (event) =>
          event.type === 'MessageSent' && (event.data as { conversationId: string }).conversationId === conversationId,
      )
      .map((event) => (event.data as { messageId: string }).messageId);
    const free: string[] = [];
    for (const id of sent.filter((each) => !paid.includes(each))) {
      if ((await events.readStream(chatStreams.message(id))).some((event) => event.type === 'MessageSent'))
        free.push(id);
    }
    expect(sent).toHaveLength(n);
    expect(new Set(sent).size).toBe(n);
    expect([...paid, ...free].sort()).toEqual([...sent].sort());
    // and the read side's newest page holds the newest of them, in order
    const listed = await eventually(
      'the newest messages listed',
      () => user.http.get(`/api/messages/${conversationId}?limit=${MESSAGES_PAGE_MAX}`),
      (answer) => (answer.json as unknown as MessageView[]).at(-1)?.id === sent.at(-1),
    );
    const ids = (listed.json as unknown as MessageView[]).map((message) => message.id);
    expect(ids).toEqual(sent.slice(-ids.length));
  }, 150_000);
});

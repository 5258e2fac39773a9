/**
 * Public shows end to end over HTTP and Socket.IO: going live, the room's chat and moderation, tips
 * through the ledger (and their race with the end), the tip menu, goals, the pause for a private
 * session, the room's socket events, and who may do each. The events are on PostgreSQL (a scratch
 * database) when DATABASE_URL is set, else on the embedded stack.
 */
import type { Socket } from 'socket.io-client';
import { performerStreams, showStreams, streams, type ShowJoinAnswer, type ShowView } from '@aura/contracts';
import { spendEventIds } from '../ledger';
import { newId } from '../platform/ids';
import { client, startTestApp, type TestApp } from './app-harness';
import { logLength, send, superadminClient } from './admin-session';
import { fundedUser, onlinePerformer, scratchDatabase, socketFor, type Http } from './session-helpers';

let app: TestApp;
let admin: Http;
let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
const sockets: Socket[] = [];

beforeAll(async () => {
  if (process.env.DATABASE_URL) database = await scratchDatabase(process.env.DATABASE_URL, 'aura_shows');
  else process.stdout.write('\n[note] shows: no DATABASE_URL, the events are on the embedded PGlite\n');
  app = await startTestApp(database ? { DATABASE_URL: database.url } : {});
  admin = await superadminClient(app);
}, 300_000);
jest.setTimeout(60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
  await database?.drop();
});

async function open(http: Http) {
  const socket = await socketFor(app.url, http);
  sockets.push(socket);
  return socket;
}
const join = (socket: Socket, showId: string) =>
  new Promise<ShowJoinAnswer>((resolve) => socket.emit('show:join', showId, resolve));
/** the next `event` the socket hears that passes `match` */
function next<T>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function liveShow(title = 'Serata jazz') {
  const performer = await onlinePerformer(app.url, admin);
  const started = await performer.http.post('/api/shows', { title });
  expect(started.status).toBe(201);
  return { performer, show: started.json as unknown as ShowView };
}
const tip = (http: Http, showId: string, body: Record<string, unknown>, key = newId()) =>
  http.post(`/api/shows/${showId}/tips`, body, { 'idempotency-key': key });
const walletLength = async (userId: string) => (await app.infra.eventStore.readStream(streams.wallet(userId))).length;

describe('going live and ending', () => {
  it('goes live once, lists the show, answers its view, ends it for everyone', async () => {
    const { performer, show } = await liveShow();
    expect(show).toMatchObject({
      performerId: performer.id,
      title: 'Serata jazz',
      status: 'live',
      goal: null,
      tipMenu: [],
      viewerCount: 0,
    });
    expect(typeof show.startedAt).toBe('string');
    const before = await logLength(app);
    const twice = await performer.http.post('/api/shows', { title: 'Ancora' });
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ code: 'show_already_live', detail: 'Sei già in onda' });
    expect(await logLength(app)).toBe(before);

    const visitor = client(app.url);
    expect((await visitor.get('/api/shows')).json).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: show.id, status: 'live' })]),
    );
    const seen = await visitor.get(`/api/shows/${show.id}`);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({
      id: show.id,
      performerId: performer.id,
      status: 'live',
      viewerCount: 0,
      goal: null,
      tipMenu: [],
    });
    expect(seen.json.summary).toBeUndefined();

    const watcher = await open(visitor);
    expect(await join(watcher, show.id)).toEqual({ ok: true, role: 'viewer', canWrite: false });
    const endedHeard = next<{ showId: string; status: string }>(
      watcher,
      'show:status',
      (payload) => payload.showId === show.id && payload.status === 'ended',
    );
    const ended = await performer.http.post(`/api/shows/${show.id}/end`);
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({ status: 'ended', summary: { peakViewers: 1, tipsCount: 0 } });
    await endedHeard;
    expect((await visitor.get('/api/shows')).json).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ id: show.id })]),
    );
    expect((await performer.http.post(`/api/shows/${show.id}/end`)).status).toBe(409);
    // she can go live again
    expect((await performer.http.post('/api/shows', { title: 'Di nuovo' })).status).toBe(201);
    const mine = await performer.http.get(`/api/performers/${performer.id}/shows`);
    expect(mine.json).toHaveLength(2);
  });

  it('refuses visitors, users, other performers and bad bodies', async () => {
    const { performer, show } = await liveShow();
    const other = await onlinePerformer(app.url, admin);
    const user = await fundedUser(app, admin, 10);
    const before = await logLength(app);
    expect((await client(app.url).post('/api/shows', { title: 'x' })).status).toBe(401);
    expect((await user.http.post('/api/shows', { title: 'x' })).status).toBe(403);
    expect((await other.http.post('/api/shows', {})).status).toBe(400);
    expect((await other.http.post('/api/shows', { title: '   ' })).status).toBe(400);
    expect((await other.http.post('/api/shows', 'not json')).status).toBe(400);
    expect((await client(app.url).post(`/api/shows/${show.id}/end`)).status).toBe(401);
    expect((await user.http.post(`/api/shows/${show.id}/end`)).status).toBe(403);
    expect((await other.http.post(`/api/shows/${show.id}/end`)).status).toBe(403);
    expect((await other.http.get(`/api/performers/${performer.id}/shows`)).status).toBe(403);
    expect((await client(app.url).get(`/api/shows/${newId()}`)).status).toBe(404);
    expect((await client(app.url).get('/api/shows/nope')).status).toBe(400);
    expect(await logLength(app)).toBe(before);
    // an admin may end it, with a statement of reasons (issue 39 item 4)
    expect((await admin.post(`/api/shows/${show.id}/end`, {})).json).toMatchObject({ code: 'statement_required' });
    const statement = { statement: 'Lo show violava i termini di servizio.' };
    expect((await admin.post(`/api/shows/${show.id}/end`, statement)).json).toMatchObject({ status: 'ended' });
  });
});

describe('tips through the ledger', () => {
  it('spends, credits her 55%, answers the balance, replays a key, refuses what the wallet cannot pay', async () => {
    const { performer, show } = await liveShow();
    const user = await fundedUser(app, admin, 30);
    const watcher = await open(client(app.url));
    await join(watcher, show.id);
    const heard = next<{ tip: { amount: number; displayName: string; message: string } }>(watcher, 'show:tip');
    const key = newId();
    const first = await tip(user.http, show.id, { amount: 10, message: 'Brava!' }, key);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      balance: 20,
      tip: { showId: show.id, amount: 10, message: 'Brava!', displayName: user.username, menuItemId: null },
    });
    expect((await heard).tip).toMatchObject({ amount: 10, displayName: user.username, message: 'Brava!' });
    const again = await tip(user.http, show.id, { amount: 10, message: 'Brava!' }, key);
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ balance: 20, tip: { id: (first.json.tip as { id: string }).id } });

    const before = await walletLength(user.id);
    const short = await tip(user.http, show.id, { amount: 25 });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ code: 'insufficient_balance', detail: 'Insufficient auracoin balance' });
    expect(await walletLength(user.id)).toBe(before);

    await app.settled();
    const earnings = await eventually(
      () => app.infra.eventStore.readStream(performerStreams.earnings(performer.id)),
      (events) => events.length > 0,
    );
    expect(earnings.map((event) => event.data)).toEqual([
      expect.objectContaining({ source: 'tip', grossUnits: 1000, purchasedUnits: 1000, shareCents: 550 }),
    ]);
    const seen = await performer.http.get(`/api/shows/${show.id}`);
    expect(seen.json.summary).toMatchObject({ tipsCount: 1, tipsAmount: 10, earningsCents: 550 });
    expect((await client(app.url).get(`/api/shows/${show.id}/tips`)).json).toEqual([
      expect.objectContaining({ amount: 10, message: 'Brava!' }),
    ]);
    const audit = await app.audit();
    expect(audit.problems).toEqual([]);
  });

  it('of concurrent tips from a wallet that affords k, exactly k succeed', async () => {
    const { show } = await liveShow();
    const user = await fundedUser(app, admin, 35);
    const answers = await Promise.all(Array.from({ length: 8 }, () => tip(user.http, show.id, { amount: 10 })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    await app.settled();
    expect((await user.http.get(`/api/users/${user.id}`)).json).toMatchObject({ auracoinBalance: 5 });
    expect((await app.audit()).problems).toEqual([]);
  });

  it('racing the end, no tip is charged after it: 100 tips, those refused charge nothing', async () => {
    const { performer, show } = await liveShow();
    const users = await Promise.all(Array.from({ length: 10 }, () => fundedUser(app, admin, 100)));
    const fired: { userId: string; key: string; status: number; json: Record<string, unknown> }[] = [];
    const fire = async (index: number) => {
      const user = users[index % users.length]!;
      const key = newId();
      const answer = await tip(user.http, show.id, { amount: 1 }, key);
      fired.push({ userId: user.id, key, status: answer.status, json: answer.json });
    };
    // the tips on their way, and the end among them
    const tips = Array.from({ length: 100 }, (_, index) => fire(index));
    const end = performer.http.post(`/api/shows/${show.id}/end`);
    await Promise.all(tips);
    expect((await end).status).toBe(200);

    const stage = await app.infra.eventStore.readStream(showStreams.stage(performer.id));
    const endedAt = Date.parse(
      (stage.find((event) => event.type === 'ShowEnded')!.data as { endedAt: string }).endedAt,
    );
    const charged = new Map<string, string>();
    for (const user of users) {
      const wallet = await app.infra.eventStore.readStream(streams.wallet(user.id));
      wallet.forEach((event, index) => {
        if (event.type === 'ShowTipped' && wallet[index + 1]?.type === 'AuracoinDebited')
          charged.set(event.id, (event.data as { tippedAt: string }).tippedAt);
      });
    }
    // none charged after the end
    expect([...charged.values()].filter((tippedAt) => Date.parse(tippedAt) > endedAt)).toEqual([]);
    const chargedFor = (userId: string, key: string) => charged.has(spendEventIds(userId, `tip:${show.id}:${key}`)[0]);
    const paid = fired.filter((one) => one.status === 201);
    const refused = fired.filter((one) => one.status === 409);
    for (const one of paid) expect(chargedFor(one.userId, one.key)).toBe(true);
    // every refused tip charged nothing
    for (const one of refused) {
      expect(one.json).toMatchObject({ code: 'show_ended', detail: 'Lo show è terminato' });
      expect(chargedFor(one.userId, one.key)).toBe(false);
    }
    // a loaded machine's read model may answer a paid tip 'busy' (503, its read-your-writes wait): it was paid
    for (const one of fired.filter((answer) => ![201, 409].includes(answer.status)))
      expect(one).toMatchObject({ status: 503, json: { code: 'service_unavailable' } });
    expect(fired).toHaveLength(100);
    await app.settled();
    let left = 0;
    for (const user of users) left += (await user.http.get(`/api/users/${user.id}`)).json.auracoinBalance as number;
    expect(left).toBe(10 * 100 - charged.size);
    expect((await app.audit()).problems).toEqual([]);
  });

  it('refuses a tip to an ended show, bad amounts, visitors, performers, admins and a missing key', async () => {
    const { performer, show } = await liveShow();
    const user = await fundedUser(app, admin, 100);
    const before = await walletLength(user.id);
    expect((await tip(client(app.url), show.id, { amount: 5 })).status).toBe(401);
    expect((await tip(performer.http, show.id, { amount: 5 })).status).toBe(403);
    expect((await tip(admin, show.id, { amount: 5 })).status).toBe(403);
    expect((await user.http.post(`/api/shows/${show.id}/tips`, { amount: 5 })).status).toBe(400);
    for (const amount of [0, -5, 0.3, 100_000, 'dieci'])
      expect((await tip(user.http, show.id, { amount })).status).toBe(400);
    expect((await tip(user.http, show.id, { amount: 5, menuItemId: newId() })).status).toBe(404);
    expect((await tip(user.http, newId(), { amount: 5 })).status).toBe(404);
    await performer.http.post(`/api/shows/${show.id}/end`);
    const late = await tip(user.http, show.id, { amount: 5 });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ detail: 'Lo show è terminato' });
    expect(await walletLength(user.id)).toBe(before);
  });
});

describe('tip menu and goals', () => {
  it('keeps up to 25 items; a one-click item tip tells the room which item', async () => {
    const { performer, show } = await liveShow();
    const other = await onlinePerformer(app.url, admin);
    const items = Array.from({ length: 25 }, (_, index) => ({ label: `Voce ${index + 1}`, price: 5 + index }));
    const url = `${app.url}/api/performers/${performer.id}/tip-menu`;
    const before = await logLength(app);
    expect((await send(performer.http, 'PUT', url, { items: [...items, { label: 'Troppe', price: 5 }] })).status).toBe(
      400,
    );
    expect((await send(performer.http, 'PUT', url, { items: [{ label: 'Cara', price: 5000 }] })).status).toBe(400);
    expect((await send(performer.http, 'PUT', url, { items: [{ label: '', price: 5 }] })).status).toBe(400);
    expect((await send(other.http, 'PUT', url, { items })).status).toBe(403);
    expect((await send(client(app.url), 'PUT', url, { items })).status).toBe(401);
    expect(await logLength(app)).toBe(before);
    const set = await send(performer.http, 'PUT', url, {
      items: [{ label: 'Balla una canzone', price: 25 }, ...items.slice(1)],
    });
    expect(set.status).toBe(200);
    await app.settled();
    const view = (await client(app.url).get(`/api/shows/${show.id}`)).json as unknown as ShowView;
    expect(view.tipMenu).toHaveLength(25);
    const dance = view.tipMenu[0]!;
    expect(dance).toMatchObject({ label: 'Balla una canzone', price: 25 });

    const user = await fundedUser(app, admin, 100);
    const watcher = await open(client(app.url));
    await join(watcher, show.id);
    const heard = next<{ tip: { menuItemLabel: string | null } }>(watcher, 'show:tip');
    expect((await tip(user.http, show.id, { amount: 20, menuItemId: dance.id })).status).toBe(400);
    expect((await tip(user.http, show.id, { amount: 25, menuItemId: dance.id, expectedPrice: 20 })).status).toBe(409);
    const bought = await tip(user.http, show.id, { amount: 25, menuItemId: dance.id, expectedPrice: 25 });
    expect(bought.status).toBe(201);
    expect((await heard).tip.menuItemLabel).toBe('Balla una canzone');
  });

  it('fills the goal with every tip, reaches it, carries the surplus to the next; refuses bad targets and others', async () => {
    const { performer, show } = await liveShow();
    const other = await onlinePerformer(app.url, admin);
    const user = await fundedUser(app, admin, 100);
    const goals = `/api/shows/${show.id}/goals`;
    const before = await logLength(app);
    for (const target of [0, -10, 'molto'])
      expect((await performer.http.post(goals, { description: 'Ballo', target })).status).toBe(400);
    expect((await performer.http.post(goals, { target: 10 })).status).toBe(400);
    expect(
      (
        await performer.http.post(goals, {
          description: 'Ballo',
          target: 10,
          deadline: new Date(Date.now() - 60_000).toISOString(),
        })
      ).status,
    ).toBe(400);
    expect((await other.http.post(goals, { description: 'Ballo', target: 10 })).status).toBe(403);
    expect((await user.http.post(goals, { description: 'Ballo', target: 10 })).status).toBe(403);
    expect((await client(app.url).post(goals, { description: 'Ballo', target: 10 })).status).toBe(401);
    expect(await logLength(app)).toBe(before);

    const first = await performer.http.post(goals, { description: 'Ballo', target: 30 });
    expect(first.status).toBe(201);
    expect(first.json.goal).toMatchObject({ description: 'Ballo', target: 30, progress: 0, deadline: null });
    expect((await performer.http.post(goals, { description: 'Canzone', target: 20 })).json).toMatchObject({
      goal: { description: 'Ballo' },
      queuedGoals: 1,
    });

    const watcher = await open(client(app.url));
    await join(watcher, show.id);
    const moved = next<{ goal: { progress: number } | null }>(
      watcher,
      'show:goal',
      (payload) => payload.goal?.progress === 20,
    );
    await tip(user.http, show.id, { amount: 20 });
    await moved;
    const reached = next<{
      goal: { description: string; progress: number } | null;
      reached: { description: string } | null;
    }>(watcher, 'show:goal', (payload) => payload.reached !== null);
    await tip(user.http, show.id, { amount: 15 });
    expect(await reached).toMatchObject({
      reached: { description: 'Ballo' },
      goal: { description: 'Canzone', progress: 5 },
    });
    await app.settled();
    expect((await client(app.url).get(`/api/shows/${show.id}`)).json).toMatchObject({
      goal: { description: 'Canzone', target: 20, progress: 5 },
      queuedGoals: 0,
    });
    expect((await performer.http.get(`/api/shows/${show.id}`)).json.summary).toMatchObject({
      goalsReached: 1,
      tipsAmount: 35,
    });
  });

  it('ends an unmet goal at its deadline', async () => {
    const { performer, show } = await liveShow();
    // three seconds ahead: a busy machine still decides the goal before its deadline
    const set = await performer.http.post(`/api/shows/${show.id}/goals`, {
      description: 'Presto',
      target: 50,
      deadline: new Date(Date.now() + 3_000).toISOString(),
    });
    expect(set.status).toBe(201);
    expect(set.json.goal).toMatchObject({ description: 'Presto', target: 50 });
    const view = await eventually(
      async () => (await client(app.url).get(`/api/shows/${show.id}`)).json,
      (json) => json.goal === null,
      20_000,
    );
    expect(view.goal).toBeNull();
    const room = await app.infra.eventStore.readStream(`show-${show.id}`);
    expect(room.map((event) => event.type)).toEqual(['ShowGoalSet', 'ShowGoalExpired']);
  });
});

describe('the room chat and its moderation', () => {
  it('visitors read, signed-in users write as a name chosen once, lines reach the room; she deletes, mutes and bans', async () => {
    const { performer, show } = await liveShow();
    const user = await fundedUser(app, admin, 100);
    const other = await onlinePerformer(app.url, admin);
    const messages = `/api/shows/${show.id}/messages`;
    const visitor = client(app.url);
    const watcher = await open(visitor);
    await join(watcher, show.id);

    expect((await visitor.post(messages, { content: 'ciao' })).status).toBe(401);
    expect((await other.http.post(messages, { content: 'ciao' })).status).toBe(403);
    expect((await user.http.post(messages, { content: 'x'.repeat(501) })).status).toBe(400);
    expect((await user.http.post(messages, { content: '   ' })).status).toBe(400);
    expect((await user.http.post(messages, { content: 42 })).status).toBe(400);

    // her page (her mute and ban buttons) hears who wrote a line; a viewer's never (issue 39 item 8)
    const herSocket = await open(performer.http);
    await join(herSocket, show.id);
    type Heard = { message: { content: string; identityId?: string } };
    const heard = next<Heard>(watcher, 'show:message');
    const heardByHer = next<Heard>(herSocket, 'show:message', ({ message }) => message.identityId !== undefined);
    const posted = await user.http.post(messages, { content: '<b>ciao</b> a tutti' });
    expect(posted.status).toBe(201);
    expect(posted.json).toMatchObject({
      content: '<b>ciao</b> a tutti',
      displayName: user.username,
      senderType: 'user',
      identityId: user.id,
    });
    expect((await heard).message.content).toBe('<b>ciao</b> a tutti');
    expect((await heard).message).not.toHaveProperty('identityId');
    expect((await heardByHer).message).toMatchObject({ content: '<b>ciao</b> a tutti', identityId: user.id });
    const alias = await user.http.post(`/api/users/${user.id}/aliases`, { aliasName: 'Zorro', price: 50 });
    expect(alias.status).toBe(201);
    const asAlias = await user.http.post(messages, { content: 'sono io', aliasId: alias.json.id });
    expect(asAlias.status).toBe(409);
    expect((await performer.http.post(messages, { content: 'Benvenuti' })).json).toMatchObject({
      senderType: 'performer',
    });
    expect((await visitor.get(messages)).json).toEqual([
      expect.objectContaining({ content: '<b>ciao</b> a tutti' }),
      expect.objectContaining({ content: 'Benvenuti' }),
    ]);
    expect(JSON.stringify((await visitor.get(messages)).json)).not.toContain(user.id);
    expect((await performer.http.get(messages)).json).toContainEqual(
      expect.objectContaining({ content: '<b>ciao</b> a tutti', identityId: user.id }),
    );

    // moderation: only she and admins
    const lineId = posted.json.id as string;
    expect((await send(other.http, 'DELETE', `${app.url}${messages}/${lineId}`)).status).toBe(403);
    expect((await send(user.http, 'DELETE', `${app.url}${messages}/${lineId}`)).status).toBe(403);
    expect((await send(performer.http, 'DELETE', `${app.url}${messages}/${newId()}`)).status).toBe(404);
    const gone = next<{ messageId: string }>(watcher, 'show:message-deleted');
    expect((await send(performer.http, 'DELETE', `${app.url}${messages}/${lineId}`)).status).toBe(200);
    expect((await gone).messageId).toBe(lineId);
    await app.settled();
    expect((await visitor.get(messages)).json).toEqual([expect.objectContaining({ content: 'Benvenuti' })]);

    expect((await other.http.post(`/api/shows/${show.id}/mutes`, { identityId: user.id })).status).toBe(403);
    expect((await performer.http.post(`/api/shows/${show.id}/mutes`, { identityId: user.id })).status).toBe(200);
    await app.settled();
    const muted = await user.http.post(messages, { content: 'ancora' });
    expect(muted.status).toBe(403);
    expect(muted.json).toMatchObject({ code: 'show_muted', detail: 'Sei stato silenziato in questa stanza' });

    const userSocket = await open(user.http);
    expect(await join(userSocket, show.id)).toEqual({ ok: true, role: 'viewer', canWrite: false });
    expect((await other.http.post(`/api/shows/${show.id}/bans`, { identityId: user.id })).status).toBe(403);
    expect((await performer.http.post(`/api/shows/${show.id}/bans`, { identityId: newId() })).status).toBe(404);
    const dropped = next<{ showId: string }>(userSocket, 'show:banned');
    expect((await admin.post(`/api/shows/${show.id}/bans`, { identityId: user.id })).status).toBe(200);
    await dropped;
    await app.settled();
    expect(await join(userSocket, show.id)).toEqual({ ok: false, error: 'show_banned' });
    expect((await tip(user.http, show.id, { amount: 5 })).status).toBe(403);
    expect((await user.http.post(messages, { content: 'ciao' })).status).toBe(403);
  });
});

describe('the room on the socket', () => {
  it('answers age_verification_required to a browser without a proof of age: the room, its media and ICE (issue 39)', async () => {
    const { show } = await liveShow();
    const unverified = await open(client(app.url, { ageProof: false }));
    expect(await join(unverified, show.id)).toEqual({ ok: false, error: 'age_verification_required' });
    const ice = await new Promise((resolve) => unverified.emit('show:ice-config', { showId: show.id }, resolve));
    expect(ice).toEqual({ ok: false, error: 'age_verification_required' });
    const watch = await new Promise((resolve) => unverified.emit('show:watch', { showId: show.id }, resolve));
    expect(watch).toEqual({ ok: false, error: 'age_verification_required' });
    const proven = await open(client(app.url));
    expect(await join(proven, show.id)).toMatchObject({ ok: true, role: 'viewer' });
  });

  it('counts viewers (her own page is not one), tells the room, records the peak', async () => {
    const { performer, show } = await liveShow();
    const herSocket = await open(performer.http);
    expect(await join(herSocket, show.id)).toEqual({ ok: true, role: 'publisher', canWrite: true });
    const user = await fundedUser(app, admin, 10);
    const a = await open(user.http);
    expect(await join(a, show.id)).toEqual({ ok: true, role: 'viewer', canWrite: true });
    const b = await open(client(app.url));
    const two = next<{ viewerCount: number }>(herSocket, 'show:viewers', (payload) => payload.viewerCount === 2);
    await join(b, show.id);
    await two;
    expect((await client(app.url).get(`/api/shows/${show.id}`)).json.viewerCount).toBe(2);
    const one = next<{ viewerCount: number }>(herSocket, 'show:viewers', (payload) => payload.viewerCount === 1);
    b.disconnect();
    await one;
    expect(await join(a, newId())).toEqual({ ok: false, error: 'not_found' });
    const ended = await performer.http.post(`/api/shows/${show.id}/end`);
    expect(ended.json).toMatchObject({ summary: { peakViewers: 2 } });
    expect(await join(a, show.id)).toEqual({ ok: false, error: 'show_ended' });
  });

  it('the first viewer is one viewer everywhere: her room hears it, the show and her gallery card read it', async () => {
    const { performer, show } = await liveShow('Prima serata');
    const herSocket = await open(performer.http);
    expect(await join(herSocket, show.id)).toEqual({ ok: true, role: 'publisher', canWrite: true });
    // her own page is not a viewer
    expect((await client(app.url).get(`/api/shows/${show.id}`)).json.viewerCount).toBe(0);
    const one = next<{ showId: string; viewerCount: number }>(herSocket, 'show:viewers');
    const user = await fundedUser(app, admin, 10);
    const first = await open(user.http);
    expect(await join(first, show.id)).toEqual({ ok: true, role: 'viewer', canWrite: true });
    expect(await one).toEqual({ showId: show.id, viewerCount: 1 });
    expect((await client(app.url).get(`/api/shows/${show.id}`)).json.viewerCount).toBe(1);
    const listed = (await client(app.url).get('/api/shows')).json as unknown as ShowView[];
    expect(listed.find((each) => each.id === show.id)?.viewerCount).toBe(1);
    expect((await client(app.url).get(`/api/performers/${performer.id}`)).json).toMatchObject({ viewers: 1 });
    // joining again from the same page counts him once
    expect(await join(first, show.id)).toMatchObject({ ok: true });
    expect((await client(app.url).get(`/api/shows/${show.id}`)).json.viewerCount).toBe(1);
    const none = next<{ viewerCount: number }>(herSocket, 'show:viewers');
    first.emit('show:exit', show.id);
    expect(await none).toMatchObject({ viewerCount: 0 });
    expect((await client(app.url).get(`/api/performers/${performer.id}`)).json).toMatchObject({ viewers: 0 });
    await performer.http.post(`/api/shows/${show.id}/end`);
  });

  it("pauses for her private session ('In privato') and resumes after", async () => {
    const { performer, show } = await liveShow();
    const watcher = await open(client(app.url));
    await join(watcher, show.id);
    const user = await fundedUser(app, admin, 100);
    const requested = await user.http.post('/api/sessions', { performerId: performer.id });
    expect(requested.status).toBe(201);
    const paused = next<{ showId: string; status: string }>(
      watcher,
      'show:status',
      (payload) => payload.showId === show.id && payload.status === 'paused',
    );
    expect((await performer.http.post(`/api/sessions/${requested.json.id as string}/accept`)).status).toBe(200);
    await paused;
    expect((await client(app.url).get(`/api/shows/${show.id}`)).json.status).toBe('paused');
    const resumed = next<{ showId: string; status: string }>(
      watcher,
      'show:status',
      (payload) => payload.showId === show.id && payload.status === 'live',
    );
    expect((await user.http.post(`/api/sessions/${requested.json.id as string}/end`)).status).toBe(200);
    await resumed;
  });
});

/** Helpers for private-session tests and benches: online performers, funded users, session sockets. */
import { createServer } from 'node:net';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import type { SessionJoinAnswer, SessionView } from '@aura/contracts';
import type { TestClock } from '../platform/clock';
import { client, type TestApp } from './app-harness';
import { fund, send } from './admin-session';

export type Http = ReturnType<typeof client>;

let counter = 0;
const suffix = () => `${Date.now().toString(36)}${(counter += 1)}`;

/** An approved performer created by an admin, online, and a client signed in as her. */
export async function onlinePerformer(url: string, admin: Http, options: { rate?: number; name?: string } = {}) {
  const tag = suffix();
  const body = {
    name: options.name ?? `Performer ${tag}`,
    age: 27,
    // a picture of Aura's own: a URL would be fetched by the server, and the split roles have no test network
    image: '/demo/performers/1.svg',
    isOnline: true,
    creditsPerMinute: options.rate ?? 2,
    languages: 'Italiano',
    username: `perf${tag}`,
    email: `perf${tag}@example.com`,
    password: 'secret-pass',
  };
  const created = await admin.post('/api/performers', body);
  if (created.status !== 201) throw new Error(`performer creation failed: ${created.status} ${created.text}`);
  const http = client(url);
  const login = await http.post('/api/performer/login', { username: body.username, password: body.password });
  if (login.status !== 200) throw new Error(`performer sign-in failed: ${login.status} ${login.text}`);
  return { id: created.json.id as string, http, name: body.name, username: body.username, password: body.password };
}

/**
 * A registered user holding `auracoin` purchased auracoin: an admin sets the balance to 0 (the
 * promotional welcome coins go), then the wallet is topped up as a paid card purchase would, so
 * what the user spends earns performers their share (docs/architecture.md#promotional-units).
 * Against a separate process (a `url`), the admin sets the balance instead: promotional units.
 */
export async function fundedUser(app: TestApp | string, admin: Http, auracoin: number) {
  const url = typeof app === 'string' ? app : app.url;
  const tag = suffix();
  const http = client(url);
  const username = `user${tag}`;
  const registered = await http.post('/api/register', {
    username,
    email: `${username}@example.com`,
    password: 'secret-pass',
    sensitiveDataConsent: true,
  });
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${registered.text}`);
  const id = registered.json.id as string;
  const balance = typeof app === 'string' ? auracoin : 0;
  const emptied = await send(admin, 'PATCH', `${url}/api/users/${id}`, { auracoinBalance: balance });
  if (emptied.status !== 200) throw new Error(`funding failed: ${emptied.status} ${emptied.text}`);
  if (typeof app !== 'string' && auracoin > 0) await fund(app, id, auracoin);
  return { id, http, username, email: `${username}@example.com` };
}

/** A Socket.IO connection with a client's session cookie, as the session page opens it. */
export async function socketFor(url: string, http: Http, options: { reconnection?: boolean } = {}): Promise<Socket> {
  await http.ready();
  const socket = connect(url, {
    transports: ['websocket'],
    extraHeaders: { cookie: http.cookie() ?? '' },
    reconnection: options.reconnection ?? false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export function joinSession(socket: Socket, sessionId: string): Promise<SessionJoinAnswer> {
  return new Promise((resolve) =>
    socket.emit('session:join', sessionId, (answer: SessionJoinAnswer) => resolve(answer)),
  );
}

/** Polls a party's view of the session until `done` holds (or fails after `timeoutMs`). */
export async function waitForSession(
  http: Http,
  sessionId: string,
  done: (view: SessionView) => boolean,
  timeoutMs = 10_000,
): Promise<SessionView> {
  const deadline = Date.now() + timeoutMs;
  let last: SessionView | undefined;
  for (;;) {
    const answer = await http.get(`/api/sessions/${sessionId}`);
    last = answer.json as unknown as SessionView;
    if (answer.status === 200 && done(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`session ${sessionId} never reached the expected state; last: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Moves a test clock on `stepMs` at a time until a party's view of the session shows `done`: the
 * business time of an app in this process (minutes billed, grace periods, a request's expiry)
 * passes without sleeping. Small steps, each waiting until what it set off (a job, its events, the
 * read models) is done before the view is read and time moves on. Fails after
 * `withinMs` of business time.
 */
export async function advanceUntilSession(
  app: Pick<TestApp, 'quiet'>,
  clock: TestClock,
  http: Http,
  sessionId: string,
  done: (view: SessionView) => boolean,
  { stepMs = 50, withinMs = 30_000 }: { stepMs?: number; withinMs?: number } = {},
): Promise<SessionView> {
  const deadline = clock.nowMs() + withinMs;
  for (;;) {
    const answer = await http.get(`/api/sessions/${sessionId}`);
    const view = answer.json as unknown as SessionView;
    if (answer.status === 200 && done(view)) return view;
    if (clock.nowMs() >= deadline)
      throw new Error(`session ${sessionId} not in the expected state after ${withinMs} ms: ${JSON.stringify(view)}`);
    await clock.advance(stepMs);
    await app.quiet();
  }
}

/**
 * A port nobody listens on right now, for a process that binds it later (or must come back on the
 * same one after a restart). Taken below the kernel's ephemeral range (32768 and up here), where
 * listen(0) and outgoing connections (of this run's other files, of anything on the machine) take
 * theirs: between this check and the process's own bind, or across its restart, nobody else gets it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
    if (attempt >= 50) throw new Error('no free port between 20000 and 32000');
  }
}

let databases = 0;

/** A fresh PostgreSQL database beside the one `databaseUrl` names (its role must be allowed to create one), and how to drop it. */
export async function scratchDatabase(
  databaseUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  // unique across the files a run has going at once (jest workers) and within one, and short of PostgreSQL's 63
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid.toString(36)}_${(databases += 1)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const parsed = new URL(databaseUrl);
  parsed.pathname = `/${name}`;
  return {
    url: parsed.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Waits until `check` holds (polling every `everyMs`), instead of sleeping for a guess: fails naming
 * `what` after `timeoutMs`. Answers what the check answered, when it answers more than true.
 */
export async function until<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs = 10_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer !== undefined && answer !== false) return answer;
    if (Date.now() > deadline) throw new Error(`${what}: not so after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * API specs in memory, in the style of Emmett's `ApiSpecification`: given events, when a request
 * (with a signed-in caller), then the status, the body and the new events. The command and read
 * sides of every module run on the in-memory event store, the mingo read models (projected by the
 * real projection runner), memory key-value stores, recorded jobs and pushes and a temp folder for
 * files; the Koa app is driven in process (`light-my-request`), no socket is opened.
 *
 *     const spec = apiSpec({ covers: ['createPackage'] });
 *     it('creates a package', () =>
 *       spec
 *         .given(existingStream(streams.admin(adminId), [adminCreated(...)]))
 *         .when((request) => request.post('/api/packages', body).as(admin(adminId)))
 *         .then([expectResponse(201, { body: { name: 'Oro' } }), expectNewEvents(streams.package(id), [...])]));
 *
 * `covers` names the routes whose happy path and main refusal the file specifies: once its specs
 * ran, each must have answered at least one 2xx/3xx and one 4xx (`afterAll`), and the guard spec
 * (backend/test/api-spec-coverage.spec.ts) reads the names to find mutating routes without one.
 *
 * Every spec gets a world of its own (a fresh store and read models); what is costly and the same
 * for all (module loading, password hashes) is shared within the file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { inject, type Response as InjectedResponse } from 'light-my-request';
import {
  apiRoutes,
  eventSchemas,
  isKnownEventType,
  MFA_CODE_HEADER,
  priceBelowFloorMessage,
  type ApiRouteName,
  type DomainEvent,
  type ErrorCode,
  type EventType,
  type RouteContract,
} from '@aura/contracts';
import { loadConfig, type Config } from '../platform/config/config';
import { GENEROUS_RATE_LIMITS } from './generous-rate-limits';
import type { StoredEvent } from '../platform/eventstore/port';
import { createRemoteImages } from '../platform/files/remote-image';
import { memoryPresence } from '../platform/presence/memory';
import { createLocalFileStorage } from '../platform/files/storage';
import { createHttpApp } from '../platform/http/app';
import { createSessionManager, guardedSessions, SESSION_COOKIE, type Principal } from '../platform/http/session';
import { ageVerifierFrom } from '../platform/age/config';
import { AGE_PROOF_COOKIE, createAgeProofs } from '../platform/age/proofs';
import type { EnqueueOptions, JobQueue } from '../platform/jobs/port';
import { createMemoryKeyValueStore } from '../platform/kv/memory';
import { createTestClock, type Clock } from '../platform/clock';
import { createLogger } from '../platform/logging/logger';
import type { CommandSide, ModulePorts, ReadSide, RealtimeEmitter } from '../kernel/module';
import { createProjectionRunner, type ProjectionDefinition, type ProjectionRunner } from '../kernel/projections/runner';
import { createMingoReadModelStore } from '../platform/readmodels/mingo';
import { createInMemoryEventStore } from './doubles/in-memory-event-store';
import { newId } from '../platform/ids';
import { commandSides, type CommandSides } from '../entry/command-sides';
import { readSides, type ReadSides } from '../entry/read-sides';
import { memoryImageNetwork } from './image-network';
import { memoryShowMedia } from './memory-show-media';
import { testPasswords } from './test-passwords';

/** The business time of every spec unless it names its own (a Monday morning, so weeks and days are plain). */
export const SPEC_NOW = new Date('2026-06-15T10:00:00.000Z');

/** The embedded payment provider's webhook secret in specs (a spec signs a webhook with it). */
export const SPEC_SANDBOX_WEBHOOK_SECRET = 'whsec_api_spec_0123456789abcdef';

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof HTTP_METHODS)[number];

export interface ApiSpecOptions {
  /** the routes whose happy path and main refusal this file specifies (checked after its specs ran) */
  covers: readonly ApiRouteName[];
  /**
   * Business time, the one place a spec's clock comes from: every module reads `ports.clock`,
   * sessions, key-value lifetimes and rate limits too. Default: a test clock standing at `SPEC_NOW`
   * (it moves only when a spec advances it).
   */
  clock?: Clock;
  /** configuration variables over the specs' own (NODE_ENV=test, generous rate limits, no engines) */
  env?: Record<string, string>;
  /**
   * Reactions of the worker role run beside the read models (none by default: a spec sees only
   * what its request appended), e.g. `(ports) => ledgerWorkers(ports).reactions` for the earnings
   * a sale credits. Their events count among the request's new events.
   */
  reactions?: (ports: ModulePorts) => ProjectionDefinition[];
}

// ---------------------------------------------------------------- given

export interface EventsInStream {
  streamId: string;
  events: readonly DomainEvent[];
}

/** Events already in a stream (appended in order, then projected before the request). */
export const existingStream = (streamId: string, events: readonly DomainEvent[]): EventsInStream => ({
  streamId,
  events,
});

/**
 * A request made before the one under test, which must succeed (2xx or 3xx): for a state whose
 * events are the provider's or too many to write by hand. Prefer events where they are plain.
 */
export interface PriorRequest {
  /** `priors`: the answers of the prior requests before this one */
  prior: (request: RequestBuilder, priors: SpecResponse[]) => SpecRequest;
}

export const priorRequest = (prior: PriorRequest['prior']): PriorRequest => ({ prior });

/** Something in the world's adapters that no event says (a stored file, a socket's presence). */
export interface WorldSetup {
  setup: (world: SpecWorld) => Promise<void> | void;
}

export const givenWorld = (setup: WorldSetup['setup']): WorldSetup => ({ setup });

export type GivenStep = EventsInStream | PriorRequest | WorldSetup;

// ---------------------------------------------------------------- when

/** Who calls: nobody, or a session of this account as the real SessionManager signs it. */
export type Caller = { kind: 'user' | 'performer'; id: string } | { kind: 'admin'; id: string; secondFactor?: boolean };

export const user = (id: string): Caller => ({ kind: 'user', id });
export const performer = (id: string): Caller => ({ kind: 'performer', id });
/**
 * An admin's session; `secondFactor`: she has enrolled a TOTP app (the harness enrols her through
 * the routes before the request, those events are not the request's) and the request carries a
 * fresh code in `X-MFA-Code`, as a money action (`secondFactor: 'fresh'`) asks, unless the spec
 * set that header itself.
 */
export const admin = (id: string, options: { secondFactor?: boolean } = {}): Caller => ({
  kind: 'admin',
  id,
  secondFactor: options.secondFactor,
});

export class SpecRequest {
  readonly headers: Record<string, string> = {};
  caller: Caller | undefined;
  payload: string | Buffer | undefined;

  constructor(
    readonly method: Method,
    readonly url: string,
    body?: unknown,
  ) {
    if (body !== undefined) this.json(body);
  }

  /** false: the request holds no proof of age (by default every request of a spec holds one, as the callback makes it) */
  ageProof = true;

  /** a browser session that has not verified its age (issue 39): adult routes answer 403 */
  withoutAgeProof(): this {
    this.ageProof = false;
    return this;
  }

  /** the signed-in caller */
  as(caller: Caller | undefined): this {
    this.caller = caller;
    return this;
  }

  header(name: string, value: string): this {
    this.headers[name.toLowerCase()] = value;
    return this;
  }

  json(body: unknown): this {
    this.headers['content-type'] = 'application/json';
    this.payload = JSON.stringify(body);
    return this;
  }

  /** a body sent as it is (a malformed JSON, a file's bytes) */
  raw(payload: string | Buffer, contentType: string): this {
    this.headers['content-type'] = contentType;
    this.payload = payload;
    return this;
  }
}

export type RequestBuilder = { [M in Method]: (url: string, body?: unknown) => SpecRequest };

const requestBuilder: RequestBuilder = Object.fromEntries(
  HTTP_METHODS.map((method) => [method, (url: string, body?: unknown) => new SpecRequest(method, url, body)]),
) as RequestBuilder;

// ---------------------------------------------------------------- then

export interface SpecResponse {
  status: number;
  headers: InjectedResponse['headers'];
  /** the JSON body (undefined when the answer is no JSON) */
  body: unknown;
  text: string;
  /** the session cookie the answer set, if any */
  sessionCookie: string | undefined;
}

export interface SpecResult {
  response: SpecResponse;
  /** the events the request appended, in the log's order */
  newEvents: StoredEvent[];
  world: SpecWorld;
  /** the same, with the events appended since the request began read again (work the request left running) */
  refresh(): Promise<SpecResult>;
}

export type SpecCheck = (result: SpecResult) => void | Promise<void>;

/** The status and (a partial match of) the JSON body; `headers`: a partial match of the headers. */
export function expectResponse(
  status: number,
  expected: { body?: unknown; headers?: Record<string, unknown> } = {},
): SpecCheck {
  return ({ response }) => {
    expect({ status: response.status, body: response.body }).toMatchObject({
      status,
      ...(expected.body !== undefined && { body: expected.body }),
    });
    if (expected.headers) expect(response.headers).toMatchObject(expected.headers);
  };
}

/**
 * A refusal: the status and the problem+json code (and its `detail`, when named; `priceFloor`: the
 * price floor's words for the answer's figures); nothing appended unless told.
 */
export function expectError(
  status: number,
  code: ErrorCode,
  options: { detail?: string | RegExp; priceFloor?: string | RegExp; allowNewEvents?: boolean } = {},
): SpecCheck {
  return ({ response, newEvents }) => {
    expect({ status: response.status, code: (response.body as { code?: unknown } | undefined)?.code }).toEqual({
      status,
      code,
    });
    expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
    const detail = (response.body as { detail?: string }).detail;
    if (typeof options.detail === 'string') expect(detail).toBe(options.detail);
    else if (options.detail) expect(detail).toMatch(options.detail);
    if (options.priceFloor) {
      const { worstEurPerAuracoin, floorEur } = response.body as { worstEurPerAuracoin?: number; floorEur?: number };
      expect(priceBelowFloorMessage(worstEurPerAuracoin ?? NaN, floorEur ?? NaN)).toMatch(options.priceFloor);
    }
    if (!options.allowNewEvents) {
      // a signed request spends its code before the handler refuses (the gate runs first): that one use, nothing else
      const [signatures, written] = partition(newEvents, (event) => event.type === 'AdminMfaCodeUsed');
      expect(signatures.length).toBeLessThanOrEqual(1);
      expect(written.map(({ streamId, type }) => `${streamId} ${type}`)).toEqual([]);
    }
  };
}

/** The events a request wrote besides the use of its second-factor code (`AdminMfaCodeUsed`). */
export const withoutSignature = <E extends { type: string }>(events: readonly E[]): E[] =>
  events.filter((event) => event.type !== 'AdminMfaCodeUsed');

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

export interface ExpectedEvent {
  type: EventType;
  /** a partial match of the event's data */
  data?: Record<string, unknown>;
}

/** The events the request appended to this stream: exactly these types, in order, each data a partial match. */
export function expectNewEvents(streamId: string, expected: readonly ExpectedEvent[]): SpecCheck {
  return ({ newEvents }) => {
    const appended = newEvents.filter((event) => event.streamId === streamId);
    expect({ streamId, events: appended.map(({ type, data }) => ({ type, data })) }).toMatchObject({
      streamId,
      events: expected.map(({ type, data }) => ({ type, ...(data && { data }) })),
    });
    expect(appended).toHaveLength(expected.length);
  };
}

/**
 * A check that holds once work the request left running (after its answer) is done: tried again
 * on the log as it grows, until it passes or `timeoutMs` (default 2 s) has passed.
 */
export function eventually(check: SpecCheck, timeoutMs = 2_000): SpecCheck {
  return async (result) => {
    const deadline = Date.now() + timeoutMs;
    for (let current = result; ; current = await current.refresh()) {
      try {
        await check(current);
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  };
}

/** The request appended nothing at all. */
export const expectNoNewEvents = (): SpecCheck => expectNewEventTypes([]);

/** Every event the request appended, as `stream type` lines, in the log's order (an exact list). */
export function expectNewEventTypes(expected: readonly string[]): SpecCheck {
  return ({ newEvents }) => expect(newEvents.map(({ streamId, type }) => `${streamId} ${type}`)).toEqual(expected);
}

// ---------------------------------------------------------------- the world

export interface RecordedJob {
  name: string;
  payload: unknown;
  options?: EnqueueOptions;
}

export interface RecordedPush {
  to: 'user' | 'performer' | 'conversation' | 'show' | 'everyone' | 'admins';
  room?: string;
  event: string;
  payload: unknown;
}

/** One spec's backend: its ports, its sides and the Koa app, in memory. */
export interface SpecWorld {
  config: Config;
  ports: ModulePorts;
  reads: ReadSides;
  commands: CommandSides;
  /** the jobs enqueued (no worker runs them) */
  jobs: RecordedJob[];
  /** what the modules pushed to sockets (none is connected) */
  pushes: RecordedPush[];
  /** appends the events and waits until every read model applied them */
  append(...streams: EventsInStream[]): Promise<void>;
  /** every read model has applied the log */
  settled(): Promise<void>;
  /** answers the request in process */
  send(request: SpecRequest): Promise<SpecResponse>;
  /** a signed session cookie (`aura_session=…`) for the account, as sign-in would set it */
  sessionCookie(caller: { kind: Principal['kind']; id: string }): string;
  /** a proof-of-age cookie (`aura_age=…`) kept as the callback keeps one (issue 39) */
  ageProofCookie(): Promise<string>;
  close(): Promise<void>;
}

function recordingJobs(jobs: RecordedJob[]): JobQueue {
  return {
    adapter: 'recorded',
    register: () => undefined,
    async enqueue(name, payload, options) {
      jobs.push({ name, payload: JSON.parse(JSON.stringify(payload ?? null)) as unknown, options });
    },
    repeat: async () => undefined,
    removeRepeat: async () => undefined,
    start: async () => undefined,
    health: async () => ({ adapter: 'recorded', ok: true }),
    close: async () => undefined,
  };
}

function recordingRealtime(pushes: RecordedPush[]): RealtimeEmitter {
  const to =
    (kind: RecordedPush['to']) =>
    (room: string, event: string, payload: unknown): void =>
      void pushes.push({ to: kind, room, event, payload });
  return {
    toUser: to('user'),
    toPerformer: to('performer'),
    toConversation: to('conversation'),
    toShow: to('show'),
    toEveryone: (event: string, payload: unknown) => void pushes.push({ to: 'everyone', event, payload }),
    toAdmins: (event: string, payload: unknown) => void pushes.push({ to: 'admins', event, payload }),
  } as unknown as RealtimeEmitter;
}

const unique = <T>(items: T[]) => [...new Set(items)];

async function openWorld(dataDir: string, options: ApiSpecOptions): Promise<SpecWorld> {
  const clock = options.clock ?? createTestClock(SPEC_NOW);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RATE_LIMITS: GENEROUS_RATE_LIMITS,
    ADMIN_ADDRESS_LOCK_AFTER_FAILURES: '100000',
    SESSION_SECRET: 'api-spec-session-secret-0123456789abcdef',
    MFA_ENCRYPTION_KEY: 'api-spec-mfa-key-0123456789abcdef0123456789',
    SANDBOX_WEBHOOK_SECRET: SPEC_SANDBOX_WEBHOOK_SECRET,
    ...options.env,
  });
  const logger = createLogger(process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent');
  const eventStore = createInMemoryEventStore();
  const readModels = createMingoReadModelStore();
  const jobs: RecordedJob[] = [];
  const pushes: RecordedPush[] = [];
  const files = await createLocalFileStorage(path.join(dataDir, 'files'));
  const kv = createMemoryKeyValueStore(clock.nowMs);
  const revocations = createMemoryKeyValueStore(clock.nowMs);
  let guards: CommandSide[] = [];
  const sessionManager = createSessionManager({
    secret: config.SESSION_SECRET!,
    secure: false,
    revocations,
    now: clock.nowMs,
  });
  const sessions = guardedSessions(
    sessionManager,
    async (principal) => {
      for (const side of guards) if (side.acceptsSession && !(await side.acceptsSession(principal))) return false;
      return true;
    },
    async (ctx, caller, route) => {
      for (const side of guards) await side.admitsAdmin?.(ctx, caller, route);
    },
    createAgeProofs({
      provider: config.AGE_VERIFICATION,
      verifier: ageVerifierFrom(config, config.SESSION_SECRET!),
      kv,
      secret: config.SESSION_SECRET!,
      secure: false,
      production: config.production,
      nowMs: clock.nowMs,
    }),
  );
  const ports: ModulePorts = {
    eventStore,
    readModels,
    jobs: recordingJobs(jobs),
    kv,
    files,
    remoteImages: createRemoteImages(memoryImageNetwork(), files),
    showMedia: memoryShowMedia(),
    presence: memoryPresence(),
    sessions,
    realtime: recordingRealtime(pushes),
    config,
    clock,
    passwords: testPasswords,
    logger,
  };
  const reads = readSides(ports);
  const commands = commandSides(ports, reads);
  const commandList: CommandSide[] = Object.values(commands);
  guards = commandList;
  const readList: ReadSide[] = Object.values(reads);
  const everySide = unique<CommandSide | ReadSide>([...commandList, ...readList]);
  const projector: ProjectionRunner = createProjectionRunner({
    eventStore,
    readModels,
    projections: [...readList.flatMap((side) => side.projections ?? []), ...(options.reactions?.(ports) ?? [])],
    logger,
  });
  await projector.start();
  const app = createHttpApp({
    logger,
    production: false,
    bodyLimit: config.BODY_LIMIT,
    // a spec behind a trusted proxy (`env: { TRUST_PROXY: 'true' }`) names its caller's address in X-Forwarded-For
    proxy: config.TRUST_PROXY,
    routers: everySide.flatMap((side) => side.routers ?? []),
  });
  const listener = app.callback();
  const settled = () => projector.caughtUp();

  const sessionCookie = (caller: { kind: Principal['kind']; id: string }) =>
    `${SESSION_COOKIE}=${sessionManager.issue({ sub: caller.id, kind: caller.kind }).token}`;

  async function send(request: SpecRequest): Promise<SpecResponse> {
    const response = await inject(listener, {
      method: request.method.toUpperCase() as Uppercase<Method>,
      url: request.url,
      headers: request.headers,
      payload: request.payload,
      remoteAddress: '127.0.0.1',
    });
    let body: unknown;
    try {
      body = response.payload ? JSON.parse(response.payload) : undefined;
    } catch {
      body = undefined;
    }
    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    return {
      status: response.statusCode,
      headers: response.headers,
      body,
      text: response.payload,
      sessionCookie: session ? `${SESSION_COOKIE}=${session.value}` : undefined,
    };
  }

  return {
    config,
    ports,
    reads,
    commands,
    jobs,
    pushes,
    async append(...streams) {
      for (const { streamId, events } of streams) {
        if (events.length === 0) continue;
        await eventStore.appendToStream(
          streamId,
          events.map((event) => ({ id: newId(), type: event.type, data: parsedData(event), metadata: {} })),
          { expectedRevision: 'any' },
        );
      }
      await settled();
    },
    settled,
    send,
    sessionCookie,
    async ageProofCookie() {
      return `${AGE_PROOF_COOKIE}=${(await sessions.ages!.grant()).cookie}`;
    },
    async close() {
      await projector.stop();
      for (const side of everySide) await side.stop?.();
      await ports.showMedia.close();
      await eventStore.close();
      await readModels.close();
      await kv.close();
      await revocations.close();
    },
  };
}

/** A given event's data as its schema reads it (defaults filled): a fixture the schema refuses fails the spec at once. */
function parsedData(event: DomainEvent): unknown {
  if (!isKnownEventType(event.type)) throw new Error(`Unknown event type ${event.type}`);
  return eventSchemas[event.type].parse(event.data);
}

// ---------------------------------------------------------------- the second factor

const TOTP_STEP_MS = 30_000;

/** Enrols the admin's TOTP through the routes (code of the step before now) and answers a code of now's step. */
async function enrolSecondFactor(world: SpecWorld, adminId: string): Promise<string> {
  const cookie = world.sessionCookie({ kind: 'admin', id: adminId });
  const enrolled = await world.send(new SpecRequest('post', apiRoutes.adminMfaEnroll.path).header('cookie', cookie));
  if (enrolled.status >= 300) throw new Error(`MFA enrolment failed: ${enrolled.status} ${enrolled.text}`);
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32((enrolled.body as { secret: string }).secret),
  });
  const at = world.ports.clock.nowMs();
  const confirmed = await world.send(
    new SpecRequest('post', apiRoutes.adminMfaConfirm.path, {
      code: totp.generate({ timestamp: at - TOTP_STEP_MS }),
    }).header('cookie', cookie),
  );
  if (confirmed.status >= 300) throw new Error(`MFA confirmation failed: ${confirmed.status} ${confirmed.text}`);
  await world.settled();
  return totp.generate({ timestamp: at });
}

// ---------------------------------------------------------------- which route a request reached

interface RouteMatcher {
  name: ApiRouteName;
  method: Method;
  pattern: RegExp;
}

const routeMatchers: RouteMatcher[] = (Object.entries(apiRoutes) as [ApiRouteName, RouteContract][]).map(
  ([name, contract]) => ({
    name,
    method: contract.method,
    pattern: new RegExp(`^${contract.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
  }),
);

/** The contract a request's method and path name (a literal path wins over a parameter). */
export function routeOf(method: string, url: string): ApiRouteName | undefined {
  const pathname = url.split('?')[0]!;
  const matches = routeMatchers.filter((route) => route.method === method && route.pattern.test(pathname));
  return matches.sort((a, b) => b.pattern.source.length - a.pattern.source.length)[0]?.name;
}

/** The mutating routes of the contracts: every one must be in some file's `covers`. */
export const mutatingRoutes = (): ApiRouteName[] =>
  (Object.entries(apiRoutes) as [ApiRouteName, RouteContract][])
    .filter(([, contract]) => contract.method !== 'get')
    .map(([name]) => name);

// ---------------------------------------------------------------- the specification

export interface ApiSpecification {
  given(...steps: GivenStep[]): {
    /** `priors`: the answers of the given's prior requests, in order (an id one of them made) */
    when(request: (request: RequestBuilder, priors: SpecResponse[]) => SpecRequest): {
      then(checks: readonly SpecCheck[]): Promise<SpecResult>;
    };
  };
  /** a world of its own, for a spec that needs more than one request (`world.close()` is the spec's) */
  world(): Promise<SpecWorld>;
}

/**
 * The request with its caller's session cookie, and a proof of age unless the spec said otherwise
 * (as `then` sends it; for a spec that drives its own `world()`).
 */
export async function signedIn(world: SpecWorld, request: SpecRequest): Promise<SpecRequest> {
  const cookies = [
    request.headers.cookie,
    request.caller && world.sessionCookie(request.caller),
    request.ageProof && !request.headers.cookie?.includes(AGE_PROOF_COOKIE) && (await world.ageProofCookie()),
  ].filter(Boolean);
  return cookies.length > 0 ? request.header('cookie', cookies.join('; ')) : request;
}

/**
 * One request in a spec's own `world()`, as `caller` (nobody when undefined), with a proof of age,
 * answered once every read model applied what it wrote: for a spec that walks through many requests.
 */
export async function ask(
  world: SpecWorld,
  method: Method,
  url: string,
  caller?: Caller,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<SpecResponse> {
  const request = new SpecRequest(method, url, body).as(caller);
  for (const [name, value] of Object.entries(headers)) request.header(name, value);
  const answer = await world.send(await signedIn(world, request));
  await world.settled();
  return answer;
}

/** A world of the spec's own holding `given`, for `run` to walk through; closed after it, whatever happens. */
export async function inWorld(
  spec: Pick<ApiSpecification, 'world'>,
  given: readonly EventsInStream[],
  run: (world: SpecWorld) => Promise<void>,
): Promise<void> {
  const world = await spec.world();
  try {
    await world.append(...given);
    await run(world);
  } finally {
    await world.close();
  }
}

let passwordHashes: Map<string, Promise<string>> | undefined;

/** An argon2id hash of the password (the tests' cost), computed once per file (fixtures of accounts that sign in). */
export function passwordHashOf(password: string): Promise<string> {
  passwordHashes ??= new Map();
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = testPasswords.hash(password)));
  return hash;
}

export function apiSpec(options: ApiSpecOptions): ApiSpecification {
  let dataRoot: Promise<string> | undefined;
  let worlds = 0;
  const answered = new Map<ApiRouteName, Set<'success' | 'refusal' | 'other'>>();

  const newWorld = async () => {
    dataRoot ??= mkdtemp(path.join(tmpdir(), 'aura-api-spec-'));
    return openWorld(path.join(await dataRoot, String((worlds += 1))), options);
  };

  afterAll(async () => {
    if (dataRoot) await rm(await dataRoot, { recursive: true, force: true });
    // the file's specs must have shown each route it covers answering once and refusing once
    const missing = options.covers.flatMap((name) => {
      const seen = answered.get(name) ?? new Set();
      return [
        ...(seen.has('success') ? [] : [`${name}: no spec where it succeeds (2xx/3xx)`]),
        ...(seen.has('refusal') ? [] : [`${name}: no spec where it refuses (4xx)`]),
      ];
    });
    if (missing.length > 0) throw new Error(`apiSpec covers routes its specs do not show:\n${missing.join('\n')}`);
  });

  const record = (request: SpecRequest, status: number) => {
    const name = routeOf(request.method, request.url);
    if (!name) return;
    const seen = answered.get(name) ?? new Set();
    seen.add(status >= 200 && status < 400 ? 'success' : status >= 400 && status < 500 ? 'refusal' : 'other');
    answered.set(name, seen);
  };

  return {
    world: newWorld,
    given(...steps) {
      return {
        when(build) {
          return {
            async then(checks) {
              const world = await newWorld();
              try {
                const priors: SpecResponse[] = [];
                for (const step of steps) {
                  if ('streamId' in step) await world.append(step);
                  else if ('setup' in step) await step.setup(world);
                  else {
                    const prior = await world.send(await signedIn(world, step.prior(requestBuilder, priors)));
                    if (prior.status >= 400) throw new Error(`A prior request failed: ${prior.status} ${prior.text}`);
                    priors.push(prior);
                    await world.settled();
                  }
                }
                const request = build(requestBuilder, priors);
                if (request.caller?.kind === 'admin' && request.caller.secondFactor) {
                  const code = await enrolSecondFactor(world, request.caller.id);
                  // a spec that sets the header itself (a wrong code, none) keeps its own
                  if (!(MFA_CODE_HEADER in request.headers)) request.header(MFA_CODE_HEADER, code);
                }
                await signedIn(world, request);
                const before = (await world.ports.eventStore.headPosition()) ?? 0;
                const response = await world.send(request);
                record(request, response.status);
                const resultNow = async (): Promise<SpecResult> => {
                  await world.settled();
                  const newEvents = await world.ports.eventStore.readAll({ after: before });
                  return { response, newEvents, world, refresh: resultNow };
                };
                const result = await resultNow();
                for (const check of checks) await check(result);
                return result;
              } finally {
                await world.close();
              }
            },
          };
        },
      };
    },
  };
}

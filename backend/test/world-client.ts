/**
 * A browser over an API spec's world (`spec.world()`), for a spec that walks several requests in
 * one world (a reset link mailed then opened, a session ended by what another did): it keeps the
 * session cookie the answers set (sign-in, sign-out), holds a proof of age as a browser that passed
 * the check does, and answers the JSON body as `json`. In process, no socket.
 */
import { AGE_PROOF_COOKIE } from '../platform/age/proofs';
import { SESSION_COOKIE } from '../platform/http/session';
import { existingAdmin } from './api-fixtures';
import { createTestClock, type TestClock } from '../platform/clock';
import { SpecRequest, SPEC_NOW, type ApiSpecification, type SpecResponse, type SpecWorld } from './api-spec';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface WorldAnswer extends SpecResponse {
  /** the JSON body, `{}` when there is none */
  json: Record<string, unknown>;
}

export interface WorldClient {
  get(url: string): Promise<WorldAnswer>;
  /** a string body is sent as it is (a malformed JSON), anything else as JSON */
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<WorldAnswer>;
  patch(url: string, body?: unknown): Promise<WorldAnswer>;
  delete(url: string): Promise<WorldAnswer>;
  send(method: Method, url: string, body?: unknown, headers?: Record<string, string>): Promise<WorldAnswer>;
  /** the session cookie it holds (`aura_session=…`), if any */
  session(): string | undefined;
}

/** A browser of the world; `signedIn`: it holds a session of that account, as sign-in would have set it. */
export function worldClient(
  world: SpecWorld,
  signedIn?: { kind: 'user' | 'performer' | 'admin'; id: string },
): WorldClient {
  let session = signedIn && world.sessionCookie(signedIn);
  let proof: string | undefined;

  async function send(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
    proof ??= await world.ageProofCookie();
    const request = new SpecRequest(method, url);
    if (typeof body === 'string') request.raw(body, 'application/json');
    else if (body !== undefined) request.json(body);
    for (const [name, value] of Object.entries(headers)) request.header(name, value);
    request.header('cookie', [session, proof].filter(Boolean).join('; '));
    const response = await world.send(request);
    if (response.sessionCookie !== undefined)
      session = response.sessionCookie === `${SESSION_COOKIE}=` ? undefined : response.sessionCookie;
    // a sign-out ends the proof too: the next request holds a new one, as a person would check again
    const setCookies = ([] as string[]).concat((response.headers['set-cookie'] as string[] | string | undefined) ?? []);
    if (setCookies.some((line) => line.startsWith(`${AGE_PROOF_COOKIE}=;`))) proof = undefined;
    return { ...response, json: (response.body ?? {}) as Record<string, unknown> };
  }

  return {
    get: (url) => send('get', url),
    post: (url, body, headers) => send('post', url, body, headers),
    patch: (url, body) => send('patch', url, body),
    delete: (url) => send('delete', url),
    send,
    session: () => session,
  };
}

let registrations = 0;

/** A user who registered through the API (10 auracoin of welcome), and his browser holding his session. */
export async function registeredClient(world: SpecWorld, options: { prefix?: string; password?: string } = {}) {
  registrations += 1;
  const username = `${options.prefix ?? 'user'}${registrations}`;
  const email = `${username}@example.com`;
  const http = worldClient(world);
  const answer = await http.post('/api/register', {
    username,
    email,
    password: options.password ?? 'secret-pass',
    sensitiveDataConsent: true,
  });
  if (answer.status !== 201) throw new Error(`registration failed: ${answer.status} ${answer.text}`);
  return { http, id: answer.json.id as string, username, email };
}

/** How many events the world's log holds (a refusal changes nothing). */
export const eventCount = async (world: SpecWorld) => (await world.ports.eventStore.readAll()).length;

export interface SpecWorlds {
  /** the running spec's world */
  world: SpecWorld;
  /** the superadmin's browser in it, signed in */
  root: WorldClient;
  /** a browser of nobody signed in */
  anonymous(): WorldClient;
  /** how many events its log holds */
  eventCount(): Promise<number>;
}

/** A world of its own for each spec of the file (opened before it, closed after), where the superadmin `rootId` exists. */
export function worldPerSpec(spec: ApiSpecification, rootId: string): SpecWorlds {
  const current = {
    anonymous: () => worldClient(current.world),
    eventCount: () => eventCount(current.world),
  } as SpecWorlds;
  beforeEach(async () => {
    current.world = await spec.world();
    await current.world.append(...existingAdmin(rootId, { role: 'superadmin' }));
    current.root = worldClient(current.world, { kind: 'admin', id: rootId });
  });
  afterEach(() => current.world.close());
  return current;
}

/**
 * A test clock that also moves 1 ms at each reading, for a journey where an account signs in right
 * after its sessions were revoked (an admin disabled, enabled again and signing in): a session
 * issued in the revocation's millisecond counts as revoked, and between two requests real time
 * passes, which a clock standing still never shows.
 */
export function tickingClock(start = SPEC_NOW): TestClock {
  const timers = createTestClock(start);
  let ticks = 0;
  const nowMs = () => timers.nowMs() + (ticks += 1);
  return { ...timers, nowMs, now: () => new Date(nowMs()) };
}

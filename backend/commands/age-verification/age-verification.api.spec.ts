import { randomUUID } from 'node:crypto';
import { apiRoutes } from '@aura/contracts';
import { createTestClock } from '../../platform/clock';
import { existingPerformer } from '../../test/api-fixtures';
import { AGE_NONCE_COOKIE, AGE_PROOF_COOKIE } from '../../platform/age/proofs';
import {
  apiSpec,
  expectError,
  expectResponse,
  performer,
  SPEC_NOW,
  SpecRequest,
  type SpecResponse,
  type SpecWorld,
} from '../../test/api-spec';

const clock = createTestClock(SPEC_NOW);
const spec = apiSpec({ covers: ['startAgeVerification', 'ageSandboxConfirm'], clock });

/** a cookie the answer set (`name=value`), if any */
const cookieOf = (response: SpecResponse, name: string) => {
  const set = ([] as string[]).concat((response.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const found = set.find((line) => line.startsWith(`${name}=`) && !line.startsWith(`${name}=;`));
  return found?.split(';')[0];
};

/** a browser that never verified its age: no proof cookie unless it earns one */
const browser = (world: SpecWorld) => {
  let cookies: string[] = [];
  const send = async (request: SpecRequest) => {
    if (cookies.length > 0) request.header('cookie', cookies.join('; '));
    return world.send(request.withoutAgeProof());
  };
  return {
    send,
    keep(...more: (string | undefined)[]) {
      cookies = [...cookies, ...more.filter((cookie): cookie is string => Boolean(cookie))];
    },
    set(next: string[]) {
      cookies = next;
    },
    /** start, the sandbox's button, and the assertion it signs (not yet at the callback) */
    async check(returnTo = '/performer/abc') {
      const started = await send(new SpecRequest('post', apiRoutes.startAgeVerification.path, { returnTo }));
      const nonce = cookieOf(started, AGE_NONCE_COOKIE);
      this.keep(nonce);
      const { redirectUrl } = started.body as { redirectUrl: string };
      const confirmed = await send(new SpecRequest('post', redirectUrl));
      return { started, nonce, redirectUrl, callback: String(confirmed.headers.location) };
    },
  };
};

describe('age verification with the sandbox provider (issue 39 item 1)', () => {
  let world: SpecWorld;
  beforeEach(async () => {
    world = await spec.world();
  });
  afterEach(() => world.close());

  it("sends the browser to the sandbox's page, which knows only the nonce, and back to where it was with a proof", async () => {
    const visitor = browser(world);
    const { started, redirectUrl, callback } = await visitor.check('/performer/abc?tab=foto');
    expect(started.status).toBe(200);
    expect(redirectUrl).toMatch(/^\/api\/age-verification\/sandbox\/check\?nonce=[\w-]{32}$/);
    const page = await visitor.send(new SpecRequest('get', redirectUrl));
    expect(page.text).toContain('Modalità di prova');
    expect(page.text).toContain('Confermo di avere almeno 18 anni');
    expect(callback).toMatch(/^\/api\/age-verification\/callback\?assertion=/);

    expect((await visitor.send(new SpecRequest('get', apiRoutes.ageVerificationStatus.path))).body).toEqual({
      verified: false,
      expiresAt: null,
      provider: 'sandbox',
      testMode: false,
    });
    const back = await visitor.send(new SpecRequest('get', callback));
    expect({ status: back.status, location: back.headers.location }).toEqual({
      status: 303,
      location: '/performer/abc?tab=foto',
    });
    const proof = cookieOf(back, AGE_PROOF_COOKIE);
    expect(proof).toBeDefined();
    // a browser-session cookie: no expiry of its own
    expect(String(back.headers['set-cookie'])).not.toMatch(new RegExp(`${AGE_PROOF_COOKIE}=[^;]+;[^,]*expires`, 'i'));
    visitor.keep(proof);
    const status = await visitor.send(new SpecRequest('get', apiRoutes.ageVerificationStatus.path));
    expect(status.body).toEqual({
      verified: true,
      expiresAt: new Date(SPEC_NOW.getTime() + 24 * 3_600_000).toISOString(),
      provider: 'sandbox',
      testMode: false,
    });
    // only the session, the provider and the times are kept
    const kept = await world.ports.kv.get(`age-proof:${proof!.split('=')[1]!.split('.')[0]}`);
    expect(Object.keys(JSON.parse(kept!) as object).sort()).toEqual(['expiresAt', 'provider', 'session', 'verifiedAt']);
    expect((await visitor.send(new SpecRequest('get', `/api/performers/${randomUUID()}/photos`))).status).not.toBe(403);
  });

  it('refuses a replayed assertion (409), and keeps no second proof', async () => {
    const visitor = browser(world);
    const { callback } = await visitor.check();
    expect((await visitor.send(new SpecRequest('get', callback))).status).toBe(303);
    const replayed = await visitor.send(new SpecRequest('get', callback));
    expect({ status: replayed.status, code: (replayed.body as { code: string }).code }).toEqual({
      status: 409,
      code: 'age_verification_failed',
    });
    expect(cookieOf(replayed, AGE_PROOF_COOKIE)).toBeUndefined();
  });

  it("refuses another browser's assertion, a forged one and an expired one (400), keeping nothing", async () => {
    const mine = browser(world);
    const theirs = browser(world);
    const { callback } = await theirs.check();
    await mine.check();
    const refusals: unknown[] = [];
    const refused = (response: SpecResponse) =>
      refusals.push([response.status, (response.body as { code: string }).code, cookieOf(response, AGE_PROOF_COOKIE)]);
    refused(await mine.send(new SpecRequest('get', callback)));
    const [payload, signature] = decodeURIComponent(callback.split('assertion=')[1]!).split('.');
    const longer = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), exp: 9_999_999_999 }),
    ).toString('base64url');
    refused(
      await theirs.send(new SpecRequest('get', `/api/age-verification/callback?assertion=${longer}.${signature}`)),
    );
    await clock.advance(301_000);
    refused(await theirs.send(new SpecRequest('get', callback)));
    expect(refusals).toEqual([
      [400, 'age_verification_failed', undefined],
      [400, 'age_verification_failed', undefined],
      [400, 'age_verification_failed', undefined],
    ]);
    expect((await theirs.send(new SpecRequest('get', apiRoutes.ageVerificationStatus.path))).body).toMatchObject({
      verified: false,
    });
  });

  it('ends the proof at sign-out', async () => {
    const visitor = browser(world);
    const { callback } = await visitor.check();
    visitor.keep(cookieOf(await visitor.send(new SpecRequest('get', callback)), AGE_PROOF_COOKIE));
    const out = await visitor.send(new SpecRequest('post', apiRoutes.logout.path));
    expect(out.status).toBeLessThan(300);
    expect((await visitor.send(new SpecRequest('get', apiRoutes.ageVerificationStatus.path))).body).toMatchObject({
      verified: false,
    });
  });
});

describe('starting a check', () => {
  it('answers the provider page', () =>
    spec
      .given()
      .when((request) => request.post(apiRoutes.startAgeVerification.path, {}).withoutAgeProof())
      .then([
        expectResponse(200, {
          body: { redirectUrl: expect.stringMatching(/^\/api\/age-verification\/sandbox\/check/) },
        }),
      ]));

  it('refuses a return address on another site', () =>
    spec
      .given()
      .when((request) => request.post(apiRoutes.startAgeVerification.path, { returnTo: '//evil.example/x' }))
      .then([expectError(400, 'validation_failed')]));

  it("refuses the sandbox's button without a nonce", () =>
    spec
      .given()
      .when((request) => request.post('/api/age-verification/sandbox/check?nonce=short'))
      .then([expectError(400, 'validation_failed')]));

  it("signs the sandbox's assertion for the nonce", () =>
    spec
      .given()
      .when((request) => request.post(`/api/age-verification/sandbox/check?nonce=${'n'.repeat(32)}`))
      .then([
        expectResponse(303, {
          headers: { location: expect.stringMatching(/^\/api\/age-verification\/callback\?assertion=/) },
        }),
      ]));
});

describe('nothing adult before the proof (issue 39 item 2)', () => {
  const performerId = randomUUID();
  const adultReads = [
    '/api/performers/6b4ccfdc-dba8-43e9-8605-fbe97e3f8984/photos',
    '/api/files/public/f7d8a595-87e1-47c8-a9dc-2375c32d6503',
    '/api/shows/c6f98932-b730-4022-ada2-4e95a7de4dfc/messages',
  ];

  it.each(adultReads)('GET %s answers 403 age_verification_required to a visitor without a proof', (url) =>
    spec
      .given()
      .when((request) => request.get(url).withoutAgeProof())
      .then([expectError(403, 'age_verification_required')]),
  );

  it("refuses a private session and the chat to a signed-in user without a proof, whatever the user's rights", () =>
    spec
      .given()
      .when((request) =>
        request
          .post('/api/sessions', { performerId, identityId: randomUUID() })
          .as({ kind: 'user', id: randomUUID() })
          .withoutAgeProof(),
      )
      .then([expectError(403, 'age_verification_required')]));

  it('does not ask a performer signed in as such', () =>
    spec
      .given()
      .when((request) =>
        request.get(`/api/shows/${randomUUID()}/messages`).as(performer(performerId)).withoutAgeProof(),
      )
      .then([({ response }) => expect(response.status).not.toBe(403)]));

  it('shows the gallery with blurred portraits and ageVerificationRequired', async () => {
    const world = await spec.world();
    try {
      await world.append(...existingPerformer(performerId));
      const veiled = await world.send(new SpecRequest('get', '/api/performers').withoutAgeProof());
      expect(veiled.body).toMatchObject({
        ageVerificationRequired: true,
        performers: [
          { id: performerId, image: expect.stringMatching(/^\/api\/age-verification\/blurred\/[a-f0-9]{16}$/) },
        ],
      });
      const blurredUrl = (veiled.body as { performers: { image: string }[] }).performers[0]!.image;
      const blurred = await world.send(new SpecRequest('get', blurredUrl).withoutAgeProof());
      expect({ status: blurred.status, type: blurred.headers['content-type'] }).toEqual({
        status: 200,
        type: 'image/svg+xml',
      });
      expect(blurred.text).toContain('feGaussianBlur');
      expect(blurred.text).not.toContain('/demo/performers/1.svg');
      const profile = await world.send(new SpecRequest('get', `/api/performers/${performerId}`).withoutAgeProof());
      expect(profile.body).toMatchObject({ image: blurredUrl });
      const proven = await world.send(
        new SpecRequest('get', '/api/performers').header('cookie', await world.ageProofCookie()),
      );
      expect(proven.body).toMatchObject({
        ageVerificationRequired: false,
        performers: [{ id: performerId, image: '/demo/performers/1.svg' }],
      });
    } finally {
      await world.close();
    }
  });
});

describe('a staging copy in production running the sandbox (AGE_VERIFICATION_SANDBOX_IN_PRODUCTION)', () => {
  const staging = apiSpec({
    covers: [],
    env: {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://aura.example',
      AGE_VERIFICATION_SANDBOX_IN_PRODUCTION: 'true',
      MFA_ENCRYPTION_KEY: 'api-spec-mfa-key-0123456789abcdef0123456789',
    },
  });

  it("tells every page to show 'Modalità di prova'", () =>
    staging
      .given()
      .when((request) => request.get(apiRoutes.ageVerificationStatus.path).withoutAgeProof())
      .then([expectResponse(200, { body: { verified: false, provider: 'sandbox', testMode: true } })]));
});

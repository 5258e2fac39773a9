/**
 * Issue 19, item 10: admins are not the weak door. Admin sign-in locks an account name (from any
 * address) and an address (for any name) after 5 failures, for 15 minutes: while locked even the
 * right password is refused (429, unchecked), and concurrent guesses cannot slip past the count.
 * Every admin action that moves money or changes an account is recorded with who and when: each
 * event it appends names the admin, and `GET /api/admin/audit-trail` lists it.
 */
import type { AuditTrailPage } from '@aura/contracts';
import { createTestClock } from '../../platform/clock';
import { client, startTestApp, type TestApp } from '../app-harness';
import { freshAdmin, logLength, send, SUPERADMIN, superadminClient } from '../admin-session';
import { fundedUser, onlinePerformer, type Http } from '../session-helpers';
import { SESSION_COOKIE } from '../../platform/http/session';

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('admin sign-in lockout (defaults: 5 failures per name, 10 per address, 15 minutes)', () => {
  let app: TestApp;
  let superadmin: Http;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: 'true', ADMIN_ADDRESS_LOCK_AFTER_FAILURES: '' });
    superadmin = await superadminClient(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function newAdmin() {
    const body = freshAdmin();
    expect((await superadmin.post('/api/admins', body)).status).toBe(201);
    await app.settled();
    return body;
  }

  it('locks an account after 5 failures from any addresses: even the right password is refused, no session given', async () => {
    const body = await newAdmin();
    for (let i = 0; i < 5; i++)
      expect(
        (
          await client(app.url).post(
            '/api/admin/verify',
            { username: body.username, password: 'wrong-pass-1' },
            from(`198.51.100.${i + 1}`),
          )
        ).status,
      ).toBe(401);
    const before = await logLength(app);
    const http = client(app.url);
    const refused = await http.post(
      '/api/admin/verify',
      { username: body.username.toUpperCase(), password: body.password },
      from('198.51.100.200'),
    );
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'admin_locked' });
    expect(refused.json.detail).toMatch(/bloccato/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // no session given (the proof of age the client holds is no session)
    expect(http.cookie() ?? '').not.toContain(`${SESSION_COOKIE}=`);
    expect((await http.get('/api/admin/me')).status).toBe(401);
    expect(await logLength(app)).toBe(before);
  });

  it('locks an address after 10 failures on any names, for every account from it', async () => {
    const body = await newAdmin();
    const address = '192.0.2.77';
    for (let i = 0; i < 10; i++)
      expect(
        (
          await client(app.url).post(
            '/api/admin/verify',
            { username: `nobody${i}`, password: 'wrong-pass-1' },
            from(address),
          )
        ).status,
      ).toBe(401);
    expect(
      (
        await client(app.url).post(
          '/api/admin/verify',
          { username: body.username, password: body.password },
          from(address),
        )
      ).status,
    ).toBe(429);
    // the account itself is not locked: from elsewhere it signs in
    expect(
      (
        await client(app.url).post(
          '/api/admin/verify',
          { username: body.username, password: body.password },
          from('192.0.2.78'),
        )
      ).status,
    ).toBe(200);
  });

  it('lets at most 5 of 20 concurrent guesses be checked', async () => {
    const body = await newAdmin();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client(app.url).post(
          '/api/admin/verify',
          { username: body.username, password: `guess-${i}-pass` },
          from(`203.0.113.${i + 1}`),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it('a success clears the account failures, so an admin who mistypes now and then is never locked', async () => {
    const body = await newAdmin();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++)
        expect(
          (
            await client(app.url).post(
              '/api/admin/verify',
              { username: body.username, password: 'typo-pass-1' },
              from(`100.64.0.${round}`),
            )
          ).status,
        ).toBe(401);
      expect(
        (
          await client(app.url).post(
            '/api/admin/verify',
            { username: body.username, password: body.password },
            from(`100.64.0.${round}`),
          )
        ).status,
      ).toBe(200);
    }
  });
});

describe('the lock ends after ADMIN_LOCK_MINUTES (15, the default)', () => {
  let app: TestApp;
  const clock = createTestClock();
  beforeAll(async () => {
    app = await startTestApp({ ADMIN_LOCK_AFTER_FAILURES: '2' }, { clock });
    await app.ensureSuperadmin(SUPERADMIN);
    await app.settled();
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses the right password while locked, accepts it once the 15 minutes have passed', async () => {
    for (let i = 0; i < 2; i++)
      expect(
        (await client(app.url).post('/api/admin/verify', { ...SUPERADMIN, password: 'wrong-pass-1' })).status,
      ).toBe(401);
    const locked = await client(app.url).post('/api/admin/verify', SUPERADMIN);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBe(15 * 60);
    await clock.advance(15 * 60_000 - 1_000);
    const stillLocked = await client(app.url).post('/api/admin/verify', SUPERADMIN);
    expect(stillLocked.status).toBe(429);
    expect(Number(stillLocked.headers.get('retry-after'))).toBe(1);
    await clock.advance(1_000);
    expect((await client(app.url).post('/api/admin/verify', SUPERADMIN)).status).toBe(200);
  });
});

describe('every admin action is recorded with who and when', () => {
  let app: TestApp;
  let superadmin: Http;
  let adminId: string;
  beforeAll(async () => {
    app = await startTestApp();
    superadmin = await superadminClient(app);
    adminId = ((await superadmin.get('/api/admin/me')).json.admin as { id: string }).id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('each event an admin action appends names the admin; the audit trail lists them newest first, paged', async () => {
    const performer = await onlinePerformer(app.url, superadmin);
    const user = await fundedUser(app, superadmin, 0);
    const other = await fundedUser(app, superadmin, 0);
    const pending = await client(app.url).post('/api/performers', {
      username: `pend${Date.now().toString(36)}`,
      password: 'secret-pass',
      email: `pend${Date.now().toString(36)}@example.com`,
      name: 'Pendente',
      dateOfBirth: '1999-03-10',
      age: 27,
      creditsPerMinute: 2.5,
      languages: ['Italiano'],
      image: '/demo/performers/2.svg',
      digitalSignature: 'data:image/png;base64,iVBORw0KGgo=',
      signedContractAt: new Date().toISOString(),
      verificationStatus: 'pending',
      acceptedTerms: true,
    });
    expect(pending.status).toBe(201);
    await app.settled();
    const start = (await app.infra.eventStore.headPosition()) ?? -1;

    const created = await superadmin.post('/api/admins', freshAdmin());
    const pkg = await superadmin.post('/api/packages', { credits: 100, bonus: 10, price: 99, popular: false });
    const offer = await superadmin.post('/api/offers', { bonusPercent: 10, durationMinutes: 60 });
    const actions: [string, { status: number }][] = [
      ['create admin', created],
      [
        'disable admin',
        await send(superadmin, 'PATCH', `${app.url}/api/admins/${created.json.id as string}`, { isActive: false }),
      ],
      ['create package', pkg],
      [
        'change package',
        await send(superadmin, 'PATCH', `${app.url}/api/packages/${pkg.json.id as string}`, {
          credits: 120,
          bonus: 0,
          price: 110,
          popular: false,
        }),
      ],
      ['delete package', await send(superadmin, 'DELETE', `${app.url}/api/packages/${pkg.json.id as string}`)],
      ['start offer', offer],
      ['end offer', await superadmin.post(`/api/offers/${offer.json.id as string}/end`)],
      ['adjust balance', await send(superadmin, 'PATCH', `${app.url}/api/users/${user.id}`, { auracoinBalance: 25 })],
      ['delete user', await send(superadmin, 'DELETE', `${app.url}/api/users/${other.id}`)],
      [
        'change performer',
        await send(superadmin, 'PATCH', `${app.url}/api/performers/${performer.id}`, {
          name: 'Cambiata',
          creditsPerMinute: 3,
        }),
      ],
      [
        'reject performer',
        await superadmin.post(`/api/admin/performers/${pending.json.id as string}/verify`, {
          status: 'rejected',
          rejectionReason: 'Documento illeggibile',
        }),
      ],
      ['delete performer', await send(superadmin, 'DELETE', `${app.url}/api/performers/${performer.id}`)],
    ];
    expect(
      actions.filter(([, answer]) => answer.status >= 300).map(([what, answer]) => `${what}: ${answer.status}`),
    ).toEqual([]);
    await app.settled();

    const appended = (await app.infra.eventStore.readAll()).filter((event) => event.position > start);
    expect(appended.length).toBeGreaterThanOrEqual(actions.length);
    const unnamed = appended.filter(
      (event) => event.metadata.actorKind !== 'admin' || event.metadata.actorId !== adminId,
    );
    expect(unnamed.map((event) => `${event.type} on ${event.streamId}`)).toEqual([]);
    expect(appended.every((event) => event.createdAt instanceof Date)).toBe(true);

    // the trail: every one of them, newest first, with who and when, a page at a time
    const seen: AuditTrailPage['actions'] = [];
    let before: number | null = null;
    do {
      const page = await superadmin.get(`/api/admin/audit-trail?limit=5${before === null ? '' : `&before=${before}`}`);
      expect(page.status).toBe(200);
      const body = page.json as unknown as AuditTrailPage;
      seen.push(...body.actions);
      before = body.nextBefore;
    } while (before !== null);
    const recent = seen.filter((action) => action.position > start);
    expect(recent.map((action) => action.position)).toEqual(appended.map((event) => event.position).reverse());
    expect(recent.every((action) => action.adminId === adminId && !Number.isNaN(Date.parse(action.at)))).toBe(true);
    expect(new Set(recent.map((action) => action.action))).toEqual(new Set(appended.map((event) => event.type)));

    // only admins read it
    expect((await user.http.get('/api/admin/audit-trail')).status).toBe(403);
    expect((await client(app.url).get('/api/admin/audit-trail')).status).toBe(401);
  });
});

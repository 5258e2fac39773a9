/**
 * Payouts end to end on the embedded stack, with the app's clock injected: payout details,
 * admin runs (default and given period), the minimum and carry-over, a performer without details,
 * a refused transfer and its retry, a repeated run, the weekly schedule, statements, and who may
 * call every route. After each step the payouts audit (replay, rebuilt and stored read models) passes.
 */
import {
  lastClosedPayoutWeek,
  payoutWeekStarting,
  performerStreams,
  streams,
  type PayoutRunDetail,
  type PayoutSummary,
  type PayoutView,
  type StatementView,
} from '@aura/contracts';
import { auditPayouts } from '../ledger';
import { newId } from '../platform/ids';
import { SANDBOX_CLOSED_IBAN, SANDBOX_FLAKY_IBAN } from '../platform/payouts/sandbox';
import { client, startTestApp, type TestApp } from './app-harness';
import { logLength, send, superadminClient, userClient } from './admin-session';
import { onlinePerformer } from './session-helpers';

// Wednesday 18 November 2026, 11:00 Rome
let clock = new Date('2026-11-18T10:00:00.000Z');
let app: TestApp;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  app = await startTestApp({ PAYOUT_MINIMUM_EUR: '50', PAYOUT_RESERVE_DAYS: '7' }, { now: () => clock });
  await app.seedDemo();
  await app.settled();
  admin = await superadminClient(app);
}, 180_000);
afterAll(async () => {
  await app.close();
});

async function demoPerformer(username: string) {
  const http = client(app.url);
  const login = await http.post('/api/performer/login', { username, password: 'demo-performer' });
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status}`);
  return { http, id: login.json.id as string };
}

/** An earning as a sale's reaction credits it (55% already applied), at a chosen time. */
async function earn(
  performerId: string,
  shareCents: number,
  creditedAt: string,
  source: 'photo' | 'session' | 'message' = 'session',
) {
  await app.infra.eventStore.appendToStream(
    performerStreams.earnings(performerId),
    [
      {
        id: newId(),
        type: 'PerformerEarningsCredited',
        data: {
          performerId,
          source,
          sourceId: newId(),
          grossUnits: Math.ceil((shareCents * 100) / 55),
          shareCents,
          creditedAt,
        },
      },
    ],
    { expectedRevision: 'any' },
  );
}

async function audit() {
  await app.settled();
  const events = await app.infra.eventStore.readAll();
  // the read models' part (the payouts side's hook) and the money's (the ledger's replay)
  const readModels = await app.modules.reads.payouts.audit(events, { storedReadModels: true });
  const report = auditPayouts(events, { now: clock, reserveDays: 7 });
  expect([...readModels.problems, ...report.problems]).toEqual([]);
  return report;
}

async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    await app.settled();
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('waited in vain');
}

/** The run once it completed and none of its payouts is still being transferred. */
async function runDone(runId: string): Promise<PayoutRunDetail> {
  let detail: PayoutRunDetail | undefined;
  await until(async () => {
    const run = await admin.get(`/api/admin/payouts/runs/${runId}`);
    detail = run.json as unknown as PayoutRunDetail;
    return run.status === 200 && detail.status === 'completed' && detail.scheduledCount === 0;
  });
  return detail!;
}

/** Runs payouts as an admin and waits for the run to end (its job runs in this process). */
async function runPayouts(body: Record<string, unknown> = {}) {
  const started = await admin.post('/api/admin/payouts/run', body);
  expect(started.status).toBe(202);
  return runDone(started.json.runId as string);
}

describe('payouts', () => {
  let giulia: Awaited<ReturnType<typeof onlinePerformer>>;
  let sofia: Awaited<ReturnType<typeof onlinePerformer>>;
  let valentina: Awaited<ReturnType<typeof onlinePerformer>>;
  let camila: Awaited<ReturnType<typeof onlinePerformer>>;

  // performers of their own, without payout details (the demo's have sandbox details from the seed)
  beforeAll(async () => {
    giulia = await onlinePerformer(app.url, admin, { name: 'Giulia' });
    sofia = await onlinePerformer(app.url, admin, { name: 'Sofia' });
    valentina = await onlinePerformer(app.url, admin, { name: 'Valentina' });
    camila = await onlinePerformer(app.url, admin, { name: 'Camila' });
  }, 120_000);

  it('saves payout details masked, her first at once, a change from the next payout week, and keeps her trail', async () => {
    // two weeks ago; the IBAN as people type it
    clock = new Date('2026-11-04T10:00:00.000Z');
    const saved = await send(giulia.http, 'PUT', `${app.url}/api/performers/${giulia.id}/payout-details`, {
      method: 'iban',
      holderName: 'Giulia Rossi',
      iban: 'it60 x054 2811 1010 0000 0123 456',
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      current: {
        holderName: 'Giulia Rossi',
        method: 'iban',
        masked: 'IT60 •••• 3456',
        effectiveFrom: '2026-11-04T10:00:00.000Z',
      },
      upcoming: null,
    });
    expect(saved.text).not.toContain('0542811101000000123456');
    await send(sofia.http, 'PUT', `${app.url}/api/performers/${sofia.id}/payout-details`, {
      method: 'iban',
      holderName: 'Sofia Marino',
      iban: SANDBOX_CLOSED_IBAN,
    });
    await send(camila.http, 'PUT', `${app.url}/api/performers/${camila.id}/payout-details`, {
      method: 'card',
      holderName: 'Camila Lopez',
      cardReference: 'card_1N4x9Q2eZvKYlo2C',
    });
    // Sofia changes bank on Tuesday 10: in force from Monday 16, after last week's period end
    clock = new Date('2026-11-10T10:00:00.000Z');
    const changed = await send(sofia.http, 'PUT', `${app.url}/api/performers/${sofia.id}/payout-details`, {
      method: 'iban',
      holderName: 'Sofia Marino',
      iban: 'GB82 WEST 1234 5698 7654 32',
    });
    expect(changed.json).toMatchObject({
      current: { masked: expect.stringMatching(/^IT\d\d •••• 0001$/) },
      upcoming: { masked: 'GB82 •••• 5432', effectiveFrom: '2026-11-15T23:00:00.000Z' },
    });
    clock = new Date('2026-11-18T10:00:00.000Z');
    const read = await giulia.http.get(`/api/performers/${giulia.id}/payout-details`);
    expect(read.json).toMatchObject({
      current: { masked: 'IT60 •••• 3456' },
      upcoming: null,
      history: [{ changedAt: '2026-11-04T10:00:00.000Z' }],
    });
    expect(JSON.stringify(read.json)).not.toMatch(/@/);
    // an admin may look, masked, but never redirect her money
    expect((await admin.get(`/api/performers/${giulia.id}/payout-details`)).json).toMatchObject({
      current: { masked: 'IT60 •••• 3456' },
    });
    const before = await logLength(app);
    expect(
      (
        await send(admin, 'PUT', `${app.url}/api/performers/${giulia.id}/payout-details`, {
          method: 'iban',
          holderName: 'X',
          iban: SANDBOX_FLAKY_IBAN,
        })
      ).status,
    ).toBe(403);
    expect(await logLength(app)).toBe(before);
  });

  it('refuses a wrong IBAN checksum, a bad card reference and malformed bodies, changing nothing', async () => {
    const before = await logLength(app);
    const url = `${app.url}/api/performers/${valentina.id}/payout-details`;
    const wrong = await send(valentina.http, 'PUT', url, {
      method: 'iban',
      holderName: 'Valentina Greco',
      iban: 'IT61X0542811101000000123456',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'body.iban', message: 'IBAN non valido: controlla di averlo copiato per intero' }],
    });
    expect(
      (
        await send(valentina.http, 'PUT', url, {
          method: 'card',
          holderName: 'V',
          cardReference: '4111 1111 1111 1111',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await send(valentina.http, 'PUT', url, {
          method: 'iban',
          holderName: '  ',
          iban: 'IT60X0542811101000000123456',
        })
      ).json.errors,
    ).toEqual([{ path: 'body.holderName', message: "Inserisci il nome dell'intestatario" }]);
    expect((await send(valentina.http, 'PUT', url, { method: 'bitcoin', holderName: 'V' })).status).toBe(400);
    expect((await send(valentina.http, 'PUT', url, '{"method": "iban",')).status).toBe(400);
    expect((await admin.post('/api/admin/payouts/run', { periodEnd: 'last tuesday' })).status).toBe(400);
    expect((await admin.post('/api/admin/payouts/run', { periodEnd: '2026-11-20T00:00:00Z' })).json).toMatchObject({
      errors: [{ path: 'body.periodEnd' }],
    });
    expect(
      (await admin.post('/api/admin/payouts/run', { periodEnd: '2026-11-01T00:00:00Z', everyone: true })).status,
    ).toBe(400);
    expect((await admin.post('/api/admin/payouts/run', '{oops')).status).toBe(400);
    expect((await giulia.http.get(`/api/performers/${giulia.id}/statements/2026-11-17`)).status).toBe(400);
    expect(await logLength(app)).toBe(before);
  });

  it('pays the last closed week once: above the minimum paid, below it carried over, without details skipped, a closed account failed', async () => {
    // the week of 9–15 November, all past the 7-day reserve at the default run's time (Wed 18)
    await earn(giulia.id, 4000, '2026-11-09T08:00:00.000Z', 'session');
    await earn(giulia.id, 1500, '2026-11-10T20:00:00.000Z', 'message');
    await earn(giulia.id, 900, '2026-11-15T22:59:59.999Z', 'photo'); // Sunday 23:59:59.999 Rome: still that week, but inside the reserve
    await earn(giulia.id, 700, '2026-11-15T23:00:00.000Z', 'photo'); // Monday 00:00 Rome: next week
    await earn(sofia.id, 8000, '2026-11-10T09:00:00.000Z');
    await earn(valentina.id, 6000, '2026-11-10T09:00:00.000Z');
    await earn(camila.id, 2750, '2026-11-10T09:00:00.000Z', 'photo');
    await app.settled();

    const run = await runPayouts();
    const lastWeek = lastClosedPayoutWeek(clock);
    expect(lastWeek.weekStart).toBe('2026-11-09');
    expect(run).toMatchObject({
      periodEnd: lastWeek.end.toISOString(),
      trigger: 'admin',
      status: 'completed',
      paidCount: 1,
      paidCents: 5500,
      failedCount: 1,
      failedCents: 8000,
      carriedOverCount: 2,
    });
    expect(run.adminId).toEqual(expect.any(String));
    expect(run.carriedOver).toEqual(
      expect.arrayContaining([
        { performerId: valentina.id, performerName: 'Valentina', amountCents: 6000, reason: 'missing_details' },
        { performerId: camila.id, performerName: 'Camila', amountCents: 2750, reason: 'below_minimum' },
      ]),
    );

    const history = (await giulia.http.get(`/api/performers/${giulia.id}/payouts`)).json as unknown as PayoutView[];
    expect(history).toEqual([
      expect.objectContaining({
        periodEnd: lastWeek.end.toISOString(),
        amountCents: 5500,
        status: 'paid',
        destination: 'IT60 •••• 3456',
        testMode: true,
        providerReference: expect.stringMatching(/^po_test_/),
      }),
    ]);
    expect(
      ((await sofia.http.get(`/api/performers/${sofia.id}/payouts`)).json as unknown as PayoutView[])[0],
    ).toMatchObject({ status: 'failed', failureReason: 'account_closed', amountCents: 8000 });

    const summary = (await giulia.http.get(`/api/performers/${giulia.id}/payouts/summary`))
      .json as unknown as PayoutSummary;
    expect(summary).toMatchObject({
      earnedCents: 7100,
      paidCents: 5500,
      unpaidCents: 1600,
      reserveCents: 1600,
      minimumCents: 5000,
      reserveDays: 7,
      nextPayoutDate: '2026-11-23T23:00:00.000Z',
      hasDetails: true,
    });

    const statements = (await giulia.http.get(`/api/performers/${giulia.id}/statements`))
      .json as unknown as StatementView[];
    expect(statements.map((s) => [s.weekStart, s.status, s.shareCents, s.paidCents])).toEqual([
      ['2026-11-16', 'open', 700, 0],
      ['2026-11-09', 'partially_paid', 6400, 5500],
    ]);
    // credits made before the split: their purchased part is their whole gross
    expect(statements[1]!.sources).toEqual({
      session: { count: 1, grossUnits: 7273, purchasedUnits: 7273, shareCents: 4000 },
      message: { count: 1, grossUnits: 2728, purchasedUnits: 2728, shareCents: 1500 },
      photo: { count: 1, grossUnits: 1637, purchasedUnits: 1637, shareCents: 900 },
      tip: { count: 0, grossUnits: 0, purchasedUnits: 0, shareCents: 0 },
      ticket: { count: 0, grossUnits: 0, purchasedUnits: 0, shareCents: 0 },
    });
    const camilaWeek = (
      (await camila.http.get(`/api/performers/${camila.id}/statements`)).json as unknown as StatementView[]
    )[0]!;
    expect(camilaWeek).toMatchObject({
      status: 'carried_over',
      carriedOverCents: 2750,
      carryReason: 'below_minimum',
      payoutDate: '2026-11-16T23:00:00.000Z',
    });
    const detail = await giulia.http.get(`/api/performers/${giulia.id}/statements/2026-11-09`);
    expect(detail.json).toMatchObject({
      performerName: 'Giulia',
      lines: [{ source: 'session' }, { source: 'message' }, { source: 'photo' }],
      payouts: [{ amountCents: 5500, status: 'paid' }],
    });
    expect((await giulia.http.get(`/api/performers/${giulia.id}/statements/2026-10-05`)).status).toBe(404);

    // the same period again pays nothing new, however often it is asked for
    const earningsBefore = (await app.infra.eventStore.readStream(performerStreams.earnings(giulia.id))).length;
    const again = await runPayouts({ periodEnd: lastWeek.end.toISOString() });
    expect(again).toMatchObject({ paidCount: 0, failedCount: 0, scheduledCount: 0, carriedOverCount: 0 });
    expect((await app.infra.eventStore.readStream(performerStreams.earnings(giulia.id))).length).toBe(earningsBefore);
    await audit();
  });

  it('an admin retries a failed payout with the details in force now; a refused retry changes nothing', async () => {
    const failed = ((await sofia.http.get(`/api/performers/${sofia.id}/payouts`)).json as unknown as PayoutView[])[0]!;
    const retried = await admin.post(`/api/admin/payouts/${failed.id}/retry`);
    expect(retried.status).toBe(202);
    // answered once the retry is recorded; the transfer may already have followed
    expect(retried.json).toMatchObject({
      id: failed.id,
      status: expect.stringMatching(/^(scheduled|paid)$/),
      attempt: 2,
    });
    await until(
      async () =>
        ((await sofia.http.get(`/api/performers/${sofia.id}/payouts`)).json as unknown as PayoutView[])[0]!.status !==
        'scheduled',
    );
    const after = ((await sofia.http.get(`/api/performers/${sofia.id}/payouts`)).json as unknown as PayoutView[])[0]!;
    expect(after).toMatchObject({
      id: failed.id,
      status: 'paid',
      attempt: 2,
      amountCents: 8000,
      providerReference: expect.stringMatching(/_2$/),
    });
    const retries = (await app.infra.eventStore.readStream(performerStreams.earnings(sofia.id))).filter(
      (e) => e.type === 'PayoutRetried',
    );
    expect(retries.map((e) => (e.data as { adminId: string }).adminId)).toEqual([expect.any(String)]);

    const before = await logLength(app);
    expect((await admin.post(`/api/admin/payouts/${failed.id}/retry`)).status).toBe(409);
    expect((await admin.post(`/api/admin/payouts/${newId()}/retry`)).status).toBe(404);
    expect((await admin.post('/api/admin/payouts/not-a-uuid/retry')).status).toBe(400);
    expect(await logLength(app)).toBe(before);
    await audit();
  });

  it('the weekly schedule: from Tuesday, one run for the closed week; first details added late pay at once; a flaky bank is paid on retry', async () => {
    await send(valentina.http, 'PUT', `${app.url}/api/performers/${valentina.id}/payout-details`, {
      method: 'iban',
      holderName: 'Valentina Greco',
      iban: SANDBOX_FLAKY_IBAN,
    });
    await earn(camila.id, 2750, '2026-11-16T10:00:00.000Z', 'photo');
    await app.settled();

    // Monday 23 November: the week of 16–22 November is closed, but its Tuesday has not come
    clock = new Date('2026-11-23T12:00:00.000Z');
    await app.modules.workers!.payouts.tick();
    await app.settled();
    const week = payoutWeekStarting('2026-11-16');
    const runsOf = async () =>
      (await admin.get('/api/admin/payouts/runs')).json.runs as {
        id: string;
        trigger: string;
        periodEnd: string;
        adminId: string | null;
      }[];
    expect((await runsOf()).filter((run) => run.periodEnd === week.end.toISOString())).toEqual([]);

    // Tuesday 24 November 00:30 Rome: the run of the week of 16–22 November, asked for once however many ticks
    clock = new Date('2026-11-23T23:30:00.000Z');
    await app.modules.workers!.payouts.tick();
    await app.modules.workers!.payouts.tick();
    await app.settled();
    const scheduled = (await runsOf()).filter(
      (run) => run.trigger === 'schedule' && run.periodEnd === week.end.toISOString(),
    );
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.adminId).toBeNull();
    const detail = await runDone(scheduled[0]!.id);
    // Camila: 27,50 € carried + 27,50 € = 55 €, to her card; Giulia's 16 € carry over; Valentina's first
    // details came during the week and apply at once: her 60 € go to them, and her bank refuses the first attempt
    expect(detail.payouts.map((p) => [p.performerName, p.amountCents, p.status, p.destination]).sort()).toEqual([
      ['Camila', 5500, 'paid', 'Carta •••• lo2C'],
      ['Valentina', 6000, 'failed', expect.stringMatching(/^IT\d\d •••• 0002$/)],
    ]);
    expect(detail.carriedOver).toEqual([
      { performerId: giulia.id, performerName: 'Giulia', amountCents: 1600, reason: 'below_minimum' },
    ]);
    const valentinaPayout = detail.payouts.find((p) => p.performerName === 'Valentina')!;
    expect(valentinaPayout).toMatchObject({ failureReason: 'bank_unavailable' });
    expect((await admin.post(`/api/admin/payouts/${valentinaPayout.id}/retry`)).status).toBe(202);
    await until(
      async () =>
        ((await valentina.http.get(`/api/performers/${valentina.id}/payouts`)).json as unknown as PayoutView[])[0]!
          .status === 'paid',
    );
    expect(
      ((await valentina.http.get(`/api/performers/${valentina.id}/payouts`)).json as unknown as PayoutView[])[0],
    ).toMatchObject({ status: 'paid', amountCents: 6000, attempt: 2 });
    const report = await audit();
    for (const figures of report.performers)
      expect(figures.earnedCents).toBe(
        figures.paidCents + figures.scheduledCents + figures.payableCents + figures.reserveCents,
      );
    expect(report.performers.find((p) => p.performerId === giulia.id)).toMatchObject({
      earnedCents: 7100,
      paidCents: 5500,
      payableCents: 1600,
      reserveCents: 0,
    });
  });

  it('pays a real photo sale: the buyer’s auracoin become her 55%, on her statement; a fresh demo performer is paid by the next admin run', async () => {
    clock = new Date('2026-12-02T10:00:00.000Z');
    const demoGiulia = await demoPerformer('giulia.rossi');
    const buyer = await userClient(app);
    await app.infra.eventStore.appendToStream(
      streams.wallet(buyer.id),
      [
        {
          id: newId(),
          type: 'AuracoinCredited',
          data: { walletId: buyer.id, amount: 10_000, reason: 'refund', creditedAt: clock.toISOString() },
        },
      ],
      { expectedRevision: 'any' },
    );
    await app.settled();
    const photos = (await client(app.url).get(`/api/performers/${demoGiulia.id}/photos`)).json as unknown as {
      id: string;
      price: number;
    }[];
    const bought = await buyer.http.post(`/api/photos/${photos[0]!.id}/purchase`, undefined, {
      'idempotency-key': 'payouts-1',
    });
    expect(bought.status).toBe(201);
    await app.settled();
    await app.settled();
    const statements = (await demoGiulia.http.get(`/api/performers/${demoGiulia.id}/statements`))
      .json as unknown as StatementView[];
    const thisWeek = statements.find((s) => s.weekStart === '2026-11-30')!;
    const share = Math.floor(photos[0]!.price * 55);
    expect(thisWeek.sources.photo).toEqual({
      count: 1,
      grossUnits: photos[0]!.price * 100,
      purchasedUnits: photos[0]!.price * 100,
      shareCents: share,
    });
    expect(thisWeek.status).toBe('open');
    await audit();

    // the demo performers have sandbox payout details: once the week is past the reserve, an admin run pays her
    await earn(demoGiulia.id, 5000, '2026-12-03T10:00:00.000Z');
    clock = new Date('2026-12-16T10:00:00.000Z');
    expect(
      (
        (await demoGiulia.http.get(`/api/performers/${demoGiulia.id}/payout-details`)).json as {
          current: { masked: string } | null;
        }
      ).current?.masked,
    ).toMatch(/^IT\d\d •••• \d{4}$/);
    const run = await runPayouts();
    expect(run.payouts.find((payout) => payout.performerId === demoGiulia.id)).toMatchObject({
      status: 'paid',
      amountCents: 5000 + share,
      testMode: true,
      method: 'iban',
    });
    await audit();
  });

  it('checks who is asking on every route', async () => {
    const anonymous = client(app.url);
    const user = await userClient(app);
    const id = giulia.id;
    const payoutId = ((await giulia.http.get(`/api/performers/${id}/payouts`)).json as unknown as PayoutView[])[0]!.id;
    const runId = ((await admin.get('/api/admin/payouts/runs')).json.runs as { id: string }[])[0]!.id;
    const reads = [
      `/api/performers/${id}/payouts`,
      `/api/performers/${id}/payouts/summary`,
      `/api/performers/${id}/statements`,
      `/api/performers/${id}/statements/2026-11-09`,
      `/api/performers/${id}/payout-details`,
    ];
    const before = await logLength(app);
    for (const url of reads) {
      expect([url, (await anonymous.get(url)).status]).toEqual([url, 401]);
      expect([url, (await user.http.get(url)).status]).toEqual([url, 403]);
      expect([url, (await sofia.http.get(url)).status]).toEqual([url, 403]);
      expect([url, (await giulia.http.get(url)).status]).toEqual([url, 200]);
      expect([url, (await admin.get(url)).status]).toEqual([url, 200]);
      expect([url, (await admin.get(url.replace(id, newId()))).status]).toEqual([url, 404]);
    }
    const details = { method: 'iban', holderName: 'Giulia Rossi', iban: 'IT60X0542811101000000123456' };
    expect((await send(anonymous, 'PUT', `${app.url}/api/performers/${id}/payout-details`, details)).status).toBe(401);
    expect((await send(user.http, 'PUT', `${app.url}/api/performers/${id}/payout-details`, details)).status).toBe(403);
    expect((await send(sofia.http, 'PUT', `${app.url}/api/performers/${id}/payout-details`, details)).status).toBe(403);
    for (const [method, url] of [
      ['POST', '/api/admin/payouts/run'],
      ['GET', '/api/admin/payouts/runs'],
      ['GET', `/api/admin/payouts/runs/${runId}`],
      ['POST', `/api/admin/payouts/${payoutId}/retry`],
    ] as const) {
      const call = (http: ReturnType<typeof client>) => (method === 'GET' ? http.get(url) : http.post(url, {}));
      expect([url, (await call(anonymous)).status]).toEqual([url, 401]);
      expect([url, (await call(user.http)).status]).toEqual([url, 403]);
      expect([url, (await call(giulia.http)).status]).toEqual([url, 403]);
    }
    expect((await admin.get(`/api/admin/payouts/runs/${newId()}`)).status).toBe(404);
    expect(await logLength(app)).toBe(before);
  });
});

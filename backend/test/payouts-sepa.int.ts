/**
 * The SEPA payout rail end to end (PAYOUT_PROVIDER=sepa): a run writes one pain.001.001.03 file,
 * valid against the published XSD (xmllint), with the debtor from the configuration and one
 * transaction per IBAN payout (end-to-end id = the payout id) to the IBAN of the week it pays; the
 * payouts stay scheduled until an admin marks the file sent, then are paid once; a card payout goes
 * to the sandbox; the file is the same bytes every time, and a second 'sent' is a 409. The ledger
 * audit checks every transaction against its payout, and fails on a file written behind its back.
 */
import { performerStreams, sepaStreams, type PayoutRunDetail, type PayoutView } from '@aura/contracts';
import { auditPayouts } from '../ledger';
import { newId } from '../platform/ids';
import { validatePain001, xmllintPath } from '../platform/payouts/sepa/xmllint';
import { client, startTestApp, type TestApp } from './app-harness';
import { logLength, send, superadminClient } from './admin-session';
import { onlinePerformer } from './session-helpers';

const DEBTOR = {
  SEPA_DEBTOR_NAME: 'Aura Media S.r.l.',
  SEPA_DEBTOR_IBAN: 'IT60 X054 2811 1010 0000 0123 456',
  SEPA_DEBTOR_BIC: 'BPPIITRRXXX',
};
// Wednesday 18 November 2026, 11:00 Rome
let clock = new Date('2026-11-04T10:00:00.000Z');
let app: TestApp;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  app = await startTestApp(
    { PAYOUT_PROVIDER: 'sepa', ...DEBTOR, PAYOUT_MINIMUM_EUR: '50', PAYOUT_RESERVE_DAYS: '7' },
    { now: () => clock },
  );
  admin = await superadminClient(app);
}, 180_000);
afterAll(async () => {
  await app.close();
});

async function earn(performerId: string, shareCents: number, creditedAt: string) {
  await app.infra.eventStore.appendToStream(
    performerStreams.earnings(performerId),
    [
      {
        id: newId(),
        type: 'PerformerEarningsCredited',
        data: {
          performerId,
          source: 'session',
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

async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    await app.settled();
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('waited in vain');
}

async function runDetail(runId: string) {
  return (await admin.get(`/api/admin/payouts/runs/${runId}`)).json as unknown as PayoutRunDetail;
}

/** the payouts' part of the ledger audit (the earnings here are written straight into the log, without their sales) */
/** the payouts read models' part (the payouts side's hook) and the money's (the ledger's replay, the SEPA files) */
const payoutsAudit = async () => {
  await app.settled();
  const events = await app.infra.eventStore.readAll();
  const readModels = await app.modules.reads.payouts.audit(events, { storedReadModels: true });
  return { problems: [...readModels.problems, ...auditPayouts(events, { now: clock, reserveDays: 7 }).problems] };
};

const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}[^>]*>([^<]*)</${name}>`, 'g'))].map((match) => match[1]);

// a loaded machine starts the app slowly
jest.setTimeout(120_000);

describe('SEPA payout rail', () => {
  let runId: string;
  let anna: Awaited<ReturnType<typeof onlinePerformer>>;
  let bea: Awaited<ReturnType<typeof onlinePerformer>>;
  let cleo: Awaited<ReturnType<typeof onlinePerformer>>;
  const annaIban = 'DE89370400440532013000';
  const beaOldIban = 'GB82WEST12345698765432';
  const beaNewIban = 'FR1420041010050500013M02606';

  it('a run writes one pain.001.001.03 file, valid against the XSD, to the IBANs of the week; the payouts stay scheduled', async () => {
    anna = await onlinePerformer(app.url, admin, { name: 'Anna' });
    bea = await onlinePerformer(app.url, admin, { name: 'Bea' });
    cleo = await onlinePerformer(app.url, admin, { name: 'Cleo' });
    await send(anna.http, 'PUT', `${app.url}/api/performers/${anna.id}/payout-details`, {
      method: 'iban',
      holderName: 'Anna Schäfer',
      iban: annaIban,
    });
    await send(bea.http, 'PUT', `${app.url}/api/performers/${bea.id}/payout-details`, {
      method: 'iban',
      holderName: 'Bea Ricci',
      iban: beaOldIban,
    });
    await send(cleo.http, 'PUT', `${app.url}/api/performers/${cleo.id}/payout-details`, {
      method: 'card',
      holderName: 'Cleo',
      cardReference: 'card_1N4x9Q2eZvKYlo2C',
    });
    await earn(anna.id, 12345, '2026-11-09T08:00:00.000Z');
    await earn(bea.id, 6000, '2026-11-10T08:00:00.000Z');
    await earn(cleo.id, 5500, '2026-11-10T08:00:00.000Z');
    // Monday 16, after the week of 9–15 closed: Bea changes bank; that week is still paid to her old IBAN
    clock = new Date('2026-11-16T10:00:00.000Z');
    const changed = await send(bea.http, 'PUT', `${app.url}/api/performers/${bea.id}/payout-details`, {
      method: 'iban',
      holderName: 'Bea Ricci',
      iban: beaNewIban,
    });
    expect(changed.json).toMatchObject({ upcoming: { masked: 'FR14 •••• 2606' } });
    clock = new Date('2026-11-18T10:00:00.000Z');
    await app.settled();

    const started = await admin.post('/api/admin/payouts/run', {});
    expect(started.status).toBe(202);
    runId = started.json.runId as string;
    await until(async () => (await runDetail(runId)).status === 'completed');
    const detail = await runDetail(runId);
    expect(detail.sepa).toMatchObject({
      status: 'ready',
      numberOfTransactions: 2,
      controlSumCents: 18345,
      sentAt: null,
    });
    const byName = new Map(detail.payouts.map((payout) => [payout.performerName, payout]));
    expect(byName.get('Anna')).toMatchObject({ status: 'scheduled', amountCents: 12345 });
    expect(byName.get('Bea')).toMatchObject({ status: 'scheduled', amountCents: 6000, destination: 'GB82 •••• 5432' });
    // a card payout reference goes to the TEST MODE sandbox
    await until(
      async () => (await runDetail(runId)).payouts.find((payout) => payout.performerName === 'Cleo')?.status === 'paid',
    );
    expect(
      (await runDetail(runId)).payouts.find((payout) => payout.performerName === 'Cleo')?.providerReference,
    ).toMatch(/^po_test_/);

    const file = await admin.get(`/api/admin/payouts/runs/${runId}/sepa`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="aura-sepa-2026-11-18-[0-9a-f]{8}\.xml"$/,
    );
    const xml = file.text;
    expect(tag(xml, 'MsgId')).toEqual([runId.replace(/-/g, '')]);
    expect(tag(xml, 'NbOfTxs')).toEqual(['2', '2']);
    expect(tag(xml, 'CtrlSum')).toEqual(['183.45', '183.45']);
    expect(tag(xml, 'ReqdExctnDt')).toEqual(['2026-11-18']);
    expect(tag(xml, 'IBAN')).toEqual([
      'IT60X0542811101000000123456',
      ...[
        [byName.get('Anna')!.id, annaIban],
        [byName.get('Bea')!.id, beaOldIban],
      ]
        .sort(([a], [b]) => a!.localeCompare(b!))
        .map(([, iban]) => iban),
    ]);
    expect(tag(xml, 'BIC')).toEqual(['BPPIITRRXXX']);
    expect(tag(xml, 'Nm')).toEqual(expect.arrayContaining(['Aura Media S.r.l.', 'Anna Schafer', 'Bea Ricci']));
    expect(tag(xml, 'EndToEndId').sort()).toEqual(
      [byName.get('Anna')!.id, byName.get('Bea')!.id].map((id) => id.replace(/-/g, '')).sort(),
    );
    expect(tag(xml, 'InstdAmt').sort()).toEqual(['123.45', '60.00']);
    expect(xml).not.toContain(beaNewIban);
    expect(xml).not.toContain('card_1N4x9Q2eZvKYlo2C');

    if (!xmllintPath()) {
      console.warn(
        'xmllint is not installed (Debian: libxml2-utils): the file was not validated against pain.001.001.03.xsd',
      );
    } else {
      const validation = await validatePain001(xml);
      expect(validation.output).toMatch(/validates$/);
      expect(validation.valid).toBe(true);
      // the schema check bites: a negative amount, or a BIC of the wrong shape, is refused
      expect((await validatePain001(xml.replace('>60.00<', '>-60.00<'))).valid).toBe(false);
      expect((await validatePain001(xml.replace('BPPIITRRXXX', 'BPPIT'))).valid).toBe(false);
    }

    // asked again: the same bytes; the run asked again pays and files nothing new
    expect((await admin.get(`/api/admin/payouts/runs/${runId}/sepa`)).text).toBe(xml);
    const again = await admin.post('/api/admin/payouts/run', { periodEnd: detail.periodEnd });
    await until(async () => (await runDetail(again.json.runId as string)).status === 'completed');
    expect(await runDetail(again.json.runId as string)).toMatchObject({ scheduledCount: 0, sepa: null });
    expect((await admin.get(`/api/admin/payouts/runs/${again.json.runId as string}/sepa`)).status).toBe(404);
    const audit = await payoutsAudit();
    expect(audit.problems).toEqual([]);
  });

  it("'sent' pays the file's payouts once; a second 'sent' is a 409 and changes nothing", async () => {
    const sent = await admin.post(`/api/admin/payouts/runs/${runId}/sepa/sent`);
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ status: 'sent', numberOfTransactions: 2, sentAt: clock.toISOString() });
    await until(async () => (await runDetail(runId)).payouts.every((payout) => payout.status === 'paid'));
    const payouts = (await anna.http.get(`/api/performers/${anna.id}/payouts`)).json as unknown as PayoutView[];
    expect(payouts).toEqual([
      expect.objectContaining({
        status: 'paid',
        amountCents: 12345,
        testMode: false,
        providerReference: `sepa_${runId.replace(/-/g, '')}_${payouts[0]!.id.replace(/-/g, '')}`,
      }),
    ]);
    expect((await runDetail(runId)).sepa).toMatchObject({ status: 'sent', sentBy: expect.any(String) });

    const before = await logLength(app);
    const twice = await admin.post(`/api/admin/payouts/runs/${runId}/sepa/sent`);
    expect(twice.status).toBe(409);
    expect(twice.headers.get('content-type')).toMatch(/problem\+json/);
    expect(twice.json).toMatchObject({
      code: 'sepa_sent',
      detail: 'Il file SEPA di questa esecuzione è già stato segnato come inviato',
    });
    expect((await admin.post(`/api/admin/payouts/runs/${newId()}/sepa/sent`)).status).toBe(404);
    expect((await admin.get(`/api/admin/payouts/runs/${newId()}/sepa`)).status).toBe(404);
    expect(await logLength(app)).toBe(before);
    // only admins
    expect((await client(app.url).get(`/api/admin/payouts/runs/${runId}/sepa`)).status).toBe(401);
    expect((await anna.http.post(`/api/admin/payouts/runs/${runId}/sepa/sent`)).status).toBe(403);
    const trail = (await admin.get('/api/admin/audit-trail')).json.actions as { action: string; stream: string }[];
    expect(trail).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'SepaFileSent', stream: sepaStreams.sent(runId) })]),
    );
    const audit = await payoutsAudit();
    expect(audit.problems).toEqual([]);
  });

  it('the ledger audit fails on a file whose transaction does not match its payout', async () => {
    const detail = await runDetail(runId);
    const payout = detail.payouts.find((row) => row.performerName === 'Anna')!;
    const forgedRun = newId();
    await app.infra.eventStore.appendToStream(
      sepaStreams.file(forgedRun),
      [
        {
          id: newId(),
          type: 'SepaFileCreated',
          data: {
            runId: forgedRun,
            messageId: forgedRun.replace(/-/g, ''),
            createdAt: clock.toISOString(),
            requestedExecutionDate: '2026-11-18',
            debtor: { name: 'Aura', iban: 'IT60X0542811101000000123456', bic: 'BPPIITRRXXX' },
            transactions: [
              {
                payoutId: payout.id,
                performerId: anna.id,
                attempt: 1,
                amountCents: 99999,
                holderName: 'Anna',
                iban: 'GB82WEST12345698765432',
                periodEnd: payout.periodEnd,
              },
            ],
            numberOfTransactions: 1,
            controlSumCents: 99999,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const audit = await payoutsAudit();
    const problems = audit.problems.map((problem) => problem.problem).join('\n');
    expect(problems).toMatch(/in two SEPA files/);
    expect(problems).toMatch(/of 999\.99 € but the payout is 123\.45 €/);
    expect(problems).toMatch(/not the one in force for its week/);
    expect(audit.problems.some((problem) => problem.stream === sepaStreams.file(forgedRun))).toBe(true);
  });
});

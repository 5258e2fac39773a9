/**
 * Weekly payouts at volume. Run with `npm run bench:payouts` (see bench/README.md).
 *
 * On the embedded stack (PGlite, mingo, in-process jobs) with the app's clock fixed on a
 * Wednesday: BENCH_PERFORMERS performers (2,000), each with payout details and
 * BENCH_EARNINGS (10) earnings of the last closed week, written through the event store port.
 * Then it prints: how long the read models take to catch up, the admin run (decide, transfer
 * through the TEST MODE sandbox and record, for every performer) in seconds and performers/s,
 * a repeated run for the same period (pays nothing new), and the payouts audit.
 *
 * `BENCH_RAIL=sepa`: the same on the SEPA rail (PAYOUT_PROVIDER=sepa), every performer above the
 * minimum with an IBAN of her own: the run and its pain.001.001.03 file of BENCH_PERFORMERS
 * transactions, the file downloaded and validated against the XSD with xmllint, marked sent (every
 * payout paid), and the audit of every transaction against its payout.
 */
import {
  ibanWithCheckDigits,
  lastClosedPayoutWeek,
  maskIban,
  payoutStreams,
  performerStreams,
  type PayoutRunDetail,
} from '@aura/contracts';
import { validatePain001, xmllintPath } from '../../backend/platform/payouts/sepa/xmllint';
import { loadavg } from 'node:os';
import { newId } from '../../backend/platform/ids';
import { superadminClient } from '../../backend/test/admin-session';
import { startTestApp } from '../../backend/test/app-harness';

const performers = Number(process.env.BENCH_PERFORMERS ?? 2_000);
const earningsEach = Number(process.env.BENCH_EARNINGS ?? 10);
const sepa = process.env.BENCH_RAIL === 'sepa';
const SEPA_ENV = {
  PAYOUT_PROVIDER: 'sepa',
  SEPA_DEBTOR_NAME: 'Aura Media S.r.l.',
  SEPA_DEBTOR_IBAN: 'IT60X0542811101000000123456',
  SEPA_DEBTOR_BIC: 'BPPIITRRXXX',
};
// Wednesday 18 November 2026, 11:00 Rome: the week of 9–15 November is closed and past a 2-day reserve
const clock = new Date('2026-11-18T10:00:00.000Z');

const seconds = (from: number) => (performance.now() - from) / 1000;

async function main() {
  const app = await startTestApp(
    { PAYOUT_MINIMUM_EUR: '50', PAYOUT_RESERVE_DAYS: '2', ...(sepa ? SEPA_ENV : {}) },
    { now: () => clock },
  );
  try {
    const admin = await superadminClient(app);
    const week = lastClosedPayoutWeek(clock);
    console.log(
      `payouts bench${sepa ? ' (SEPA rail)' : ''}: ${performers} performers × ${earningsEach} earnings, week of ${week.weekStart}; load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    let written = performance.now();
    const ids: string[] = [];
    for (let p = 0; p < performers; p++) {
      const performerId = newId();
      ids.push(performerId);
      const iban = sepa
        ? ibanWithCheckDigits('IT', `X0542811101${String(p + 1).padStart(12, '0')}`)
        : 'IT60X0542811101000000123456';
      await app.infra.eventStore.appendToStream(
        payoutStreams.details(performerId),
        [
          {
            id: newId(),
            type: 'PayoutDetailsChanged',
            data: {
              performerId,
              holderName: `Performer ${p}`,
              method: 'iban',
              iban,
              cardReference: null,
              masked: maskIban(iban),
              changedAt: '2026-10-01T10:00:00.000Z',
              effectiveFrom: '2026-10-04T22:00:00.000Z',
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      // every fourth performer earns below the 50 € minimum: carried over (on the SEPA rail everyone is paid)
      const shareCents = p % 4 === 0 && !sepa ? 300 : 1_100;
      await app.infra.eventStore.appendToStream(
        performerStreams.earnings(performerId),
        Array.from({ length: earningsEach }, (_, e) => ({
          id: newId(),
          type: 'PerformerEarningsCredited',
          data: {
            performerId,
            source: (['session', 'message', 'photo'] as const)[e % 3],
            sourceId: newId(),
            grossUnits: Math.ceil((shareCents * 100) / 55),
            shareCents,
            creditedAt: new Date(new Date(`${week.weekStart}T12:00:00.000Z`).getTime() + e * 3_600_000).toISOString(),
          },
        })),
        { expectedRevision: 'any' },
      );
    }
    console.log(`  log written: ${performers * (earningsEach + 1)} events in ${seconds(written).toFixed(1)} s`);
    written = performance.now();
    await app.settled();
    console.log(`  read models caught up in ${seconds(written).toFixed(1)} s`);

    const run = async (label: string) => {
      const started = performance.now();
      const answer = await admin.post('/api/admin/payouts/run', {});
      if (answer.status !== 202) throw new Error(`run: ${answer.status} ${answer.text}`);
      const runId = answer.json.runId as string;
      let detail: PayoutRunDetail | undefined;
      for (;;) {
        await app.settled();
        const read = await admin.get(`/api/admin/payouts/runs/${runId}`);
        detail = read.json as unknown as PayoutRunDetail;
        // on the SEPA rail the run ends with its file written, its payouts scheduled until it is sent
        if (
          read.status === 200 &&
          detail.status === 'completed' &&
          (sepa ? detail.sepa !== undefined : detail.scheduledCount === 0)
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const took = seconds(started);
      const outcome = {
        paid: detail.paidCount,
        scheduled: detail.scheduledCount,
        failed: detail.failedCount,
        carried: detail.carriedOverCount,
        paidCents: detail.paidCents,
        sepa: detail.sepa ?? undefined,
      };
      console.log(
        `  ${label}: ${took.toFixed(1)} s, ${Math.round(performers / took)} performers/s; ${JSON.stringify(outcome)}`,
      );
      return { ...detail, runId };
    };
    const first = await run('admin run');
    if (sepa) await sepaFile(first.runId);
    const second = await run('repeated run, same period');
    if (second.paidCount !== 0 || second.paidCents !== 0 || second.scheduledCount !== 0)
      throw new Error('a repeated run paid something new');
    const expected = sepa ? performers : performers - Math.ceil(performers / 4);
    const paid = sepa ? (await admin.get(`/api/admin/payouts/runs/${first.runId}`)).json.paidCount : first.paidCount;
    if (paid !== expected) throw new Error(`paid ${String(paid)} performers, expected ${expected}`);

    async function sepaFile(runId: string) {
      let started = performance.now();
      const file = await admin.get(`/api/admin/payouts/runs/${runId}/sepa`);
      if (file.status !== 200) throw new Error(`SEPA file: ${file.status} ${file.text.slice(0, 200)}`);
      const transactions = (file.text.match(/<CdtTrfTxInf>/g) ?? []).length;
      console.log(
        `  SEPA file downloaded: ${transactions} transactions, ${(file.text.length / 1024).toFixed(0)} KiB, ${seconds(started).toFixed(2)} s`,
      );
      if (transactions !== performers)
        throw new Error(`the file holds ${transactions} transactions, expected ${performers}`);
      if (!xmllintPath()) console.log('  xmllint is not installed (libxml2-utils): the file was not validated');
      else {
        started = performance.now();
        const validation = await validatePain001(file.text);
        console.log(
          `  xmllint --schema pain.001.001.03.xsd: ${validation.output.split('\n').at(-1)}, ${seconds(started).toFixed(2)} s`,
        );
        if (!validation.valid) throw new Error(validation.output.slice(0, 2_000));
      }
      started = performance.now();
      const sent = await admin.post(`/api/admin/payouts/runs/${runId}/sepa/sent`);
      if (sent.status !== 200) throw new Error(`sent: ${sent.status} ${sent.text}`);
      await app.settled();
      console.log(`  marked sent, every payout paid: ${seconds(started).toFixed(1)} s`);
    }

    const auditStarted = performance.now();
    const report = await app.modules.reads.payouts.audit(await app.infra.eventStore.readAll(), {
      storedReadModels: true,
    });
    console.log(`  payouts audit: ${report.problems.length} problems, ${seconds(auditStarted).toFixed(1)} s`);
    if (report.problems.length > 0) throw new Error(report.problems.slice(0, 5).join('\n'));
    console.log(
      `  load after: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

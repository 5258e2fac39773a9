/**
 * The auditor's replay of payouts (part of `npm run ledger:audit`): every earnings stream folded by
 * the decider's own evolve, checking on the way that each payout takes only unpaid earnings and
 * exactly their amount, that its id is the one derived from performer and period (so no week is
 * paid twice), and that the provider's ledger paid each payout once and for its amount. Then, per
 * performer, earned = paid + in transfer + unpaid (payable + held in reserve). The payouts read
 * models hand theirs over to `auditPayoutReadModels`, which holds them against the same replay.
 */
import { inReserve, payableCutoff, payoutWeekOf, type DomainEvent, type EventDataOf } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import { sandboxTransfersIn } from '../../platform/payouts/sandbox';
import { recorded } from '../../platform/recorded-event';
import type { AuditProblem } from '../../kernel/module';
import { earningsAccount, payoutIdFor, type EarningsAccount } from '../earnings/account';
import { auditSepaFiles } from './sepa';

type RunRequest = EventDataOf<'PayoutRunRequested'>;

const EARNINGS_PREFIX = 'earnings-';
const euro = (cents: number) => (cents / 100).toFixed(2);

export interface PerformerPayoutAudit {
  performerId: string;
  earnedCents: number;
  paidCents: number;
  scheduledCents: number;
  payableCents: number;
  reserveCents: number;
}

export interface PayoutAuditReport {
  performers: PerformerPayoutAudit[];
  problems: AuditProblem[];
  lines: string[];
}

/** Checks one payout event against the account before it is applied. */
function checkPayoutEvent(
  state: EarningsAccount,
  event: DomainEvent,
  stream: string,
  revision: number,
  runs: ReadonlyMap<string, RunRequest>,
  problems: AuditProblem[],
): void {
  const problem = (text: string) => problems.push({ stream, revision, problem: text });
  const unpaid = new Map(state.unpaid.map((credit) => [credit.n, credit]));
  switch (event.type) {
    case 'PayoutScheduled': {
      const d = event.data;
      if (state.payouts[d.payoutId]) problem(`payout ${d.payoutId} scheduled twice: a period paid twice`);
      if (d.payoutId !== payoutIdFor(d.performerId, d.periodEnd))
        problem(`payout ${d.payoutId} is not the id of its performer and period ${d.periodEnd}`);
      const covered = d.credits.map((n) => unpaid.get(n));
      if (covered.some((credit) => credit === undefined))
        problem(`payout ${d.payoutId} takes earnings that are not unpaid (paid twice, or never earned)`);
      if (new Set(d.credits).size !== d.credits.length) problem(`payout ${d.payoutId} names an earning twice`);
      const sum = covered.reduce((total, credit) => total + (credit?.cents ?? 0), 0);
      if (sum !== d.amountCents)
        problem(
          `payout ${d.payoutId} of ${euro(d.amountCents)} € exceeds or differs from the ${euro(sum)} € it covers`,
        );
      // a clawback or a held share (negative) is deducted at once, whenever it came (docs/architecture.md#refunds)
      if (covered.some((credit) => credit && credit.cents > 0 && credit.at > Date.parse(d.periodEnd)))
        problem(`payout ${d.payoutId} pays earnings accrued after its period end`);
      const run = runs.get(d.runId);
      if (!run) problem(`payout ${d.payoutId} names run ${d.runId}, which was never requested`);
      else {
        // the reserve and the minimum as the run fixed them, the cutoff recomputed from them
        const cutoff = payableCutoff(new Date(run.periodEnd), new Date(run.requestedAt), run.reserveDays).getTime();
        if (Date.parse(run.cutoff) !== cutoff)
          problem(
            `payout ${d.payoutId}: its run's cutoff ${run.cutoff} is not its period end less the ${run.reserveDays}-day reserve`,
          );
        if (covered.some((credit) => credit && credit.cents > 0 && credit.at > cutoff))
          problem(`payout ${d.payoutId} pays earnings still inside the ${run.reserveDays}-day reserve at its run`);
        if (d.amountCents < run.minimumCents)
          problem(
            `payout ${d.payoutId} of ${euro(d.amountCents)} € is below the run's minimum of ${euro(run.minimumCents)} €`,
          );
        if (d.periodEnd !== run.periodEnd)
          problem(`payout ${d.payoutId} is for period ${d.periodEnd}, its run for ${run.periodEnd}`);
      }
      const weeks = d.weeks.reduce((total, week) => total + week.amountCents, 0);
      if (weeks !== d.amountCents)
        problem(`payout ${d.payoutId}: its weeks add up to ${euro(weeks)} €, not ${euro(d.amountCents)} €`);
      break;
    }
    case 'PayoutPaid':
    case 'PayoutFailed': {
      const payout = state.payouts[event.data.payoutId];
      if (!payout || payout.status !== 'scheduled' || payout.attempt !== event.data.attempt)
        problem(
          `${event.type} ${event.data.payoutId} (attempt ${event.data.attempt}) for a payout not being transferred`,
        );
      else if (payout.amountCents !== event.data.amountCents)
        problem(
          `${event.type} ${event.data.payoutId} for ${euro(event.data.amountCents)} € but it was scheduled for ${euro(payout.amountCents)} €`,
        );
      break;
    }
    case 'PayoutRetried': {
      const payout = state.payouts[event.data.payoutId];
      if (!payout || payout.status !== 'failed') problem(`retry of ${event.data.payoutId}, which had not failed`);
      else if (payout.credits.some((n) => !unpaid.has(n)))
        problem(`retry of ${event.data.payoutId} takes earnings another payout took`);
      if (!event.data.adminId) problem(`retry of ${event.data.payoutId} without an admin`);
      break;
    }
    default:
  }
}

/** Replays every earnings stream; pure over the events. */
export function replayPayouts(events: readonly StoredEvent[]): {
  accounts: Map<string, EarningsAccount>;
  problems: AuditProblem[];
  sepaLine: string | null;
} {
  const accounts = new Map<string, EarningsAccount>();
  const sepa = auditSepaFiles(events);
  const problems: AuditProblem[] = [...sepa.problems];
  const paidByProvider = new Map<string, { attempt: number; amountCents: number }[]>();
  for (const transfer of sandboxTransfersIn(events)) {
    if (transfer.outcome.status !== 'paid') continue;
    paidByProvider.set(transfer.payoutId, [
      ...(paidByProvider.get(transfer.payoutId) ?? []),
      { attempt: transfer.attempt, amountCents: transfer.amountCents },
    ]);
  }
  const runs = new Map<string, RunRequest>();
  for (const stored of events) {
    if (stored.type === 'PayoutRunRequested') {
      const run = recorded(stored);
      if (run?.type === 'PayoutRunRequested') runs.set(run.data.runId, run.data);
    }
    if (!stored.streamId.startsWith(EARNINGS_PREFIX)) continue;
    const event = recorded(stored);
    if (!event) continue;
    const performerId = stored.streamId.slice(EARNINGS_PREFIX.length);
    const before = accounts.get(performerId) ?? earningsAccount.initialState();
    checkPayoutEvent(before, event, stored.streamId, stored.revision, runs, problems);
    if (event.type === 'PayoutPaid' && (paidByProvider.size > 0 || sepa.ledger.files > 0)) {
      const transfers = paidByProvider.get(event.data.payoutId) ?? [];
      const bySepa = sepa.ledger.paidBySepa.get(event.data.payoutId);
      const sepaPaid = bySepa?.attempt === event.data.attempt && bySepa.amountCents === event.data.amountCents;
      if (
        !sepaPaid &&
        !transfers.some(
          (transfer) => transfer.attempt === event.data.attempt && transfer.amountCents === event.data.amountCents,
        )
      ) {
        problems.push({
          stream: stored.streamId,
          revision: stored.revision,
          problem: `PayoutPaid ${event.data.payoutId} without the provider's transfer of that amount`,
        });
      }
    }
    accounts.set(performerId, earningsAccount.evolve(before, event));
  }
  for (const [payoutId, transfers] of paidByProvider) {
    if (sepa.ledger.paidBySepa.has(payoutId))
      problems.push({
        stream: `payout-sandbox-${payoutId}`,
        problem: `payout ${payoutId} paid by the sandbox and by a SEPA file`,
      });
    if (transfers.length > 1)
      problems.push({
        stream: `payout-sandbox-${payoutId}`,
        problem: `the provider paid payout ${payoutId} ${transfers.length} times`,
      });
  }
  for (const [performerId, account] of accounts) {
    const unpaid = account.unpaid.reduce((sum, credit) => sum + credit.cents, 0);
    const held = Object.values(account.held ?? {}).reduce((sum, cents) => sum + cents, 0);
    const clawedBack = account.clawedBackCents ?? 0;
    if (account.earnedCents !== account.paidCents + account.scheduledCents + unpaid + clawedBack + held) {
      problems.push({
        stream: `${EARNINGS_PREFIX}${performerId}`,
        problem:
          `earned ${euro(account.earnedCents)} € ≠ paid ${euro(account.paidCents)}` +
          ` + in transfer ${euro(account.scheduledCents)} + unpaid ${euro(unpaid)}` +
          ` + clawed back ${euro(clawedBack)} + held ${euro(held)}`,
      });
    }
    if (account.paidCents + account.scheduledCents > account.earnedCents)
      problems.push({ stream: `${EARNINGS_PREFIX}${performerId}`, problem: 'paid out more than earned' });
  }
  const sepaLine =
    sepa.ledger.files > 0
      ? `  SEPA: ${sepa.ledger.files} file(s), ${sepa.ledger.transactions} transaction(s), ${sepa.ledger.sent} sent; ` +
        'each matches a payout, its amount and the IBAN of its week, once'
      : null;
  return { accounts, problems, sepaLine };
}

function performerFigures(
  performerId: string,
  account: EarningsAccount,
  now: Date,
  reserveDays: number,
): PerformerPayoutAudit {
  const reserve = account.unpaid.filter((credit) => inReserve(new Date(credit.at), now, reserveDays));
  const reserveCents = reserve.reduce((sum, credit) => sum + credit.cents, 0);
  const unpaidCents = account.unpaid.reduce((sum, credit) => sum + credit.cents, 0);
  return {
    performerId,
    earnedCents: account.earnedCents,
    paidCents: account.paidCents,
    scheduledCents: account.scheduledCents,
    payableCents: unpaidCents - reserveCents,
    reserveCents,
  };
}

/** What a set of payouts read models shows, as the payouts read side hands it to the audit. */
export interface ShownPayouts {
  /** per performer: what she earned, was paid, and has in transfer */
  accounts: readonly { _id: string; earnedCents: number; paidCents: number; scheduledCents: number }[];
  payouts: readonly { _id: string; status: string; amountCents: number }[];
  /** her weekly statements, each with the earnings it lists */
  statements: readonly {
    performerId: string;
    weekStart: string;
    shareCents: number;
    paidCents: number;
    lines: readonly { creditedAt: string }[];
  }[];
  runs: readonly { paidCents?: unknown }[];
}

/**
 * Every performer's payout account, payouts, weekly statements and the runs' totals as each set of
 * read models shows them equal the replay of the log (docs/architecture.md#money).
 */
export function auditPayoutReadModels(
  events: readonly StoredEvent[],
  models: readonly { label: string; shown: ShownPayouts }[],
): AuditProblem[] {
  const { accounts } = replayPayouts(events);
  return models.flatMap(({ label, shown }) => compareReadModels(shown, accounts, label));
}

/** Differences between a set of payouts read models and the replay. */
function compareReadModels(shown: ShownPayouts, accounts: Map<string, EarningsAccount>, label: string): AuditProblem[] {
  const problems: AuditProblem[] = [];
  const problem = (stream: string, text: string) => problems.push({ stream, problem: `${label}: ${text}` });
  const accountDocs = new Map(shown.accounts.map((doc) => [doc._id, doc]));
  const payoutDocs = shown.payouts;
  const statements = shown.statements;
  const runs = shown.runs;
  for (const [performerId, account] of accounts) {
    const stream = `${EARNINGS_PREFIX}${performerId}`;
    const doc = accountDocs.get(performerId);
    if (!doc) {
      if (account.creditCount > 0) problem(stream, 'no payout account');
      continue;
    }
    for (const field of ['earnedCents', 'paidCents', 'scheduledCents'] as const)
      if (doc[field] !== account[field]) problem(stream, `${field} ${doc[field]} but the log gives ${account[field]}`);
    const weeks = statements.filter((statement) => statement.performerId === performerId);
    const sum = (pick: (statement: ShownPayouts['statements'][number]) => number) =>
      weeks.reduce((total, statement) => total + (pick(statement) ?? 0), 0);
    if (sum((s) => s.shareCents) !== account.earnedCents)
      problem(
        stream,
        `weekly statements add up to ${euro(sum((s) => s.shareCents))} € earned, the log to ${euro(account.earnedCents)} €`,
      );
    if (sum((s) => s.paidCents) !== account.paidCents)
      problem(
        stream,
        `weekly statements say ${euro(sum((s) => s.paidCents))} € paid, the log ${euro(account.paidCents)} €`,
      );
    for (const statement of weeks) {
      const strays = statement.lines.filter(
        (line) => payoutWeekOf(new Date(line.creditedAt)).weekStart !== statement.weekStart,
      );
      if (strays.length > 0)
        problem(stream, `statement ${statement.weekStart} holds ${strays.length} earning(s) of another week`);
    }
    for (const payout of Object.values(account.payouts)) {
      const payoutDoc = payoutDocs.find((candidate) => candidate._id === payout.payoutId);
      if (!payoutDoc || payoutDoc.status !== payout.status || payoutDoc.amountCents !== payout.amountCents)
        problem(
          stream,
          `payout ${payout.payoutId} is ${payoutDoc?.status ?? 'missing'} but the log says ${payout.status}`,
        );
    }
  }
  const paidInRuns = runs.reduce((total, run) => total + (typeof run.paidCents === 'number' ? run.paidCents : 0), 0);
  const paidInLog = [...accounts.values()].reduce((total, account) => total + account.paidCents, 0);
  if (paidInRuns !== paidInLog)
    problem('payout-runs', `runs say ${euro(paidInRuns)} € paid, the log ${euro(paidInLog)} €`);
  return problems;
}

/** The payouts money audit over the log: the replay and SEPA files, each performer's figures as of `now`. */
export function auditPayouts(
  events: readonly StoredEvent[],
  options: { now: Date; reserveDays: number },
): PayoutAuditReport {
  const { accounts, problems, sepaLine } = replayPayouts(events);
  const performers = [...accounts].map(([performerId, account]) =>
    performerFigures(performerId, account, options.now, options.reserveDays),
  );
  const total = (pick: (figures: PerformerPayoutAudit) => number) =>
    euro(performers.reduce((sum, figures) => sum + pick(figures), 0));
  const lines = [
    `  payouts: ${performers.length} performer(s) earned ${total((p) => p.earnedCents)} €` +
      ` = paid ${total((p) => p.paidCents)} + in transfer ${total((p) => p.scheduledCents)}` +
      ` + unpaid ${total((p) => p.payableCents)} + held in reserve ${total((p) => p.reserveCents)} €`,
  ];
  if (sepaLine) lines.push(sepaLine);
  if (problems.length === 0)
    lines.push(
      '  payouts OK: earned = paid + unpaid + held in reserve for every performer, no payout exceeds its earnings, no week paid twice',
    );
  return { performers, problems, lines };
}

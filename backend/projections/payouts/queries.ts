import {
  PERFORMER_SHARE_PERCENT,
  expectedNextPayout,
  inReserve,
  payoutDayOf,
  payoutWeekOf,
  payoutWeekStarting,
  type PayoutDetailsView,
  type PayoutRunView,
  type PayoutSummary,
  type PayoutView,
  type StatementStatus,
  type StatementView,
} from '@aura/contracts';
import type { ReadModelStore } from '../../platform/readmodels/port';
import {
  PAYOUT_ACCOUNTS,
  PAYOUT_DETAILS,
  PAYOUT_RUNS,
  PAYOUT_STATEMENTS,
  PAYOUTS,
  type AccountDoc,
  type DetailsDoc,
  type MaskedChange,
  type PayoutDoc,
  type RunDoc,
  type StatementDoc,
} from './projection';

const emptySource = () => ({ count: 0, grossUnits: 0, purchasedUnits: 0, shareCents: 0 });
type Source = keyof StatementDoc['sources'];
/** A source's totals: its sales counted by id (a session once, however many parts it was billed in). */
const sourceTotals = (doc: StatementDoc, source: Source) => {
  const totals = doc.sources?.[source];
  if (!totals) return emptySource();
  const { grossUnits, shareCents } = totals;
  return {
    // a session's parts are one sale (statements folded before its ids were kept counted each part)
    count: (source === 'session' ? doc.saleIds?.session?.length : undefined) ?? totals.count ?? 0,
    grossUnits,
    // its purchased part is all of its gross when folded before the split
    purchasedUnits: totals.purchasedUnits ?? grossUnits,
    shareCents,
  };
};

export function toPayoutView(doc: PayoutDoc, testMode: boolean): PayoutView {
  return {
    id: doc._id,
    performerId: doc.performerId,
    periodEnd: doc.periodEnd,
    amountCents: doc.amountCents,
    status: doc.status,
    attempt: doc.attempt,
    method: doc.method,
    holderName: doc.holderName,
    destination: doc.destination,
    runId: doc.runId,
    weeks: doc.weeks,
    scheduledAt: doc.scheduledAt,
    paidAt: doc.paidAt,
    failedAt: doc.failedAt,
    failureReason: doc.failureReason,
    providerReference: doc.providerReference,
    testMode,
  };
}

/** What became of a week's earnings, as her statement says it. */
export function statementStatus(
  doc: Pick<StatementDoc, 'weekStart' | 'shareCents' | 'scheduledCents' | 'paidCents' | 'carriedOverCents'>,
  now: Date,
): StatementStatus {
  const unpaid = doc.shareCents - doc.scheduledCents - doc.paidCents;
  if (doc.scheduledCents > 0) return 'scheduled';
  if (unpaid <= 0) return 'paid';
  if (doc.carriedOverCents > 0) return 'carried_over';
  if (doc.paidCents > 0) return 'partially_paid';
  return payoutWeekStarting(doc.weekStart).end.getTime() >= now.getTime() ? 'open' : 'pending';
}

export function toStatementView(doc: StatementDoc, now: Date): StatementView {
  const week = payoutWeekStarting(doc.weekStart);
  const scheduledCents = doc.scheduledCents ?? 0;
  const paidCents = doc.paidCents ?? 0;
  const carriedOverCents = doc.carriedOverCents ?? 0;
  const clawedBackCents = doc.clawedBackCents ?? 0;
  const heldCents = doc.heldCents ?? 0;
  // what refunds and disputes took (or hold) is not owed to her (docs/architecture.md#refunds)
  const filled = {
    ...doc,
    shareCents: doc.shareCents - clawedBackCents - heldCents,
    scheduledCents,
    paidCents,
    carriedOverCents,
  };
  const unpaidCents = filled.shareCents - scheduledCents - paidCents;
  return {
    performerId: doc.performerId,
    weekStart: doc.weekStart,
    periodEnd: week.end.toISOString(),
    payoutDate: payoutDayOf(week).toISOString(),
    sources: {
      session: sourceTotals(doc, 'session'),
      message: sourceTotals(doc, 'message'),
      photo: sourceTotals(doc, 'photo'),
      tip: sourceTotals(doc, 'tip'),
      ticket: sourceTotals(doc, 'ticket'),
    },
    grossUnits: doc.grossUnits,
    purchasedUnits: doc.purchasedUnits ?? doc.grossUnits,
    promotionalUnits: doc.grossUnits - (doc.purchasedUnits ?? doc.grossUnits),
    sharePercent: PERFORMER_SHARE_PERCENT,
    shareCents: doc.shareCents,
    clawedBackCents,
    heldCents,
    paidCents,
    scheduledCents,
    unpaidCents,
    carriedOverCents: unpaidCents > 0 ? Math.min(carriedOverCents, unpaidCents) : 0,
    carryReason: unpaidCents > 0 && carriedOverCents > 0 ? (doc.carryReason ?? null) : null,
    status: statementStatus(filled, now),
    payoutIds: doc.payoutIds ?? [],
  };
}

function detailsView(doc: DetailsDoc | null, now: Date): PayoutDetailsView {
  const changes = doc?.changes ?? [];
  const entry = (change: MaskedChange) => ({
    holderName: change.holderName,
    method: change.method,
    masked: change.masked,
    changedAt: change.changedAt,
    effectiveFrom: change.effectiveFrom,
  });
  // her first details pay every week before them too (the rule of `detailsInForce`)
  const inForce =
    changes.filter((change) => Date.parse(change.effectiveFrom) <= now.getTime()).at(-1) ?? changes[0] ?? null;
  const latest = changes.at(-1) ?? null;
  return {
    current: inForce && entry(inForce),
    upcoming: latest && latest !== inForce ? entry(latest) : null,
    history: [...changes].reverse().map(entry),
  };
}

export function toRunView(doc: RunDoc): PayoutRunView {
  const count = (value: unknown) => (typeof value === 'number' ? value : 0);
  return {
    id: doc._id,
    trigger: doc.trigger,
    adminId: doc.adminId,
    periodEnd: doc.periodEnd,
    weekStart: payoutWeekOf(new Date(doc.periodEnd)).weekStart,
    requestedAt: doc.requestedAt,
    completedAt: doc.completedAt ?? null,
    status: doc.completedAt ? 'completed' : 'running',
    minimumCents: doc.minimumCents,
    reserveDays: doc.reserveDays,
    performers: count(doc.performers),
    scheduledCount: count(doc.scheduledCount),
    paidCount: count(doc.paidCount),
    failedCount: count(doc.failedCount),
    carriedOverCount: count(doc.carriedOverCount),
    paidCents: count(doc.paidCents),
    scheduledCents: count(doc.scheduledCents),
    failedCents: count(doc.failedCents),
    carriedOverCents: count(doc.carriedOverCents),
  };
}

/**
 * What the payout service reads here (entry hands it over): whom a run visits, whether a week has
 * anything to pay, a payout's performer and run, and the payouts a dead worker left scheduled.
 */
export function createPayoutLookups(readModels: ReadModelStore) {
  const accounts = readModels.collection<AccountDoc>(PAYOUT_ACCOUNTS);
  const payouts = readModels.collection<PayoutDoc>(PAYOUTS);
  return {
    /** performers with unpaid earnings or payouts in flight */
    async performersToVisit(): Promise<string[]> {
      const docs = await accounts.find(
        { $or: [{ unpaidCount: { $gt: 0 } }, { scheduledCents: { $gt: 0 } }] },
        { projection: { _id: 1 } },
      );
      return docs.map((doc) => doc._id);
    },
    /** does anyone have unpaid earnings accrued by then? */
    async hasEarningsUpTo(periodEnd: Date): Promise<boolean> {
      const docs = await accounts.find({ unpaidCount: { $gt: 0 } }, { projection: { unpaid: 1 } });
      return docs.some((doc) => doc.unpaid.some((credit) => credit.at <= periodEnd.getTime()));
    },
    /** a payout's performer and run */
    async payoutOf(payoutId: string): Promise<{ performerId: string; runId: string } | null> {
      const doc = await payouts.findOne({ _id: payoutId });
      return doc && { performerId: doc.performerId, runId: doc.runId };
    },
    /** performers with a payout still scheduled */
    async strandedPerformers(): Promise<string[]> {
      const stranded = await payouts.find({ status: 'scheduled' }, { projection: { performerId: 1 } });
      return [...new Set(stranded.map((doc) => doc.performerId))];
    },
  };
}

export function createPayoutQueries(
  readModels: ReadModelStore,
  settings: () => { minimumCents: number; reserveDays: number },
  testMode: boolean,
) {
  const accounts = readModels.collection<AccountDoc>(PAYOUT_ACCOUNTS);
  const payouts = readModels.collection<PayoutDoc>(PAYOUTS);
  const statements = readModels.collection<StatementDoc>(PAYOUT_STATEMENTS);
  const runs = readModels.collection<RunDoc>(PAYOUT_RUNS);
  const details = readModels.collection<DetailsDoc>(PAYOUT_DETAILS);

  return {
    async payoutsOf(performerId: string): Promise<PayoutView[]> {
      const docs = await payouts.find({ performerId }, { sort: { periodEnd: -1, scheduledAt: -1 } });
      return docs.map((doc) => toPayoutView(doc, testMode));
    },
    async payout(payoutId: string): Promise<PayoutView | null> {
      const doc = await payouts.findOne({ _id: payoutId });
      return doc && toPayoutView(doc, testMode);
    },
    async summary(performerId: string, now: Date): Promise<PayoutSummary> {
      const { minimumCents, reserveDays } = settings();
      const account = await accounts.findOne({ _id: performerId });
      const unpaid = account?.unpaid ?? [];
      const expected = expectedNextPayout(unpaid, now, { reserveDays, minimumCents });
      const view = detailsView(await details.findOne({ _id: performerId }), expected.week.end);
      return {
        performerId,
        earnedCents: account?.earnedCents ?? 0,
        paidCents: account?.paidCents ?? 0,
        scheduledCents: account?.scheduledCents ?? 0,
        unpaidCents: unpaid.reduce((sum, credit) => sum + credit.cents, 0),
        reserveCents: unpaid
          .filter((credit) => inReserve(new Date(credit.at), now, reserveDays))
          .reduce((sum, credit) => sum + credit.cents, 0),
        reserveDays,
        minimumCents,
        nextPayoutDate: expected.payoutDay.toISOString(),
        nextPeriodEnd: expected.week.end.toISOString(),
        expectedAmountCents: expected.amountCents,
        expectedCarriesOver: expected.carriesOver,
        hasDetails: view.current !== null,
        testMode,
      };
    },
    async statements(performerId: string, now: Date): Promise<StatementView[]> {
      const docs = await statements.find({ performerId }, { sort: { weekStart: -1 } });
      return docs.map((doc) => toStatementView(doc, now));
    },
    async statement(performerId: string, weekStart: string, now: Date) {
      const doc = await statements.findOne({ _id: `${performerId}:${weekStart}` });
      if (!doc) return null;
      const view = toStatementView(doc, now);
      const covering =
        view.payoutIds.length > 0
          ? await payouts.find({ _id: { $in: view.payoutIds } }, { sort: { periodEnd: 1 } })
          : [];
      return {
        ...view,
        lines: [...doc.lines]
          .sort((a, b) => a.creditedAt.localeCompare(b.creditedAt))
          .map((line) => ({ ...line, purchasedUnits: line.purchasedUnits ?? line.grossUnits })),
        payouts: covering.map((payout) => toPayoutView(payout, testMode)),
      };
    },
    async details(performerId: string, now: Date): Promise<PayoutDetailsView> {
      return detailsView(await details.findOne({ _id: performerId }), now);
    },
    async runs(limit = 100): Promise<PayoutRunView[]> {
      const docs = await runs.find({}, { sort: { requestedAt: -1 }, limit });
      return docs.map(toRunView);
    },
    async run(runId: string) {
      const doc = await runs.findOne({ _id: runId });
      if (!doc) return null;
      const rows = await payouts.find({ runId }, { sort: { amountCents: -1 } });
      return {
        view: toRunView(doc),
        payouts: rows.map((row) => toPayoutView(row, testMode)),
        carries: doc.carries ?? [],
      };
    },
    accounts: () => accounts.find({}),
    allPayouts: () => payouts.find({}),
  };
}

export type PayoutQueries = ReturnType<typeof createPayoutQueries>;

/**
 * Running payouts: a run is asked for (PayoutRunRequested, its settings fixed), then its job
 * decides each performer's payout on her earnings stream and settles every scheduled payout with
 * the provider. Every step may run twice, concurrently or after a crash: decisions are appended with
 * the stream's expected revision and deterministic event ids, and the provider is idempotent by
 * (payoutId, attempt), so each earning is paid at most once.
 */
import { payableCutoff, payoutSettings, payoutStreams, type DomainEvent, type EventDataOf } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, foldStream, type Aggregate } from '../../kernel/handle-command';
import { WrongExpectedRevisionError } from '../../platform/eventstore/port';
import { deterministicId, newId } from '../../platform/ids';
import type { ModulePorts } from '../../kernel/module';
import type { PayoutProvider, TransferRequest } from '../../platform/payouts/port';
import type { SepaRail } from '../../platform/payouts/sepa/provider';
import {
  decideOnEarnings,
  decidePayout,
  decideRetry,
  decideSettlement,
  earningsAccountOf,
  payoutIdFor,
  type AccountPayout,
  type Settlement,
} from '../../ledger';
import { detailsInForce, payoutDetails, providerDestination, shownDestination } from './details';

export const RUN_JOB = 'payouts:run';
export const SETTLE_JOB = 'payouts:settle';
export const TICK_JOB = 'payouts:tick';

export type RunRequest = EventDataOf<'PayoutRunRequested'>;

const eventIdOf = (event: DomainEvent) => {
  const data = event.data as {
    payoutId?: string;
    performerId?: string;
    periodEnd?: string;
    attempt?: number;
    reason?: string;
    amountCents?: number;
  };
  return deterministicId(
    `${event.type}:${data.payoutId ?? `${data.performerId}:${data.periodEnd}:${data.reason}:${data.amountCents}`}:${data.attempt ?? 0}`,
  );
};

interface RunState {
  request: RunRequest | null;
  completed: boolean;
}
const payoutRun: Aggregate<RunState> = {
  initialState: () => ({ request: null, completed: false }),
  evolve: (state, event) =>
    event.type === 'PayoutRunRequested'
      ? { ...state, request: event.data }
      : event.type === 'PayoutRunCompleted'
        ? { ...state, completed: true }
        : state,
};
const handlePayoutRun = commandHandler(payoutRun);

/** What the service reads of the payouts read side (entry hands it over: backend/projections/payouts/queries.ts). */
export interface PayoutLookups {
  /** performers with unpaid earnings or payouts in flight */
  performersToVisit(): Promise<string[]>;
  /** does anyone have unpaid earnings accrued by then (something for a weekly run to pay or carry over)? */
  hasEarningsUpTo(periodEnd: Date): Promise<boolean>;
  payoutOf(payoutId: string): Promise<{ performerId: string; runId: string } | null>;
  /** performers with a payout still scheduled (a worker died between the decision and the transfer) */
  strandedPerformers(): Promise<string[]>;
}

export function createPayoutService(
  ports: ModulePorts,
  provider: PayoutProvider & { sepa?: SepaRail },
  lookups: PayoutLookups,
) {
  const { eventStore, jobs, logger } = ports;
  const { now } = ports.clock;
  const log = logger.child({ component: 'payouts' });

  const settings = () => payoutSettings(ports.config);
  const detailsOf = async (performerId: string) =>
    foldStream(payoutDetails, await eventStore.readStream(payoutStreams.details(performerId)));

  async function enqueueRun(runId: string, attemptKey = 'first'): Promise<void> {
    await jobs.enqueue(
      RUN_JOB,
      { runId },
      { jobId: `${RUN_JOB}:${runId}:${attemptKey}`, attempts: 5, backoff: { type: 'exponential', delayMs: 2_000 } },
    );
  }

  /** Records the run with its settings, then queues its job. A schedule's run id is fixed by its period: asked twice, it is one run. */
  async function requestRun(request: {
    periodEnd: Date;
    trigger: 'schedule' | 'admin';
    adminId: string | null;
    runId?: string;
  }): Promise<RunRequest> {
    const requestedAt = now();
    const { minimumCents, reserveDays } = settings();
    const run: RunRequest = {
      runId: request.runId ?? newId(),
      trigger: request.trigger,
      adminId: request.adminId,
      periodEnd: request.periodEnd.toISOString(),
      requestedAt: requestedAt.toISOString(),
      minimumCents,
      reserveDays,
      cutoff: payableCutoff(request.periodEnd, requestedAt, reserveDays).toISOString(),
    };
    try {
      await eventStore.appendToStream(
        payoutStreams.run(run.runId),
        [{ id: deterministicId(`PayoutRunRequested:${run.runId}`), type: 'PayoutRunRequested', data: run }],
        { expectedRevision: 'no_stream' },
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      const existing = foldStream(payoutRun, await eventStore.readStream(payoutStreams.run(run.runId))).request;
      if (!existing) throw error;
      return existing;
    }
    await enqueueRun(run.runId);
    return run;
  }

  async function runState(runId: string): Promise<RunState> {
    return foldStream(payoutRun, await eventStore.readStream(payoutStreams.run(runId)));
  }

  const { performersToVisit, hasEarningsUpTo } = lookups;

  /** The run's decision for one performer, then the transfer of whatever of hers is scheduled; answers the transfers a batch rail left pending. */
  async function payPerformer(performerId: string, run: RunRequest): Promise<TransferRequest[]> {
    const destination = shownDestination(detailsInForce(await detailsOf(performerId), new Date(run.periodEnd)));
    const payoutId = payoutIdFor(performerId, run.periodEnd);
    await decideOnEarnings(
      eventStore,
      performerId,
      (state) =>
        decidePayout(
          {
            payoutId,
            runId: run.runId,
            periodEnd: run.periodEnd,
            cutoff: run.cutoff,
            minimumCents: run.minimumCents,
            destination,
          },
          state,
          now(),
        ),
      { eventId: eventIdOf, metadata: { runId: run.runId } },
    );
    return settlePerformer(performerId);
  }

  /**
   * Transfers each scheduled payout of hers (the provider answers a repeated attempt with its first
   * outcome) and records the outcome once; answers the transfers left pending (a SEPA file's).
   */
  async function settlePerformer(performerId: string): Promise<TransferRequest[]> {
    const state = await earningsAccountOf(eventStore, performerId);
    const pending: TransferRequest[] = [];
    for (const payout of Object.values(state.payouts)) {
      if (payout.status !== 'scheduled') continue;
      const left = await settle(performerId, payout);
      if (left) pending.push(left);
    }
    return pending;
  }

  async function settle(performerId: string, payout: AccountPayout): Promise<TransferRequest | null> {
    // the details of the week it pays (a change after the week closed applies from the next one)
    const details = detailsInForce(await detailsOf(performerId), new Date(payout.detailsAsOf));
    let outcome: Settlement;
    if (!details) outcome = { status: 'failed', reason: 'missing_details' };
    else {
      const request: TransferRequest = {
        payoutId: payout.payoutId,
        performerId,
        runId: payout.runId,
        periodEnd: payout.periodEnd,
        attempt: payout.attempt,
        amountCents: payout.amountCents,
        currency: 'eur',
        destination: providerDestination(details),
      };
      const result = await provider.transfer(request);
      if (result.status === 'pending') return request;
      outcome =
        result.status === 'paid'
          ? { status: 'paid', reference: result.reference }
          : { status: 'failed', reason: result.reason };
    }
    await decideOnEarnings(
      eventStore,
      performerId,
      (state) => decideSettlement({ payoutId: payout.payoutId, attempt: payout.attempt, outcome }, state, now()),
      { eventId: eventIdOf, metadata: { runId: payout.runId } },
    );
    return null;
  }

  /** The run's job: every performer once; a failure with one does not stop the others, and the job is retried whole (safely). */
  async function executeRun(runId: string): Promise<void> {
    const state = await runState(runId);
    if (!state.request) throw new Error(`payout run ${runId} was never requested`);
    const run = state.request;
    const performers = await performersToVisit();
    const failures: string[] = [];
    const pending: TransferRequest[] = [];
    for (const performerId of performers) {
      try {
        pending.push(...(await payPerformer(performerId, run)));
      } catch (error) {
        failures.push(performerId);
        log.error('payout for a performer failed; the run goes on', {
          runId,
          performerId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (failures.length > 0) throw new Error(`payout run ${runId}: ${failures.length} performer(s) to try again`);
    // a batch rail (SEPA): the run's one file, once every performer is decided
    await provider.batches?.closeRun(run, pending);
    if (state.completed) return;
    await handlePayoutRun(
      eventStore,
      payoutStreams.run(runId),
      (current) =>
        current.completed
          ? []
          : [
              {
                type: 'PayoutRunCompleted',
                data: { runId, completedAt: now().toISOString(), performers: performers.length },
              },
            ],
      {
        eventId: (event) => deterministicId(`${event.type}:${runId}`),
      },
    );
  }

  /** An admin retries a failed payout: recorded with the admin's id, then transferred by the settle job. */
  async function retry(
    payoutId: string,
    adminId: string,
  ): Promise<{ performerId: string; position: number | undefined }> {
    const doc = await lookups.payoutOf(payoutId);
    if (!doc) throw new DomainError('not_found');
    const inForce = detailsInForce(await detailsOf(doc.performerId), now());
    const hasDestination = inForce !== null;
    // a SEPA run's file is written once: a payout left out of it is paid by hand, not in another file
    if (inForce?.method === 'iban' && provider.sepa && (await provider.sepa.fileOf(doc.runId)))
      throw new DomainError('sepa_retry_filed');
    const result = await decideOnEarnings(
      eventStore,
      doc.performerId,
      (state) => decideRetry({ payoutId, adminId, hasDestination }, state, now()),
      {
        eventId: eventIdOf,
        metadata: { by: adminId, byKind: 'admin' },
      },
    );
    await jobs.enqueue(
      SETTLE_JOB,
      { performerId: doc.performerId },
      {
        jobId: `${SETTLE_JOB}:${payoutId}:${result.state.payouts[payoutId]?.attempt ?? 0}`,
        attempts: 5,
        backoff: { type: 'exponential', delayMs: 2_000 },
      },
    );
    return { performerId: doc.performerId, position: result.position };
  }

  /** Recovery: payouts left scheduled (a worker died between the decision and the transfer) are settled. */
  async function settleStranded(): Promise<number> {
    const performers = await lookups.strandedPerformers();
    for (const performerId of performers) await settlePerformer(performerId);
    return performers.length;
  }

  /** The admin sent the run's SEPA file to the bank: recorded once, then each of its payouts is paid. */
  async function markSepaSent(runId: string, adminId: string, metadata: Record<string, unknown>) {
    if (!provider.sepa) throw new DomainError('sepa_not_configured');
    const marked = await provider.sepa.markSent(runId, adminId, metadata);
    // a crash here leaves them scheduled: the worker's settling of stranded payouts pays them (the rail answers `paid` now)
    for (const performerId of new Set(marked.file.transactions.map((transaction) => transaction.performerId)))
      await settlePerformer(performerId);
    return marked;
  }

  return {
    provider,
    markSepaSent,
    requestRun,
    executeRun,
    enqueueRun,
    runState,
    settlePerformer,
    settleStranded,
    retry,
    performersToVisit,
    hasEarningsUpTo,
    settings,
    detailsOf,
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;

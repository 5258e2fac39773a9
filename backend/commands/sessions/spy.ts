/**
 * A spy's watch of a private (docs/architecture.md#spies): started on the private's terms
 * (./spies.ts `decideStartSpy`), billed a minute at a time by the clock (`tick`, a delayed job per
 * minute like the session's) through the ledger (backend/ledger/spies), and ended by him, by his
 * balance, or with the private (`endAll`, the worker's reaction to `SessionEnded`): the minutes owed
 * before the end are billed, then the end is recorded with what it cost.
 */
import { sessionStreams, spyStreams, streams, type SpyEndReason } from '@aura/contracts';
import { canPaySpyMinute, spyMoneyOf, spyWallet } from '../../ledger';
import { foldStream } from '../../kernel/handle-command';
import { DomainError } from '../../platform/domain-error';
import { assertSameRequest } from '../../platform/http/idempotency';
import type { EventStore } from '../../platform/eventstore/port';
import type { JobQueue } from '../../platform/jobs/port';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import { deterministicId } from '../../platform/ids';
import { session, type Session } from './session';
import {
  decideEndSpy,
  decideStartSpy,
  handleSpies,
  latestWatchOf,
  minutesOwed,
  owedFrom,
  spies,
  watchByKey,
  type PrivateForSpies,
  type Watch,
} from './spies';

export const SPY_TICK_JOB = 'session.spy.tick';
export type SpyTickJob = { sessionId: string; spyId: string };

export interface SpyCommandsDeps {
  eventStore: EventStore;
  now: () => Date;
  /** the free start of a watch, ms (SPY_FREE_MS) */
  freeMs: number;
  /** run the watch's tick at `atMs`; `reason` makes the job id distinct per moment */
  scheduleTick(job: SpyTickJob, atMs: number, reason: string): Promise<void>;
}

type Metadata = Record<string, unknown> | undefined;

/** How often a watch looks again while the private's minutes wait for a party that is away (ms). */
const AWAY_RECHECK_MS = 5_000;

function privateOf(state: Session): PrivateForSpies {
  if (state.status === 'none') throw new DomainError('not_found');
  const { sessionId, userId, performerId, spyPriceUnits, billingMinuteMs } = state.terms;
  return { status: state.status, sessionId, userId, performerId, spyPriceUnits, billingMinuteMs };
}

export function spyCommands(deps: SpyCommandsDeps) {
  const { eventStore, now } = deps;
  const wallet = spyWallet(eventStore);
  const loadSpies = async (sessionId: string) =>
    foldStream(spies, await eventStore.readStream(spyStreams.spies(sessionId)));
  const loadSession = async (sessionId: string) =>
    foldStream(session, await eventStore.readStream(sessionStreams.session(sessionId)));

  /** The minutes he owes by `endedAt` billed (as far as his balance pays), then the end recorded. */
  async function finish(watch: Watch, reason: SpyEndReason, endedAt: Date, metadata?: Metadata) {
    const { terms } = watch;
    const money = await wallet.money(terms.userId, terms.spyId);
    let billed = money.minutesBilled;
    let costUnits = money.costUnits;
    let end = { reason, endedAt };
    for (const minute of minutesOwed(terms, billed, endedAt.getTime(), 'end')) {
      try {
        await wallet.billMinute(terms, minute, new Date(owedFrom(terms, minute)), now, metadata);
      } catch (error) {
        if (!(error instanceof DomainError) || !['insufficient_balance', 'wallet_frozen'].includes(error.code))
          throw error;
        end = { reason: 'balance_exhausted', endedAt: new Date(owedFrom(terms, minute)) };
        break;
      }
      billed = minute;
      costUnits += terms.priceUnits;
    }
    const result = await handleSpies(
      eventStore,
      spyStreams.spies(terms.sessionId),
      (state) => decideEndSpy({ spyId: terms.spyId, ...end, minutesBilled: billed, costUnits }, state),
      { metadata },
    );
    return { watch: result.state.watches[terms.spyId]!, position: result.position };
  }

  /** what the request that started a watch recorded (its key and fingerprint) */
  async function startedMetadata(sessionId: string, spyId: string) {
    const stored = await eventStore.readStream(spyStreams.spies(sessionId));
    return stored.find((event) => event.type === 'SpyStarted' && (event.data as { spyId: string }).spyId === spyId)
      ?.metadata;
  }

  /** The private is over (or never ran on): when its media stopped. */
  const privateEnd = (state: Session): Date =>
    new Date(state.status !== 'none' && state.endedAt ? state.endedAt : now().toISOString());

  return {
    loadSpies,
    loadSession,
    /** what his wallet was billed for a watch so far */
    money: (userId: string, spyId: string) => wallet.money(userId, spyId),

    /** He starts watching (a repeated key gives back its watch); minute 1 is owed once the free start is over. */
    async start(
      input: { sessionId: string; userId: string; idempotencyKey: string; expectedPrice?: number | undefined },
      metadata?: Metadata,
    ) {
      const privateSession = privateOf(await loadSession(input.sessionId));
      const walletEvents = await eventStore.readStream(streams.wallet(input.userId));
      const { wallet: totals } = spyMoneyOf(walletEvents, '');
      const spyId = deterministicId(`spy:${input.sessionId}:${input.userId}:${input.idempotencyKey}`);
      const command = {
        spyId,
        userId: input.userId,
        idempotencyKey: input.idempotencyKey,
        expectedPrice: input.expectedPrice,
        canPay: canPaySpyMinute(totals, privateSession.spyPriceUnits ?? 0),
        frozen: Object.keys(totals.frozen ?? {}).length > 0,
        freeMs: deps.freeMs,
      };
      const result = await handleSpies(
        eventStore,
        spyStreams.spies(input.sessionId),
        (state) => decideStartSpy(command, state, privateSession, now()),
        { metadata },
      );
      const watch = watchByKey(result.state, input.userId, input.idempotencyKey)!;
      // the same key with another request is refused (the one rule of keyed routes)
      if (result.events.length === 0 && metadata)
        assertSameRequest(await startedMetadata(input.sessionId, spyId), metadata);
      if (result.events.length > 0)
        await deps.scheduleTick({ sessionId: input.sessionId, spyId }, owedFrom(watch.terms, 1), 'minute:1');
      return { watch, position: result.position };
    },

    /** He leaves: what he owes by now is billed (nothing within the free start); again, his ended watch. */
    async end(sessionId: string, userId: string, metadata?: Metadata) {
      const watch = latestWatchOf(await loadSpies(sessionId), userId);
      if (!watch) throw new DomainError('not_found');
      if (watch.ended) return { watch, position: undefined };
      return finish(watch, 'left', now(), metadata);
    },

    /** His latest watch of this private; one the private outlived ends here too (the page asks often). */
    async latest(sessionId: string, userId: string) {
      const watch = latestWatchOf(await loadSpies(sessionId), userId);
      if (!watch) throw new DomainError('not_found');
      if (watch.ended) return { watch, position: undefined };
      const state = await loadSession(sessionId);
      if (state.status === 'active') return { watch, position: undefined };
      return finish(watch, 'session_ended', privateEnd(state));
    },

    /** What time does to a watch: the minutes owed by now billed, or its end (the private over, his balance short). */
    async tick(sessionId: string, spyId: string) {
      const watch = (await loadSpies(sessionId)).watches[spyId];
      if (!watch || watch.ended) return;
      const state = await loadSession(sessionId);
      if (state.status !== 'active') {
        await finish(watch, 'session_ended', privateEnd(state));
        return;
      }
      const at = now().getTime();
      // while a party of the private is away its minutes wait, and so do the spy's
      if (Object.keys(state.away).length > 0) {
        await deps.scheduleTick({ sessionId, spyId }, at + AWAY_RECHECK_MS, `away:${at}`);
        return;
      }
      const { terms } = watch;
      const before = (await wallet.money(terms.userId, spyId)).minutesBilled;
      let billed = before;
      for (const minute of minutesOwed(terms, billed, at, 'clock')) {
        try {
          await wallet.billMinute(terms, minute, new Date(owedFrom(terms, minute)), now);
        } catch (error) {
          if (!(error instanceof DomainError) || !['insufficient_balance', 'wallet_frozen'].includes(error.code))
            throw error;
          await finish(watch, 'balance_exhausted', new Date(owedFrom(terms, minute)));
          return;
        }
        billed = minute;
      }
      // a timer that fired a moment early bills nothing and asks for its minute again: under a new job
      // id, since the queue drops a second job under the id of the one running (./tick.ts minuteTickReason)
      const next = billed + 1;
      await deps.scheduleTick(
        { sessionId, spyId },
        owedFrom(terms, next),
        billed > before ? `minute:${next}` : `minute:${next}:again:${at}`,
      );
    },

    /** The private ended: every spy still watching leaves, billed up to its end. */
    async endAll(sessionId: string, metadata?: Metadata) {
      const current = await loadSpies(sessionId);
      const watching = Object.values(current.watching).map((spyId) => current.watches[spyId]!);
      if (watching.length === 0) return;
      const endedAt = privateEnd(await loadSession(sessionId));
      for (const watch of watching) await finish(watch, 'session_ended', endedAt, metadata);
    },
  };
}

export type SpyCommands = ReturnType<typeof spyCommands>;

/** One delayed job per moment of a watch, with an id naming the watch and why it runs (a moment asked twice runs once). */
export function scheduleSpyTick(jobs: JobQueue, now: () => Date) {
  return async (job: SpyTickJob, atMs: number, reason: string) => {
    await jobs.enqueue<SpyTickJob>(SPY_TICK_JOB, job, {
      jobId: `spy-tick:${job.spyId}:${reason}`,
      delayMs: Math.max(0, atMs - now().getTime()),
      attempts: 5,
      backoff: { type: 'exponential', delayMs: 200 },
    });
  };
}

/** A private ended: its spies leave, billed up to its end (the sessions worker runs it). */
export function spiesLeaveReaction(spies: Pick<SpyCommands, 'endAll'>): ProjectionDefinition {
  return {
    name: 'reaction:spies-leave-ended-private',
    collections: [],
    eventTypes: ['SessionEnded'],
    async apply(event) {
      if (event.type !== 'SessionEnded') return;
      await spies.endAll(event.data.sessionId, { causationId: event.id });
    },
  };
}

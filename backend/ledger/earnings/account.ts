/**
 * A performer's earnings account, folded from `earnings-<performerId>`: every credit, which ones are
 * unpaid, and her payouts. Deciding a payout on this stream with its expected revision makes the
 * PayoutScheduled and the marking of the earnings it covers one append, so overlapping runs, a
 * retried job or a killed worker can never pay an earning twice.
 *
 * The same fold is the `payout-accounts` read model and the auditor's replay.
 */
import { payoutWeekOf, performerStreams, type DomainEvent, type PayoutMethod, type WeekAmount } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, foldStream, type Aggregate, type HandleOptions } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import type { EarningsSource } from './credit';

export interface Credit {
  /**
   * ordinal of the credit in the stream: 0 for the first PerformerEarningsCredited; a clawback, a
   * hold and a release take the next ordinal too (docs/architecture.md#refunds)
   */
  n: number;
  /** ms since epoch */
  at: number;
  cents: number;
  source: EarningsSource;
  /** its payout week (Monday, Europe/Rome) */
  week: string;
}

/** A debit on her earnings (a clawback, a held share) is negative, and a payout deducts it at once, whatever the reserve. */
const isDebit = (credit: Credit) => credit.cents < 0;

export interface AccountPayout {
  payoutId: string;
  runId: string;
  periodEnd: string;
  amountCents: number;
  status: 'scheduled' | 'paid' | 'failed';
  attempt: number;
  /** the credits it pays (kept until it is paid, so a failure gives them back and a retry takes them again) */
  credits: number[];
  /** the credits while it holds them (scheduled) */
  taken: Credit[];
  weeks: WeekAmount[];
  /** payout details are those in force at this instant: the period end, or the retry */
  detailsAsOf: string;
}

export interface CarryOver {
  periodEnd: string;
  reason: 'below_minimum' | 'missing_details';
  amountCents: number;
}

export interface EarningsAccount {
  performerId: string | null;
  creditCount: number;
  /** unpaid credits (held in reserve or not), oldest ordinal first */
  unpaid: Credit[];
  payouts: Record<string, AccountPayout>;
  /** the last few carry-over decisions, newest last */
  carries: CarryOver[];
  earnedCents: number;
  scheduledCents: number;
  paidCents: number;
  /** her shares taken back (refunds, disputes lost) */
  clawedBackCents: number;
  /** her shares held by open disputes, by dispute id */
  held: Record<string, number>;
}

const KEPT_CARRIES = 12;

const sum = (credits: readonly Credit[]) => credits.reduce((total, credit) => total + credit.cents, 0);

function byWeek(credits: readonly Credit[]): WeekAmount[] {
  const weeks = new Map<string, number>();
  for (const credit of credits) weeks.set(credit.week, (weeks.get(credit.week) ?? 0) + credit.cents);
  return [...weeks]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([weekStart, amountCents]) => ({ weekStart, amountCents }))
    .filter((week) => week.amountCents !== 0);
}

function take(unpaid: Credit[], ordinals: readonly number[]): { taken: Credit[]; left: Credit[] } {
  const wanted = new Set(ordinals);
  return {
    taken: unpaid.filter((credit) => wanted.has(credit.n)),
    left: unpaid.filter((credit) => !wanted.has(credit.n)),
  };
}

function giveBack(unpaid: Credit[], credits: readonly Credit[]): Credit[] {
  return [...unpaid, ...credits].sort((a, b) => a.n - b.n);
}

export const emptyAccount = (): EarningsAccount => ({
  performerId: null,
  creditCount: 0,
  unpaid: [],
  payouts: {},
  carries: [],
  earnedCents: 0,
  scheduledCents: 0,
  paidCents: 0,
  clawedBackCents: 0,
  held: {},
});

export function evolveAccount(state: EarningsAccount, event: DomainEvent): EarningsAccount {
  switch (event.type) {
    case 'PerformerEarningsCredited': {
      const at = Date.parse(event.data.creditedAt);
      const credit: Credit = {
        n: state.creditCount,
        at,
        cents: event.data.shareCents,
        source: event.data.source,
        week: payoutWeekOf(new Date(at)).weekStart,
      };
      return {
        ...state,
        performerId: event.data.performerId,
        creditCount: state.creditCount + 1,
        unpaid: [...state.unpaid, credit],
        earnedCents: state.earnedCents + credit.cents,
      };
    }
    case 'PayoutScheduled': {
      const { taken, left } = take(state.unpaid, event.data.credits);
      const payout: AccountPayout = {
        payoutId: event.data.payoutId,
        runId: event.data.runId,
        periodEnd: event.data.periodEnd,
        amountCents: event.data.amountCents,
        status: 'scheduled',
        attempt: 1,
        credits: event.data.credits,
        taken,
        weeks: event.data.weeks,
        detailsAsOf: event.data.periodEnd,
      };
      return {
        ...state,
        unpaid: left,
        payouts: { ...state.payouts, [payout.payoutId]: payout },
        scheduledCents: state.scheduledCents + payout.amountCents,
      };
    }
    case 'PayoutPaid': {
      const payout = state.payouts[event.data.payoutId];
      if (!payout) return state;
      const paid: AccountPayout = { ...payout, status: 'paid', attempt: event.data.attempt, credits: [], taken: [] };
      return {
        ...state,
        payouts: { ...state.payouts, [payout.payoutId]: paid },
        scheduledCents: state.scheduledCents - payout.amountCents,
        paidCents: state.paidCents + payout.amountCents,
      };
    }
    case 'PayoutFailed': {
      const payout = state.payouts[event.data.payoutId];
      if (!payout) return state;
      const failed: AccountPayout = { ...payout, status: 'failed', attempt: event.data.attempt, taken: [] };
      return {
        ...state,
        unpaid: giveBack(state.unpaid, payout.taken),
        payouts: { ...state.payouts, [payout.payoutId]: failed },
        scheduledCents: state.scheduledCents - payout.amountCents,
      };
    }
    case 'PayoutRetried': {
      const payout = state.payouts[event.data.payoutId];
      if (!payout) return state;
      const { taken, left } = take(state.unpaid, payout.credits);
      const retried: AccountPayout = {
        ...payout,
        status: 'scheduled',
        attempt: event.data.attempt,
        taken,
        detailsAsOf: event.data.retriedAt,
      };
      return {
        ...state,
        unpaid: left,
        payouts: { ...state.payouts, [payout.payoutId]: retried },
        scheduledCents: state.scheduledCents + payout.amountCents,
      };
    }
    case 'PerformerEarningsClawedBack':
    case 'PerformerEarningsHeld':
    case 'PerformerEarningsReleased':
      return evolveDebts(state, event);
    case 'PayoutCarriedOver': {
      const carry: CarryOver = {
        periodEnd: event.data.periodEnd,
        reason: event.data.reason,
        amountCents: event.data.amountCents,
      };
      return { ...state, carries: [...state.carries, carry].slice(-KEPT_CARRIES) };
    }
    default:
      return state;
  }
}

/** A line on her earnings other than a sale's credit: its ordinal, signed cents and week. */
function addLine(
  state: EarningsAccount,
  performerId: string,
  cents: number,
  at: string,
  source: EarningsSource,
): EarningsAccount {
  const time = Date.parse(at);
  const line: Credit = { n: state.creditCount, at: time, cents, source, week: payoutWeekOf(new Date(time)).weekStart };
  return { ...state, performerId, creditCount: state.creditCount + 1, unpaid: [...state.unpaid, line] };
}

/**
 * Clawbacks, holds and releases (docs/architecture.md#refunds): a clawback or a hold is a negative
 * line among her unpaid earnings (what is unpaid pays it; what was paid already is a debt the next
 * payouts deduct), a release gives a hold back. A dispute lost turns its hold into a clawback
 * without a new line. Earned = paid + in transfer + unpaid + clawed back + held.
 */
function evolveDebts(state: EarningsAccount, event: DomainEvent): EarningsAccount {
  const held = state.held ?? {};
  switch (event.type) {
    case 'PerformerEarningsClawedBack': {
      const d = event.data;
      const clawedBackCents = (state.clawedBackCents ?? 0) + d.shareCents;
      if (d.cause === 'dispute' && held[d.causeId] !== undefined) {
        const { [d.causeId]: _taken, ...rest } = held;
        return { ...state, clawedBackCents, held: rest };
      }
      return { ...addLine(state, d.performerId, -d.shareCents, d.clawedBackAt, d.source), clawedBackCents };
    }
    case 'PerformerEarningsHeld': {
      const d = event.data;
      if (held[d.disputeId] !== undefined) return state;
      return {
        ...addLine(state, d.performerId, -d.shareCents, d.heldAt, 'session'),
        held: { ...held, [d.disputeId]: d.shareCents },
      };
    }
    case 'PerformerEarningsReleased': {
      const d = event.data;
      if (held[d.disputeId] === undefined) return state;
      const { [d.disputeId]: _released, ...rest } = held;
      return { ...addLine(state, d.performerId, held[d.disputeId]!, d.releasedAt, 'session'), held: rest };
    }
    // Stryker disable next-line ConditionalExpression: only the three events above reach here (evolveAccount)
    default:
      return state;
  }
}

/** What she owes: her clawbacks and holds not covered by unpaid earnings, euro cents (0 when none). */
export const debtCents = (state: EarningsAccount) => Math.max(0, -sum(state.unpaid));

export const earningsAccount: Aggregate<EarningsAccount> = { initialState: emptyAccount, evolve: evolveAccount };
const handleEarningsAccount = commandHandler(earningsAccount);

/** Her earnings account as her stream gives it. */
export async function earningsAccountOf(eventStore: EventStore, performerId: string): Promise<EarningsAccount> {
  return foldStream(earningsAccount, await eventStore.readStream(performerStreams.earnings(performerId)));
}

/** A decision on her earnings account (a payout, its outcome, a retry), appended with the stream's expected revision. */
export function decideOnEarnings(
  eventStore: EventStore,
  performerId: string,
  decide: (state: EarningsAccount) => DomainEvent[],
  options: HandleOptions,
) {
  return handleEarningsAccount(eventStore, performerStreams.earnings(performerId), decide, options);
}

export const unpaidCents = (state: EarningsAccount) => sum(state.unpaid);

/** Where a payout goes, as the payout shows it (the full IBAN stays in the details stream). */
export interface ShownDestination {
  method: PayoutMethod;
  holderName: string;
  masked: string;
}

export interface DecidePayout {
  payoutId: string;
  runId: string;
  /** ISO instant: pays earnings accrued at or before it */
  periodEnd: string;
  /** ISO instant: min(periodEnd, run time − reserve) */
  cutoff: string;
  minimumCents: number;
  /** payout details in force at the period end, or null */
  destination: ShownDestination | null;
}

/**
 * The run's decision for one performer: pay her payable earnings (accrued by the cutoff, unpaid)
 * as one payout if they reach the minimum and she has payout details; else carry them over, saying
 * why. A period already decided (the same payout id) decides nothing: a repeated run pays nothing new.
 */
/** One payout per performer and period end: the id that makes a repeated run pay nothing new. */
export const payoutIdFor = (performerId: string, periodEnd: string) =>
  deterministicId(`payout:${performerId}:${new Date(periodEnd).toISOString()}`);

export function decidePayout(command: DecidePayout, state: EarningsAccount, now: Date): DomainEvent[] {
  if (state.performerId === null || state.payouts[command.payoutId]) return [];
  const cutoff = Date.parse(command.cutoff);
  const payable = state.unpaid.filter((credit) => credit.at <= cutoff || isDebit(credit));
  const amountCents = sum(payable);
  // a debt at least as large as what is payable: nothing is paid, the debt carries to the next run (a payout never goes below zero)
  if (amountCents <= 0) return [];
  const weeks = byWeek(payable);
  const common = {
    performerId: state.performerId,
    runId: command.runId,
    periodEnd: command.periodEnd,
    amountCents,
    weeks,
  };
  const reason =
    amountCents < command.minimumCents ? 'below_minimum' : command.destination === null ? 'missing_details' : null;
  if (reason !== null) {
    const last = state.carries.at(-1);
    if (last && last.periodEnd === command.periodEnd && last.reason === reason && last.amountCents === amountCents)
      return [];
    return [
      {
        type: 'PayoutCarriedOver',
        data: { ...common, minimumCents: command.minimumCents, reason, decidedAt: now.toISOString() },
      },
    ];
  }
  const destination = command.destination!;
  return [
    {
      type: 'PayoutScheduled',
      data: {
        ...common,
        payoutId: command.payoutId,
        credits: payable.map((credit) => credit.n),
        method: destination.method,
        holderName: destination.holderName,
        destination: destination.masked,
        scheduledAt: now.toISOString(),
      },
    },
  ];
}

export type Settlement = { status: 'paid'; reference: string } | { status: 'failed'; reason: string };

/** The provider's answer for one attempt, recorded once: a second answer for the same attempt records nothing. */
export function decideSettlement(
  command: { payoutId: string; attempt: number; outcome: Settlement },
  state: EarningsAccount,
  now: Date,
): DomainEvent[] {
  const payout = state.payouts[command.payoutId];
  if (!payout || payout.status !== 'scheduled' || payout.attempt !== command.attempt || state.performerId === null)
    return [];
  const common = {
    payoutId: payout.payoutId,
    performerId: state.performerId,
    runId: payout.runId,
    periodEnd: payout.periodEnd,
    amountCents: payout.amountCents,
    weeks: payout.weeks,
    attempt: payout.attempt,
  };
  if (command.outcome.status === 'paid')
    return [
      {
        type: 'PayoutPaid',
        data: { ...common, providerReference: command.outcome.reference, paidAt: now.toISOString() },
      },
    ];
  return [{ type: 'PayoutFailed', data: { ...common, reason: command.outcome.reason, failedAt: now.toISOString() } }];
}

/** An admin retries a failed payout: the same earnings, the same payout id, one more attempt. */
export function decideRetry(
  command: { payoutId: string; adminId: string; hasDestination: boolean },
  state: EarningsAccount,
  now: Date,
): DomainEvent[] {
  const payout = state.payouts[command.payoutId];
  if (!payout || state.performerId === null) throw new DomainError('not_found');
  if (payout.status !== 'failed') throw new DomainError('payout_not_failed');
  const { taken } = take(state.unpaid, payout.credits);
  if (taken.length !== payout.credits.length) throw new DomainError('earnings_already_paid');
  if (!command.hasDestination) throw new DomainError('payout_details_missing');
  return [
    {
      type: 'PayoutRetried',
      data: {
        payoutId: payout.payoutId,
        performerId: state.performerId,
        runId: payout.runId,
        periodEnd: payout.periodEnd,
        amountCents: payout.amountCents,
        weeks: payout.weeks,
        attempt: payout.attempt + 1,
        adminId: command.adminId,
        retriedAt: now.toISOString(),
      },
    },
  ];
}

import {
  minuteStartsAt,
  sessionCostUnits,
  type DomainEvent,
  type EventDataOf,
  type SessionEndReason,
  type SessionParty,
} from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { Aggregate } from '../../kernel/handle-command';
import { deterministicId } from '../../platform/ids';
import { applyWalletEvent, emptyWallet, isFrozen, spendableFor, type WalletTotals } from '../wallet/fold';
import { spendEventIds } from '../wallet/spend';
import { decideHold, decideRelease, decideSpend, type PaidWith } from '../wallet/wallet';
import { minimumOwed } from './minimum';

/**
 * What the ledger reads of a private session (its own fold, `session-<id>`, gives it): the terms
 * agreed at the request, whether it runs ('active'), since when, and since when each party away now
 * is gone. Minutes are billed only while it runs, and none that starts after a party left.
 */
export interface SessionOnWallet {
  status: string;
  terms: Pick<
    EventDataOf<'SessionRequested'>,
    'sessionId' | 'userId' | 'performerId' | 'rateUnits' | 'minimumMinutes' | 'billingMinuteMs'
  >;
  startedAt: string | null;
  away: Partial<Record<SessionParty, string>>;
}

/** How a running session ends, as the session decided it (who, why, when media stopped). */
export interface Closing {
  endedBy: 'user' | 'performer' | 'system';
  reason: SessionEndReason;
  endedAt: Date;
}

/** The earliest drop of the parties away now (ms); undefined when both are there. */
function awaySince(state: SessionOnWallet): number | undefined {
  const times = Object.values(state.away).map((at) => Date.parse(at));
  return times.length > 0 ? Math.min(...times) : undefined;
}

/**
 * One session's money, folded from the user's wallet stream: the wallet itself (balance, holds)
 * and what this session was charged. Every money decision of a session is appended to the wallet
 * with its expected revision, so minutes, the minimum and the settlement serialise there: once the
 * session is settled (its hold closed) no minute can be billed any more.
 */
export interface SessionMoney {
  wallet: WalletTotals;
  /** the session's hold was placed (it may be closed since) */
  placed: boolean;
  minutesBilled: number;
  costUnits: number;
  /** of the cost, purchased units (the share is rounded once over them) */
  purchasedCostUnits: number;
  settled: EventDataOf<'SessionSettled'> | null;
}

export function sessionMoney(sessionId: string): Aggregate<SessionMoney> {
  return {
    initialState: () => ({
      wallet: emptyWallet(),
      placed: false,
      minutesBilled: 0,
      costUnits: 0,
      purchasedCostUnits: 0,
      settled: null,
    }),
    evolve(state, event) {
      const money = { ...state, wallet: applyWalletEvent(state.wallet, event) };
      const data = event.data as { sessionId?: string; holdId?: string };
      if (event.type === 'AuracoinHeld' && data.holdId === sessionId) return { ...money, placed: true };
      if (data.sessionId !== sessionId) return money;
      switch (event.type) {
        case 'SessionMinuteBilled':
          return {
            ...money,
            minutesBilled: Math.max(money.minutesBilled, event.data.minute),
            costUnits: event.data.sessionCostUnits,
            purchasedCostUnits: event.data.sessionPurchasedUnits ?? money.purchasedCostUnits,
          };
        case 'SessionMinimumCharged':
          return {
            ...money,
            costUnits: event.data.sessionCostUnits,
            purchasedCostUnits: event.data.sessionPurchasedUnits ?? money.purchasedCostUnits,
          };
        case 'SessionSettled':
          return { ...money, settled: event.data };
        default:
          return money;
      }
    },
  };
}

const HOLD_REASON = 'session';

/** The request's hold: the minimum, from the available balance, one open session per user. */
export function decideSessionHold(
  terms: EventDataOf<'SessionRequested'>,
  money: SessionMoney,
  now: Date,
): DomainEvent[] {
  try {
    return decideHold(
      {
        walletId: terms.userId,
        holdId: terms.sessionId,
        amountUnits: terms.holdUnits,
        reason: HOLD_REASON,
        exclusive: true,
        alreadyPlaced: money.placed,
      },
      money.wallet,
      now,
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === 'conflict') throw new DomainError('session_in_progress');
    throw error;
  }
}

/** The minutes of an active session to bill at `now`: started by now, and before media stopped if a party is away. */
export function dueMinutes(state: SessionOnWallet, money: SessionMoney, now: Date): number[] {
  if (state.status !== 'active' || money.settled || !money.wallet.holds[state.terms.sessionId]) return [];
  const cap = awaySince(state);
  const due: number[] = [];
  for (let minute = money.minutesBilled + 1; ; minute++) {
    const start = minuteStartsAt(Date.parse(state.startedAt!), minute, state.terms.billingMinuteMs);
    // not `start > now`: a start that is no number (an unreadable start or drop time) ends the loop too
    if (!(start <= now.getTime()) || start >= (cap ?? Infinity)) return due;
    due.push(minute);
  }
}

/**
 * Until when an active session can run on what the wallet can pay now (ms): the start of the
 * first minute after the billed ones that the hold and the available balance cannot pay. A top-up
 * moves it later; ICE credentials are cut to it.
 */
export function paidUntil(state: SessionOnWallet, money: SessionMoney): number {
  const affordable = Math.floor(spendableFor(money.wallet, state.terms.sessionId) / state.terms.rateUnits);
  return minuteStartsAt(
    Date.parse(state.startedAt!),
    money.minutesBilled + affordable + 1,
    state.terms.billingMinuteMs,
  );
}

/** When the next minute after the billed ones starts (ms). */
export function nextMinuteAt(state: SessionOnWallet, money: SessionMoney): number {
  return minuteStartsAt(Date.parse(state.startedAt!), money.minutesBilled + 1, state.terms.billingMinuteMs);
}

function applyAll(money: SessionMoney, evolve: Aggregate<SessionMoney>['evolve'], events: DomainEvent[]): SessionMoney {
  return events.reduce(evolve, money);
}

/**
 * Pure: minute `minute` through the spend rule (paid from the hold first), flagged when the
 * wallet then cannot pay the next one ('Ti resta 1 minuto'). Throws insufficient_balance.
 */
export function decideBillMinute(
  state: SessionOnWallet,
  money: SessionMoney,
  minute: number,
  now: Date,
): DomainEvent[] {
  const { sessionId, userId, performerId, rateUnits, billingMinuteMs } = state.terms;
  if (minute !== money.minutesBilled + 1) throw new DomainError('conflict');
  const leftAfter = spendableFor(money.wallet, sessionId) - rateUnits;
  const billed = (paid: PaidWith): DomainEvent => ({
    type: 'SessionMinuteBilled',
    data: {
      sessionId,
      walletId: userId,
      performerId,
      minute,
      amount: rateUnits,
      minuteStartedAt: new Date(minuteStartsAt(Date.parse(state.startedAt!), minute, billingMinuteMs)).toISOString(),
      sessionCostUnits: money.costUnits + rateUnits,
      lastMinute: leftAfter < rateUnits,
      ...paid,
      sessionPurchasedUnits: money.purchasedCostUnits + paid.purchasedUnits,
      billedAt: now.toISOString(),
    },
  });
  return decideSpend(
    {
      walletId: userId,
      amountUnits: rateUnits,
      purchase: billed,
      reason: 'session',
      reference: sessionId,
      holdId: sessionId,
    },
    money.wallet,
    now,
  );
}

export type BillOutcome =
  /** bills these events; the next minute starts at `nextAt` */
  | { kind: 'bill'; events: DomainEvent[]; nextAt: number }
  /** nothing due yet: the next minute starts at `nextAt` (or a party is away and it waits) */
  | { kind: 'wait'; nextAt: number; waitingForParty: boolean }
  /** the next minute cannot be paid: the session ends at its start */
  | { kind: 'exhausted'; closing: Closing }
  /** not billable any more (not active, or settled) */
  | { kind: 'done' };

/** Pure: what the minute clock does at `now` for an active session. */
export function decideBilling(
  state: SessionOnWallet,
  money: SessionMoney,
  now: Date,
  evolve = sessionMoney(state.terms.sessionId).evolve,
): BillOutcome {
  if (state.status !== 'active' || money.settled || !money.wallet.holds[state.terms.sessionId]) return { kind: 'done' };
  const due = dueMinutes(state, money, now);
  if (due.length === 0) {
    const nextAt = nextMinuteAt(state, money);
    const cap = awaySince(state);
    return { kind: 'wait', nextAt, waitingForParty: nextAt >= (cap ?? Infinity) };
  }
  const events: DomainEvent[] = [];
  let current = money;
  for (const minute of due) {
    let billed: DomainEvent[];
    try {
      billed = decideBillMinute(state, current, minute, now);
    } catch (error) {
      if (!(error instanceof DomainError) || (error.code !== 'insufficient_balance' && error.code !== 'wallet_frozen'))
        throw error;
      if (events.length > 0) break; // bill what can be paid; the next run ends it
      const endedAt = new Date(minuteStartsAt(Date.parse(state.startedAt!), minute, state.terms.billingMinuteMs));
      return { kind: 'exhausted', closing: { endedBy: 'system', reason: 'balance_exhausted', endedAt } };
    }
    events.push(...billed);
    current = applyAll(current, evolve, billed);
  }
  return { kind: 'bill', events, nextAt: nextMinuteAt(state, current) };
}

/** How a session that never ran is settled: declined, expired, withdrawn, or a hold whose request was lost. */
export type UnstartedOutcome = {
  unstarted: true;
  reason: 'declined' | 'expired' | 'cancelled' | 'abandoned';
  endedBy: 'user' | null;
  endedAt: Date;
};

/**
 * Pure: the session's money made final, in one append: the minutes started before the end and not
 * billed yet, the rest of the minimum when the user left early (`minimumOwed`), then `SessionSettled` and the
 * hold's release. A settled session is not settled again. `end` of a running session is its closing
 * as the session decided it (who left first, when media stopped).
 */
export function decideSettle(
  state: SessionOnWallet | null,
  sessionId: string,
  walletId: string,
  money: SessionMoney,
  end: Closing | UnstartedOutcome,
  now: Date,
): DomainEvent[] {
  if (money.settled) return [];
  const evolve = sessionMoney(sessionId).evolve;
  const events: DomainEvent[] = [];
  let current = money;
  let outcome: Closing | UnstartedOutcome = end;
  if (state?.status === 'active' && !('unstarted' in end)) {
    let closing = end;
    const startOf = (minute: number) =>
      minuteStartsAt(Date.parse(state.startedAt!), minute, state.terms.billingMinuteMs);
    // the clock billed a minute that began after the end was asked for, while the end was on its
    // way (it met that bill and decided again): the end takes effect now, after that minute began
    // Stryker disable next-line ConditionalExpression,EqualityOperator: "minute 0" would start a minute before the session, so before any end
    const lastBilledStart = current.minutesBilled > 0 ? startOf(current.minutesBilled) : undefined;
    if (lastBilledStart !== undefined && lastBilledStart >= closing.endedAt.getTime()) {
      closing = { ...closing, endedAt: new Date(Math.max(now.getTime(), lastBilledStart + 1)) };
    }
    for (const minute of dueMinutes(state, current, closing.endedAt).filter(
      (m) => startOf(m) < closing.endedAt.getTime(),
    )) {
      try {
        const billed = decideBillMinute(state, current, minute, now);
        events.push(...billed);
        current = applyAll(current, evolve, billed);
      } catch (error) {
        if (
          !(error instanceof DomainError) ||
          (error.code !== 'insufficient_balance' && error.code !== 'wallet_frozen')
        )
          throw error;
        closing = { endedBy: 'system', reason: 'balance_exhausted', endedAt: new Date(startOf(minute)) };
        break;
      }
    }
    const missing = state.terms.minimumMinutes - current.minutesBilled;
    // a wallet frozen by a dispute pays only from the hold (docs/architecture.md#disputes)
    const payable = isFrozen(current.wallet)
      ? (current.wallet.holds[sessionId]?.amount ?? 0)
      : spendableFor(current.wallet, sessionId);
    const rest = Math.min(sessionCostUnits(missing, state.terms.rateUnits), payable);
    // rest > 0 holds only when minutes are missing (and the hold can pay some)
    if (minimumOwed(closing.reason) && rest > 0) {
      const before = current;
      const charged = (paid: PaidWith): DomainEvent => ({
        type: 'SessionMinimumCharged',
        data: {
          sessionId,
          walletId,
          performerId: state.terms.performerId,
          minutes: missing,
          amount: rest,
          sessionCostUnits: before.costUnits + rest,
          ...paid,
          sessionPurchasedUnits: before.purchasedCostUnits + paid.purchasedUnits,
          chargedAt: now.toISOString(),
        },
      });
      const spend = decideSpend(
        { walletId, amountUnits: rest, purchase: charged, reason: 'session', reference: sessionId, holdId: sessionId },
        current.wallet,
        now,
      );
      events.push(...spend);
      current = applyAll(current, evolve, spend);
    }
    outcome = closing;
  }
  events.push({
    type: 'SessionSettled',
    data: {
      sessionId,
      walletId,
      performerId: state ? state.terms.performerId : null,
      endedBy: outcome.endedBy,
      reason: outcome.reason,
      endedAt: outcome.endedAt.toISOString(),
      minutesBilled: current.minutesBilled,
      costUnits: current.costUnits,
      settledAt: now.toISOString(),
    },
  });
  events.push(...decideRelease(walletId, sessionId, current.wallet, now));
  return events;
}

/**
 * Fixed ids for a session's wallet events, so a repeated decision is stored once: a minute's
 * purchase and debit share the spend rule's ids for `session:<id>:minute:<k>`, the minimum's for
 * `session:<id>:minimum`; the hold, the settlement and the release have their own.
 */
export function sessionWalletEventIds(walletId: string, sessionId: string, events: DomainEvent[]): string[] {
  const ids: string[] = [];
  let pendingDebit: string | undefined;
  for (const event of events) {
    if (event.type === 'SessionMinuteBilled' || event.type === 'SessionMinimumCharged') {
      const key =
        event.type === 'SessionMinuteBilled'
          ? `session:${sessionId}:minute:${event.data.minute}`
          : `session:${sessionId}:minimum`;
      const [purchase, debit] = spendEventIds(walletId, key);
      ids.push(purchase);
      pendingDebit = debit;
    } else if (event.type === 'AuracoinDebited' && pendingDebit) {
      ids.push(pendingDebit);
      pendingDebit = undefined;
    } else {
      ids.push(deterministicId(`session:${sessionId}:${event.type}`));
    }
  }
  return ids;
}

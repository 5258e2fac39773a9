/**
 * Everything time does to a session, idempotent and safe to run at any moment, by any worker: an
 * unanswered request expires; a party away past the grace period ends it; due minutes are billed
 * (a minute nobody's page vouches for waits instead); a balance that cannot pay the next minute ends
 * it; and whatever a crash left half done (a hold of a session that is over, an end settled but not
 * recorded, a lost request) is completed.
 */
import { minuteStartsAt, type DomainEvent } from '@aura/contracts';
import { dueMinutes, type BillOutcome, type SessionMoney } from '../../ledger';
import { decideExpire, graceExpired, type OpenSession, type Session } from './session';
import type { SessionSteps } from './session-steps';

/**
 * The job id reason of a session's next minute tick. Node's timers fire up to a millisecond early
 * by Date.now, so the tick of a minute may run just before it, find nothing due, and ask for that
 * same minute again: under the same job id the queue drops it (that job is the one running) and the
 * minute waits for the sweep, seconds late. Asked again by the job that was meant for it, the
 * minute gets a new id; billing still happens only at or after the minute's start.
 */
export function minuteTickReason(minute: number, nextAt: number, dueAt: number | undefined, now: number): string {
  return dueAt !== undefined && nextAt <= dueAt ? `minute:${minute}:again:${now}` : `minute:${minute}`;
}

/** A minute the clock billed, and how late after its start (ms): what the worker's lateness metric observes. */
export type BilledMinute = { minute: number; lateMs: number };

/** The minutes among `events` billed, each with its lateness (`billedAt` − `minuteStartedAt`). */
export function billedMinutes(events: DomainEvent[]): BilledMinute[] {
  return events.flatMap((event) =>
    event.type === 'SessionMinuteBilled'
      ? [
          {
            minute: event.data.minute,
            lateMs: Math.max(0, Date.parse(event.data.billedAt) - Date.parse(event.data.minuteStartedAt)),
          },
        ]
      : [],
  );
}

type Running = OpenSession;

export function tickSession(steps: SessionSteps) {
  const { now, loadSession, loadMoney } = steps;
  return async (sessionId: string, walletIdHint?: string, dueAt?: number): Promise<BilledMinute[]> => {
    const at = now();
    const state = await loadSession(sessionId);
    if (state.status === 'none') {
      await healLostRequest(steps, sessionId, walletIdHint, at);
      return [];
    }
    if (state.status === 'requested') {
      await expireRequest(steps, state, at);
      return [];
    }
    const money = await loadMoney(state.terms.userId, sessionId);
    if (state.status !== 'active') {
      await healOver(steps, state, money, at);
      return [];
    }
    if (money.settled) {
      // settled but the end not recorded (a crash in between): finish records the settlement's figures
      await steps.finish(sessionId, {
        endedBy: 'system',
        reason: 'balance_exhausted',
        endedAt: new Date(money.settled.endedAt),
      });
      return [];
    }
    const live = await partiesAwayOrBack(steps, state, at);
    if (!live) return [];
    const current = await vouchedAtFirstDue(steps, live, money, at);
    if (current.status !== 'active') return [];
    return billDue(steps, current, at, dueAt);
  };
}

/** A hold whose request never reached the log (the sweep passes its wallet once it is old enough). */
async function healLostRequest(steps: SessionSteps, sessionId: string, walletIdHint: string | undefined, at: Date) {
  if (walletIdHint && (await steps.loadMoney(walletIdHint, sessionId)).wallet.holds[sessionId]) {
    await steps.settleUnstarted(null, sessionId, walletIdHint, { reason: 'abandoned', endedBy: null, endedAt: at });
  }
}

async function expireRequest(steps: SessionSteps, state: OpenSession, at: Date) {
  const { sessionId, userId } = state.terms;
  const expired = await steps.onSession(sessionId, (current) => decideExpire(current, at));
  if (expired.state.status === 'expired')
    await steps.settleUnstarted(state, sessionId, userId, { reason: 'expired', endedBy: null, endedAt: at });
}

/** A session that is over: its hold released if a crash left it placed, her booth freed. */
async function healOver(steps: SessionSteps, state: OpenSession, money: SessionMoney, at: Date) {
  const { sessionId, userId, performerId } = state.terms;
  if (!money.settled && money.placed) {
    const reason = state.status === 'declined' ? 'declined' : state.status === 'expired' ? 'expired' : 'cancelled';
    await steps.settleUnstarted(state, sessionId, userId, {
      reason,
      endedBy: reason === 'cancelled' ? 'user' : null,
      endedAt: new Date(state.endedAt ?? at),
    });
  }
  if (state.status === 'ended') await steps.freeBooth(performerId, sessionId);
}

/**
 * A party marked away whose page vouches again is back (its presence was lost while its socket
 * stayed: Redis restarted empty, another api node's socket); one away past the grace period ends
 * the session. Answers the running session, or nothing once it ended.
 */
async function partiesAwayOrBack(steps: SessionSteps, state: Running, at: Date): Promise<Running | undefined> {
  const { sessionId } = state.terms;
  let present: Session = state;
  for (const party of ['user', 'performer'] as const)
    present = await steps.backIfPresent(sessionId, party, present, at);
  if (present.status !== 'active') return undefined;
  const live = present;
  for (const party of ['user', 'performer'] as const) {
    const since = live.away[party];
    const closing = since ? graceExpired(live, party, since, steps.clock.graceMs, at) : undefined;
    if (closing) {
      await steps.finish(sessionId, closing);
      return undefined;
    }
  }
  return live;
}

/** A minute is billed only while both pages vouch for the media at its start. */
async function vouchedAtFirstDue(steps: SessionSteps, live: Running, money: SessionMoney, at: Date): Promise<Session> {
  const { sessionId } = live.terms;
  const due = dueMinutes(live, money, at);
  let current: Session = live;
  if (due.length === 0) return current;
  const firstStart = minuteStartsAt(Date.parse(live.startedAt!), due[0]!, live.terms.billingMinuteMs);
  for (const party of ['user', 'performer'] as const) {
    if (!live.away[party] && !(await steps.effects.isPresent(sessionId, party))) {
      // no minute from its start on is billed; the grace period runs from now (after a restart: from the restart)
      current = (await steps.markLeft(sessionId, party, new Date(firstStart), 'unconfirmed', at)).state;
      // its page may have joined between the look and the append (it saw no one away then): back at once
      current = await steps.backIfPresent(sessionId, party, current, at);
    }
  }
  return current;
}

async function billDue(steps: SessionSteps, active: Running, at: Date, dueAt?: number): Promise<BilledMinute[]> {
  const { sessionId } = active.terms;
  const decided: BillOutcome = await steps.wallet.bill(active, at);
  if (decided.kind === 'exhausted') await steps.finish(sessionId, decided.closing);
  else if (decided.kind === 'bill' || (decided.kind === 'wait' && !decided.waitingForParty)) {
    const minute = Math.round((decided.nextAt - Date.parse(active.startedAt!)) / active.terms.billingMinuteMs) + 1;
    await steps.effects.scheduleTick(
      sessionId,
      decided.nextAt,
      minuteTickReason(minute, decided.nextAt, dueAt, at.getTime()),
    );
  }
  return decided.kind === 'bill' ? billedMinutes(decided.events) : [];
}

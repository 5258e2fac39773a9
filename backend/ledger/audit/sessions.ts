/**
 * The auditor's check of private sessions (`npm run ledger:audit`), pure over the log: every
 * billed minute and the rest of a minimum sit on the user's wallet right before the debit that pays
 * exactly them, from the session's hold; each session's minutes are 1, 2, 3… once each, at its
 * rate, all started before it ended, and as many as the minutes it was open; what was settled and
 * recorded agrees with what was billed; the rest of a minimum only when the user left early; every
 * session that is over released its hold; and the performer was credited her share of every charge
 * exactly once: of its purchased units, rounded once over the session's purchased running total
 * (docs/architecture.md#promotional-units).
 */
import { minuteStartsAt, performerShareOfPartCents, startedMinutes, type EventDataOf } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import { minimumOwed } from '../sessions/minimum';
import { formatAuditUnits } from './format';

export interface SessionProblem {
  stream: string;
  revision?: number;
  problem: string;
}

/** `purchased` undefined: a charge recorded before the split, whose share was on its whole amount */
type Charge = {
  event: StoredEvent;
  amount: number;
  costBefore: number;
  purchased?: number;
  purchasedBefore: number;
  performerId: string;
  credited: number;
};

interface Audited {
  terms?: EventDataOf<'SessionRequested'>;
  startedAt?: string;
  ended?: EventDataOf<'SessionEnded'>;
  finished?: 'declined' | 'expired';
  minutes: number[];
  minuteStarts: number[];
  costUnits: number;
  /** what its charges that recorded their split paid in purchased units */
  purchasedUnits: number;
  settled?: EventDataOf<'SessionSettled'>;
  held: boolean;
  released: boolean;
  charges: Map<string, Charge>;
}

const at = (event: StoredEvent, problem: string): SessionProblem => ({
  stream: event.streamId,
  revision: event.revision,
  problem,
});

/** A minute or the minimum as charged; its purchased units count towards the session's running total. */
function chargeOf(
  event: StoredEvent,
  charged: EventDataOf<'SessionMinuteBilled'> | EventDataOf<'SessionMinimumCharged'>,
  session: Audited,
): Charge {
  const charge = {
    event,
    amount: charged.amount,
    costBefore: session.costUnits,
    purchased: charged.purchasedUnits,
    purchasedBefore: session.purchasedUnits,
    performerId: charged.performerId,
    credited: 0,
  };
  if (charged.purchasedUnits !== undefined) session.purchasedUnits += charged.purchasedUnits;
  return charge;
}

export function auditSessions(events: readonly StoredEvent[]) {
  const problems: SessionProblem[] = [];
  const sessions = new Map<string, Audited>();
  const previousInStream = new Map<string, StoredEvent>();
  const credits: StoredEvent[] = [];
  const of = (sessionId: string): Audited => {
    let found = sessions.get(sessionId);
    if (!found)
      sessions.set(
        sessionId,
        (found = {
          minutes: [],
          minuteStarts: [],
          costUnits: 0,
          purchasedUnits: 0,
          held: false,
          released: false,
          charges: new Map(),
        }),
      );
    return found;
  };

  for (const event of events) {
    const previous = previousInStream.get(event.streamId);
    previousInStream.set(event.streamId, event);
    const data = event.data as Record<string, unknown>;
    if (previous && (previous.type === 'SessionMinuteBilled' || previous.type === 'SessionMinimumCharged')) {
      const charge = previous.data as { sessionId: string; amount: number };
      if (
        event.type !== 'AuracoinDebited' ||
        data.amount !== charge.amount ||
        data.reason !== 'session' ||
        data.reference !== charge.sessionId ||
        data.holdId !== charge.sessionId
      ) {
        problems.push(
          at(previous, `${previous.type} of session ${charge.sessionId} not followed by the debit that pays it`),
        );
      }
    }
    switch (event.type) {
      case 'SessionRequested':
        of((data as EventDataOf<'SessionRequested'>).sessionId).terms = data as EventDataOf<'SessionRequested'>;
        break;
      case 'SessionStarted':
        of(String(data.sessionId)).startedAt = String(data.startedAt);
        break;
      case 'SessionDeclined':
        of(String(data.sessionId)).finished = 'declined';
        break;
      case 'SessionExpired':
        of(String(data.sessionId)).finished = 'expired';
        break;
      case 'SessionEnded': {
        const session = of(String(data.sessionId));
        if (session.ended) problems.push(at(event, `session ${String(data.sessionId)} ended twice`));
        session.ended = data as EventDataOf<'SessionEnded'>;
        break;
      }
      case 'AuracoinHeld':
        if (data.reason === 'session') of(String(data.holdId)).held = true;
        break;
      case 'AuracoinReleased':
        if (sessions.get(String(data.holdId))?.held) of(String(data.holdId)).released = true;
        break;
      case 'SessionMinuteBilled': {
        const billed = data as EventDataOf<'SessionMinuteBilled'>;
        const session = of(billed.sessionId);
        if (!session.terms || !session.startedAt)
          problems.push(
            at(event, `minute ${billed.minute} billed for session ${billed.sessionId}, which never started`),
          );
        else {
          if (billed.amount !== session.terms.rateUnits)
            problems.push(
              at(
                event,
                `minute ${billed.minute} of session ${billed.sessionId} at ${billed.amount}, not its rate ${session.terms.rateUnits}`,
              ),
            );
          const start = minuteStartsAt(Date.parse(session.startedAt), billed.minute, session.terms.billingMinuteMs);
          if (Date.parse(billed.minuteStartedAt) !== start)
            problems.push(at(event, `minute ${billed.minute} of session ${billed.sessionId} starts at the wrong time`));
          session.minuteStarts.push(start);
        }
        if (billed.minute !== session.minutes.length + 1)
          problems.push(
            at(
              event,
              `session ${billed.sessionId} billed minute ${billed.minute} after ${session.minutes.length} minutes (twice, or one skipped)`,
            ),
          );
        if (session.settled)
          problems.push(at(event, `minute ${billed.minute} billed after session ${billed.sessionId} was settled`));
        session.minutes.push(billed.minute);
        session.charges.set(`minute-${billed.minute}`, chargeOf(event, billed, session));
        if (billed.sessionPurchasedUnits !== undefined && billed.sessionPurchasedUnits !== session.purchasedUnits) {
          problems.push(
            at(
              event,
              `session ${billed.sessionId} purchased ${billed.sessionPurchasedUnits}, its charges give ${session.purchasedUnits}`,
            ),
          );
        }
        session.costUnits += billed.amount;
        if (billed.sessionCostUnits !== session.costUnits)
          problems.push(
            at(
              event,
              `session ${billed.sessionId} cost ${billed.sessionCostUnits}, the minutes give ${session.costUnits}`,
            ),
          );
        break;
      }
      case 'SessionMinimumCharged': {
        const charged = data as EventDataOf<'SessionMinimumCharged'>;
        const session = of(charged.sessionId);
        const expected = session.terms
          ? (session.terms.minimumMinutes - session.minutes.length) * session.terms.rateUnits
          : undefined;
        if (
          expected === undefined ||
          charged.amount > expected ||
          charged.minutes !== session.terms!.minimumMinutes - session.minutes.length
        ) {
          problems.push(
            at(
              event,
              `session ${charged.sessionId} charged ${charged.amount} for its minimum; the unstarted minimum minutes come to ${String(expected)}`,
            ),
          );
        }
        if (session.charges.has('minimum'))
          problems.push(at(event, `session ${charged.sessionId} charged its minimum twice`));
        session.charges.set('minimum', chargeOf(event, charged, session));
        if (charged.sessionPurchasedUnits !== undefined && charged.sessionPurchasedUnits !== session.purchasedUnits) {
          problems.push(
            at(
              event,
              `session ${charged.sessionId} purchased ${charged.sessionPurchasedUnits}, its charges give ${session.purchasedUnits}`,
            ),
          );
        }
        session.costUnits += charged.amount;
        break;
      }
      case 'SessionSettled': {
        const settled = data as EventDataOf<'SessionSettled'>;
        const session = of(settled.sessionId);
        if (session.settled) problems.push(at(event, `session ${settled.sessionId} settled twice`));
        session.settled = settled;
        if (session.charges.has('minimum') && !minimumOwed(settled.reason)) {
          problems.push(
            at(
              event,
              `session ${settled.sessionId} charged its minimum, but it ended for '${settled.reason}', which waives it`,
            ),
          );
        }
        if (settled.minutesBilled !== session.minutes.length || settled.costUnits !== session.costUnits) {
          problems.push(
            at(
              event,
              `session ${settled.sessionId} settled ${settled.minutesBilled} minutes for ${settled.costUnits}; ` +
                `billed ${session.minutes.length} for ${session.costUnits}`,
            ),
          );
        }
        break;
      }
      case 'PerformerEarningsCredited':
        // a spy's minute is a sale of its own, audited with every sale (./sales.ts)
        if (data.source === 'session' && !String(data.sourceId).includes(':spy-')) credits.push(event);
        break;
    }
  }

  let minutes = 0;
  let grossUnits = 0;
  let shareCents = 0;
  for (const credit of credits) {
    const data = credit.data as EventDataOf<'PerformerEarningsCredited'>;
    shareCents += data.shareCents;
    const [sessionId, part] = data.sourceId.split(':');
    const charge = sessions.get(sessionId ?? '')?.charges.get(part ?? '');
    if (!charge) {
      problems.push(at(credit, `earnings for session charge ${data.sourceId}, which nobody paid`));
      continue;
    }
    charge.credited += 1;
    const share =
      charge.purchased === undefined
        ? performerShareOfPartCents(charge.costBefore, charge.amount)
        : performerShareOfPartCents(charge.purchasedBefore, charge.purchased);
    if (
      data.grossUnits !== charge.amount ||
      data.performerId !== charge.performerId ||
      data.shareCents !== share ||
      data.purchasedUnits !== charge.purchased
    ) {
      problems.push(
        at(
          credit,
          `earnings for ${data.sourceId}: ${data.shareCents} cents of ${data.grossUnits}` +
            ` (${String(data.purchasedUnits)} purchased) to ${data.performerId};` +
            ` the charge gives ${share} of ${charge.amount} (${String(charge.purchased)} purchased)`,
        ),
      );
    }
  }

  for (const [sessionId, session] of sessions) {
    const stream = `session-${sessionId}`;
    minutes += session.minutes.length;
    grossUnits += session.costUnits;
    for (const [part, charge] of session.charges) {
      if (charge.credited !== 1)
        problems.push(
          at(charge.event, `session charge ${sessionId}:${part} credited to the performer ${charge.credited} times`),
        );
    }
    const over = session.ended !== undefined || session.finished !== undefined;
    if (session.held && over && !session.released)
      problems.push({ stream, problem: 'the session is over but its hold was never released' });
    if (session.settled && session.startedAt && !session.ended)
      problems.push({ stream, problem: 'settled on the wallet, but the end is not recorded on the session' });
    const ended = session.ended;
    if (!ended || !session.startedAt) continue;
    if (
      !session.settled ||
      session.settled.minutesBilled !== ended.minutesBilled ||
      session.settled.costUnits !== ended.costUnits ||
      session.settled.endedAt !== ended.endedAt
    ) {
      problems.push({
        stream,
        problem: `the end (${ended.minutesBilled} minutes, ${ended.costUnits}) differs from the settlement on the wallet`,
      });
    }
    const open = startedMinutes(
      Date.parse(ended.endedAt) - Date.parse(session.startedAt),
      session.terms!.billingMinuteMs,
    );
    if (ended.minutesBilled !== open)
      problems.push({ stream, problem: `billed ${ended.minutesBilled} minutes for ${open} minutes open` });
    if (session.minuteStarts.some((start) => start >= Date.parse(ended.endedAt)))
      problems.push({ stream, problem: 'a minute billed that started after the end' });
  }

  const lines = [
    `  private sessions: ${sessions.size}, minutes billed: ${minutes}, charged ${formatAuditUnits(grossUnits)} auracoin,` +
      ` performers' 55%: ${(shareCents / 100).toFixed(2)} euro`,
  ];
  return { sessions: sessions.size, minutes, grossUnits, shareCents, problems, lines };
}

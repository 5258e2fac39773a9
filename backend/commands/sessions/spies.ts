/**
 * Spies on a private (docs/architecture.md#spies), the stream `session-spies-<sessionId>`: who
 * watches her video in this private, one watch per user at a time, and how each ended. A watch's
 * minutes are owed by the clock rule below and billed on the spy's wallet through the ledger.
 */
import { type DomainEvent, type EventDataOf, type SpyEndReason } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';
import { assertPriceSeen } from '../../ledger';

export interface Watch {
  terms: EventDataOf<'SpyStarted'>;
  ended: EventDataOf<'SpyEnded'> | null;
}

export interface Spies {
  watches: Record<string, Watch>;
  /** user id → the watch he is in now */
  watching: Record<string, string>;
  /** `<userId>:<idempotencyKey>` → the watch that key started */
  byKey: Record<string, string>;
}

const keyOf = (userId: string, idempotencyKey: string) => `${userId}:${idempotencyKey}`;

export const spies: Aggregate<Spies> = {
  initialState: () => ({ watches: {}, watching: {}, byKey: {} }),
  evolve(state, event) {
    if (event.type === 'SpyStarted') {
      const { spyId, userId, idempotencyKey } = event.data;
      return {
        watches: { ...state.watches, [spyId]: { terms: event.data, ended: null } },
        watching: { ...state.watching, [userId]: spyId },
        byKey: { ...state.byKey, [keyOf(userId, idempotencyKey)]: spyId },
      };
    }
    if (event.type === 'SpyEnded') {
      const watch = state.watches[event.data.spyId];
      if (!watch || watch.ended) return state;
      const { [event.data.userId]: current, ...watching } = state.watching;
      return {
        ...state,
        watches: { ...state.watches, [event.data.spyId]: { ...watch, ended: event.data } },
        watching: current === event.data.spyId ? watching : state.watching,
      };
    }
    return state;
  },
};

export const handleSpies = commandHandler(spies);

/** What a spy's start needs of the private (its session's fold). */
export interface PrivateForSpies {
  status: string;
  sessionId: string;
  userId: string;
  performerId: string;
  /** absent: the private allows no spies */
  spyPriceUnits?: number | undefined;
  billingMinuteMs: number;
}

export interface StartSpy {
  spyId: string;
  userId: string;
  idempotencyKey: string;
  /** the price a minute he confirmed, auracoin */
  expectedPrice?: number | undefined;
  /** the spy's wallet can pay one minute now */
  canPay: boolean;
  frozen: boolean;
  freeMs: number;
}

/** The watch a key started before, if any: the same key gives it back (no second watch). */
export function watchByKey(state: Spies, userId: string, idempotencyKey: string): Watch | undefined {
  const spyId = state.byKey[keyOf(userId, idempotencyKey)];
  return spyId ? state.watches[spyId] : undefined;
}

/**
 * He starts watching her video: never the private's own user or her; only a private that allows
 * spies and runs; one watch per user at a time; at the price he saw; with one minute's balance (nothing is charged now).
 */
export function decideStartSpy(
  command: StartSpy,
  state: Spies,
  privateSession: PrivateForSpies,
  now: Date,
): DomainEvent[] {
  if (watchByKey(state, command.userId, command.idempotencyKey)) return [];
  if (command.userId === privateSession.userId || command.userId === privateSession.performerId)
    throw new DomainError('spy_party');
  const priceUnits = privateSession.spyPriceUnits;
  if (!priceUnits) throw new DomainError('spies_not_allowed');
  if (privateSession.status !== 'active') throw new DomainError('session_not_active');
  if (state.watching[command.userId]) throw new DomainError('spy_already_watching');
  if (command.expectedPrice !== undefined) assertPriceSeen(command.expectedPrice, priceUnits);
  if (command.frozen) throw new DomainError('wallet_frozen');
  if (!command.canPay) throw new DomainError('insufficient_balance');
  return [
    {
      type: 'SpyStarted',
      data: {
        spyId: command.spyId,
        sessionId: privateSession.sessionId,
        performerId: privateSession.performerId,
        userId: command.userId,
        priceUnits,
        billingMinuteMs: privateSession.billingMinuteMs,
        freeMs: command.freeMs,
        idempotencyKey: command.idempotencyKey,
        startedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * When minute `minute` of a watch becomes owed (ms): at its start, but none before the free start
 * is over. So leaving within the free seconds owes nothing, and minute 1 is owed from then on.
 */
export function owedFrom(terms: Watch['terms'], minute: number): number {
  const startedAt = Date.parse(terms.startedAt);
  return Math.max(startedAt + (minute - 1) * terms.billingMinuteMs, startedAt + terms.freeMs);
}

/**
 * The minutes after the `billed` ones owed by `at`: by the clock, those owed from `at` or before;
 * at an end, those owed from before it (a watch ending at the free start's last instant owes nothing).
 */
export function minutesOwed(terms: Watch['terms'], billed: number, at: number, when: 'clock' | 'end'): number[] {
  const owed: number[] = [];
  for (let minute = billed + 1; ; minute++) {
    const from = owedFrom(terms, minute);
    if (when === 'clock' ? from > at : from >= at) return owed;
    owed.push(minute);
  }
}

/** The watch ends once, with what it was billed. */
export function decideEndSpy(
  command: { spyId: string; reason: SpyEndReason; endedAt: Date; minutesBilled: number; costUnits: number },
  state: Spies,
): DomainEvent[] {
  const watch = state.watches[command.spyId];
  if (!watch) throw new DomainError('not_found');
  if (watch.ended) return [];
  const startedAt = Date.parse(watch.terms.startedAt);
  return [
    {
      type: 'SpyEnded',
      data: {
        spyId: command.spyId,
        sessionId: watch.terms.sessionId,
        userId: watch.terms.userId,
        reason: command.reason,
        endedAt: new Date(Math.max(startedAt, command.endedAt.getTime())).toISOString(),
        minutesBilled: command.minutesBilled,
        costUnits: command.costUnits,
      },
    },
  ];
}

/** His latest watch of this private (the one running, else the last one that started). */
export function latestWatchOf(state: Spies, userId: string): Watch | undefined {
  const current = state.watching[userId];
  if (current) return state.watches[current];
  return Object.values(state.watches)
    .filter((watch) => watch.terms.userId === userId)
    .sort((a, b) => Date.parse(b.terms.startedAt) - Date.parse(a.terms.startedAt))[0];
}

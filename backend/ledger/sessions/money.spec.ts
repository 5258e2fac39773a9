import { errorMessages, type DomainEvent, type EventDataOf } from '@aura/contracts';
import { deterministicId } from '../../platform/ids';
import { deciderSpec } from '../../test/doubles/decider-spec';
import {
  decideBillMinute,
  decideBilling,
  decideSessionHold,
  decideSettle,
  dueMinutes,
  paidUntil,
  sessionMoney,
  sessionWalletEventIds,
  type SessionMoney,
  type SessionOnWallet,
} from './money';
import { spendEventIds } from '../wallet/spend';

const t0 = new Date('2026-11-20T10:00:00.000Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(t0.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();
const sessionId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const otherSession = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const RATE = 250;
const START = 10_000;

const terms: EventDataOf<'SessionRequested'> = {
  sessionId,
  userId,
  aliasId: null,
  identityId: userId,
  displayName: 'mario',
  performerId,
  rateUnits: RATE,
  minimumMinutes: 5,
  holdUnits: 5 * RATE,
  billingMinuteMs: MINUTE,
  requestedAt: iso(0),
  expiresAt: iso(60_000),
};
/** the session as its own fold gives it to the ledger: requested, then running since START */
const started: DomainEvent = { type: 'SessionStarted', data: { sessionId, performerId, startedAt: iso(START) } };
const waiting: SessionOnWallet = { status: 'requested', terms, startedAt: null, away: {} };
const running: SessionOnWallet = { ...waiting, status: 'active', startedAt: iso(START) };
/** running, with a party gone since `ms` */
const awayFrom = (party: 'user' | 'performer', ms: number): SessionOnWallet => ({
  ...running,
  away: { [party]: iso(ms) },
});

const credited = (amount: number): DomainEvent => ({
  type: 'AuracoinCredited',
  data: { walletId: userId, amount, reason: 'purchase', creditedAt: iso(0) },
});
const held = (id = sessionId, amount = 5 * RATE): DomainEvent => ({
  type: 'AuracoinHeld',
  data: {
    walletId: userId,
    holdId: id,
    amount,
    reason: 'session',
    purchasedAmount: amount,
    promotionalAmount: 0,
    heldAt: iso(0),
  },
});
const spent = (amount: number): DomainEvent => ({
  type: 'AuracoinDebited',
  data: { walletId: userId, amount, reason: 'message', reference: 'm', debitedAt: iso(0) },
});

function minute(k: number, costBefore: number, lastMinute: boolean, billedAtMs: number): DomainEvent[] {
  return [
    {
      type: 'SessionMinuteBilled',
      data: {
        sessionId,
        walletId: userId,
        performerId,
        minute: k,
        amount: RATE,
        minuteStartedAt: iso(START + (k - 1) * MINUTE),
        sessionCostUnits: costBefore + RATE,
        lastMinute,
        purchasedUnits: RATE,
        promotionalUnits: 0,
        sessionPurchasedUnits: costBefore + RATE,
        billedAt: iso(billedAtMs),
      },
    },
    {
      type: 'AuracoinDebited',
      data: {
        walletId: userId,
        amount: RATE,
        reason: 'session',
        reference: sessionId,
        holdId: sessionId,
        purchasedAmount: RATE,
        promotionalAmount: 0,
        debitedAt: iso(billedAtMs),
      },
    },
  ];
}

const money = (events: DomainEvent[]): SessionMoney =>
  events.reduce(sessionMoney(sessionId).evolve, sessionMoney(sessionId).initialState());

describe('the session hold', () => {
  const spec = deciderSpec(sessionMoney(sessionId));
  it('holds the minimum from the available balance', () => {
    spec
      .given([credited(2000)])
      .when((m) => decideSessionHold(terms, m, at(0)))
      .then([held()]);
  });
  it('refuses when the available balance is short of the minimum, holds counted', () => {
    spec
      .given([credited(1000)])
      .when((m) => decideSessionHold(terms, m, at(0)))
      .thenThrows('insufficient_balance');
    const otherHold = {
      type: 'AuracoinHeld',
      data: { walletId: userId, holdId: otherSession, amount: 800, reason: 'other', heldAt: iso(0) },
    } as DomainEvent;
    spec
      .given([credited(2000), otherHold])
      .when((m) => decideSessionHold(terms, m, at(0)))
      .thenThrows('insufficient_balance');
  });
  it('refuses a second open session of the same user', () => {
    spec
      .given([credited(5000), held(otherSession)])
      .when((m) => decideSessionHold(terms, m, at(0)))
      .thenThrows('session_in_progress');
  });
  it('does not hold twice', () => {
    spec
      .given([credited(5000), held()])
      .when((m) => decideSessionHold(terms, m, at(0)))
      .then([]);
  });
});

describe('billing by the started minute', () => {
  const base = [credited(5000), held()];

  it('bills minute 1 at acceptance, from the hold', () => {
    const outcome = decideBilling(running, money(base), at(START + 5));
    expect(outcome).toEqual({
      kind: 'bill',
      events: minute(1, 0, false, START + 5),
      nextAt: t0.getTime() + START + MINUTE,
    });
  });

  it('bills each started minute exactly once, however often the clock ticks', () => {
    const after1 = [...base, ...minute(1, 0, false, START)];
    expect(decideBilling(running, money(after1), at(START + 30_000))).toEqual({
      kind: 'wait',
      nextAt: t0.getTime() + START + MINUTE,
      waitingForParty: false,
    });
    const outcome = decideBilling(running, money(after1), at(START + MINUTE));
    expect(outcome.kind === 'bill' && outcome.events).toEqual(minute(2, RATE, false, START + MINUTE));
  });

  it('catches up minutes a late clock missed, in order', () => {
    const outcome = decideBilling(running, money(base), at(START + 2 * MINUTE + 1));
    expect(outcome.kind === 'bill' && outcome.events).toEqual([
      ...minute(1, 0, false, START + 2 * MINUTE + 1),
      ...minute(2, RATE, false, START + 2 * MINUTE + 1),
      ...minute(3, 2 * RATE, false, START + 2 * MINUTE + 1),
    ]);
  });

  it("warns 'Ti resta 1 minuto' on the minute after which the next cannot be paid, then ends when it cannot", () => {
    // 7 minutes of money: 5 held + 2 available
    const wallet = [credited(7 * RATE), held()];
    let events = [...wallet];
    for (let k = 1; k <= 7; k++) {
      const outcome = decideBilling(running, money(events), at(START + (k - 1) * MINUTE));
      expect(outcome.kind).toBe('bill');
      const billed = outcome.kind === 'bill' ? outcome.events : [];
      expect((billed[0]!.data as { lastMinute: boolean }).lastMinute).toBe(k === 7);
      events = [...events, ...billed];
    }
    expect(decideBilling(running, money(events), at(START + 7 * MINUTE))).toEqual({
      kind: 'exhausted',
      closing: { endedBy: 'system', reason: 'balance_exhausted', endedAt: at(START + 7 * MINUTE) },
    });
  });

  it('other spends cannot take the held minimum: minutes 1 to 5 are paid whatever else happens', () => {
    const events = [credited(5 * RATE + 100), held(), spent(100)];
    const outcome = decideBilling(running, money(events), at(START + 4 * MINUTE));
    expect(outcome.kind === 'bill' && outcome.events.length).toBe(10);
  });

  it('does not bill minutes that start while a party is away; they wait for it', () => {
    const away = awayFrom('user', START + MINUTE + 5);
    const after1 = [...base, ...minute(1, 0, false, START)];
    // minute 2 started before the drop: billed; minute 3 after it: waits
    const outcome = decideBilling(away, money(after1), at(START + 2 * MINUTE + 10));
    expect(outcome.kind === 'bill' && outcome.events).toEqual(minute(2, RATE, false, START + 2 * MINUTE + 10));
    expect(dueMinutes(away, money([...after1, ...minute(2, RATE, false, 0)]), at(START + 3 * MINUTE))).toEqual([]);
    expect(decideBilling(away, money([...after1, ...minute(2, RATE, false, 0)]), at(START + 3 * MINUTE))).toMatchObject(
      { kind: 'wait', waitingForParty: true },
    );
  });

  it('bills nothing for a session that is not running or already settled', () => {
    expect(decideBilling(waiting, money(base), at(START))).toEqual({ kind: 'done' });
    const settled: DomainEvent = {
      type: 'SessionSettled',
      data: {
        sessionId,
        walletId: userId,
        performerId,
        endedBy: 'user',
        reason: 'user_ended',
        endedAt: iso(START),
        minutesBilled: 0,
        costUnits: 0,
        settledAt: iso(START),
      },
    };
    expect(decideBilling(running, money([...base, settled]), at(START))).toEqual({ kind: 'done' });
  });
});

describe('settling a session', () => {
  const spec = deciderSpec(sessionMoney(sessionId));
  const base = [credited(5000), held()];
  const settled = (over: Partial<EventDataOf<'SessionSettled'>>): DomainEvent => ({
    type: 'SessionSettled',
    data: {
      sessionId,
      walletId: userId,
      performerId,
      endedBy: 'user',
      reason: 'user_ended',
      endedAt: iso(0),
      minutesBilled: 0,
      costUnits: 0,
      settledAt: iso(0),
      ...over,
    },
  });
  const released = (amount: number, ms: number): DomainEvent => ({
    type: 'AuracoinReleased',
    data: {
      walletId: userId,
      holdId: sessionId,
      amount,
      purchasedAmount: amount,
      promotionalAmount: 0,
      releasedAt: iso(ms),
    },
  });

  it('user ends in minute 2: the rest of the minimum (3 minutes) is charged from the hold', () => {
    const end = START + MINUTE + 20_000;
    const given = [...base, ...minute(1, 0, false, START), ...minute(2, RATE, false, START + MINUTE)];
    spec
      .given(given)
      .when((m) =>
        decideSettle(
          running,
          sessionId,
          userId,
          m,
          { endedBy: 'user', reason: 'user_ended', endedAt: at(end) },
          at(end),
        ),
      )
      .then([
        {
          type: 'SessionMinimumCharged',
          data: {
            sessionId,
            walletId: userId,
            performerId,
            minutes: 3,
            amount: 3 * RATE,
            sessionCostUnits: 5 * RATE,
            purchasedUnits: 3 * RATE,
            promotionalUnits: 0,
            sessionPurchasedUnits: 5 * RATE,
            chargedAt: iso(end),
          },
        },
        {
          type: 'AuracoinDebited',
          data: {
            walletId: userId,
            amount: 3 * RATE,
            reason: 'session',
            reference: sessionId,
            holdId: sessionId,
            purchasedAmount: 3 * RATE,
            promotionalAmount: 0,
            debitedAt: iso(end),
          },
        },
        settled({ endedAt: iso(end), minutesBilled: 2, costUnits: 5 * RATE, settledAt: iso(end) }),
        released(0, end),
      ]);
  });

  it('performer ends in minute 2: only started minutes, the hold is released', () => {
    const end = START + MINUTE + 20_000;
    const given = [...base, ...minute(1, 0, false, START), ...minute(2, RATE, false, START + MINUTE)];
    spec
      .given(given)
      .when((m) =>
        decideSettle(
          running,
          sessionId,
          userId,
          m,
          { endedBy: 'performer', reason: 'performer_ended', endedAt: at(end) },
          at(end),
        ),
      )
      .then([
        settled({
          endedBy: 'performer',
          reason: 'performer_ended',
          endedAt: iso(end),
          minutesBilled: 2,
          costUnits: 2 * RATE,
          settledAt: iso(end),
        }),
        released(3 * RATE, end),
      ]);
  });

  it('bills a started minute the clock had not billed yet before closing', () => {
    const end = START + MINUTE + 1;
    const given = [...base, ...minute(1, 0, false, START)];
    spec
      .given(given)
      .when((m) =>
        decideSettle(
          running,
          sessionId,
          userId,
          m,
          { endedBy: 'performer', reason: 'performer_ended', endedAt: at(end) },
          at(end),
        ),
      )
      .then([
        ...minute(2, RATE, false, end),
        settled({
          endedBy: 'performer',
          reason: 'performer_ended',
          endedAt: iso(end),
          minutesBilled: 2,
          costUnits: 2 * RATE,
          settledAt: iso(end),
        }),
        released(3 * RATE, end),
      ]);
  });

  it('an end asked for just before a minute the clock billed meanwhile takes effect when it is decided', () => {
    let given = [...base];
    for (let k = 1; k <= 6; k++) given = [...given, ...minute(k, (k - 1) * RATE, false, START + (k - 1) * MINUTE + 3)];
    // asked 10 ms before minute 6 began; the clock billed minute 6; decided again 25 ms after it began
    const asked = START + 5 * MINUTE - 10;
    const decided = START + 5 * MINUTE + 25;
    spec
      .given(given)
      .when((m) =>
        decideSettle(
          running,
          sessionId,
          userId,
          m,
          { endedBy: 'performer', reason: 'performer_ended', endedAt: at(asked) },
          at(decided),
        ),
      )
      .then([
        settled({
          endedBy: 'performer',
          reason: 'performer_ended',
          endedAt: iso(decided),
          minutesBilled: 6,
          costUnits: 6 * RATE,
          settledAt: iso(decided),
        }),
        released(0, decided),
      ]);
  });

  it('after the minimum, a user ending owes only started minutes', () => {
    let given = [...base];
    for (let k = 1; k <= 6; k++) given = [...given, ...minute(k, (k - 1) * RATE, false, START + (k - 1) * MINUTE)];
    const end = START + 5 * MINUTE + 10;
    spec
      .given(given)
      .when((m) =>
        decideSettle(
          running,
          sessionId,
          userId,
          m,
          { endedBy: 'user', reason: 'user_ended', endedAt: at(end) },
          at(end),
        ),
      )
      .then([
        settled({ endedAt: iso(end), minutesBilled: 6, costUnits: 6 * RATE, settledAt: iso(end) }),
        released(0, end),
      ]);
  });

  it('a session whose performer dropped ends when she left, without the minimum', () => {
    const left = awayFrom('performer', START + MINUTE + 5);
    const given = [...base, ...minute(1, 0, false, START), ...minute(2, RATE, false, START + MINUTE)];
    const now = START + MINUTE + 40_000;
    // the user ends it at `now`: the session closes it at her drop, as hers (closingOf), and the ledger settles that
    const closing = {
      endedBy: 'user' as const,
      reason: 'performer_disconnected' as const,
      endedAt: at(START + MINUTE + 5),
    };
    spec
      .given(given)
      .when((m) => decideSettle(left, sessionId, userId, m, closing, at(now)))
      .then([
        settled({
          reason: 'performer_disconnected',
          endedAt: iso(START + MINUTE + 5),
          minutesBilled: 2,
          costUnits: 2 * RATE,
          settledAt: iso(now),
        }),
        released(3 * RATE, now),
      ]);
  });

  it('releases the whole hold of a declined, expired or withdrawn request, and settles once', () => {
    spec
      .given(base)
      .when((m) =>
        decideSettle(
          waiting,
          sessionId,
          userId,
          m,
          { unstarted: true, reason: 'declined', endedBy: null, endedAt: at(5_000) },
          at(5_000),
        ),
      )
      .then([
        settled({ endedBy: null, reason: 'declined', endedAt: iso(5_000), settledAt: iso(5_000) }),
        released(5 * RATE, 5_000),
      ]);
    spec
      .given([...base, settled({}), released(5 * RATE, 0)])
      .when((m) =>
        decideSettle(
          waiting,
          sessionId,
          userId,
          m,
          { unstarted: true, reason: 'expired', endedBy: null, endedAt: at(5_000) },
          at(5_000),
        ),
      )
      .then([]);
  });

  it('gives every wallet event of a session a fixed id, a minute the same one whoever bills it', () => {
    const events = [...minute(1, 0, false, START), settled({}), released(0, 0)];
    const ids = sessionWalletEventIds(userId, sessionId, events);
    expect(new Set(ids).size).toBe(4);
    expect(sessionWalletEventIds(userId, sessionId, minute(1, 0, true, 999))).toEqual(ids.slice(0, 2));
  });
});

describe('how long a running session can still run (the ICE credentials follow it)', () => {
  it('runs until the start of the first minute neither the hold nor the balance can pay', () => {
    // 10 auracoin of 2.5 a minute: minute 1 billed, the hold (5 minutes) and the rest pay 3 more
    const wallet = money([credited(1000), held(), ...minute(1, 0, false, START)]);
    expect(paidUntil(running, wallet)).toBe(t0.getTime() + START + 4 * MINUTE);
    // a top-up moves it later
    expect(paidUntil(running, money([credited(1000), held(), ...minute(1, 0, false, START), credited(500)]))).toBe(
      t0.getTime() + START + 6 * MINUTE,
    );
  });
});

describe('the edges of the minute clock (issue 24)', () => {
  const spec = deciderSpec(sessionMoney(sessionId));
  const base = [credited(5000), held()];
  const settled = (over: Partial<EventDataOf<'SessionSettled'>>): DomainEvent => ({
    type: 'SessionSettled',
    data: {
      sessionId,
      walletId: userId,
      performerId,
      endedBy: 'performer',
      reason: 'performer_ended',
      endedAt: iso(0),
      minutesBilled: 0,
      costUnits: 0,
      settledAt: iso(0),
      ...over,
    },
  });
  const released = (amount: number, ms: number): DomainEvent => ({
    type: 'AuracoinReleased',
    data: {
      walletId: userId,
      holdId: sessionId,
      amount,
      purchasedAmount: amount,
      promotionalAmount: 0,
      releasedAt: iso(ms),
    },
  });

  it('a minute that starts at the very instant the session ends is not billed', () => {
    // given minute 1 billed, when the performer ends it exactly as minute 3 begins
    const end = START + 2 * MINUTE;
    const given = [...base, ...minute(1, 0, false, START)];
    // then minute 2 is billed and minute 3 is not
    spec
      .given(given)
      .when((m) =>
        decideSettle(
          running,
          sessionId,
          userId,
          m,
          { endedBy: 'performer', reason: 'performer_ended', endedAt: at(end) },
          at(end),
        ),
      )
      .then([
        ...minute(2, RATE, false, end),
        settled({ endedAt: iso(end), minutesBilled: 2, costUnits: 2 * RATE, settledAt: iso(end) }),
        released(3 * RATE, end),
      ]);
  });

  it('a minute that starts at the very instant a party left waits for the party', () => {
    // given minutes 1 and 2 billed and the user gone exactly when minute 3 begins
    const away = awayFrom('user', START + 2 * MINUTE);
    const given = money([...base, ...minute(1, 0, false, START), ...minute(2, RATE, false, START + MINUTE)]);
    // when the clock ticks in minute 3, then nothing is due and the clock waits for the party
    expect(dueMinutes(away, given, at(START + 2 * MINUTE + 5))).toEqual([]);
    expect(decideBilling(away, given, at(START + 2 * MINUTE + 5))).toEqual({
      kind: 'wait',
      nextAt: t0.getTime() + START + 2 * MINUTE,
      waitingForParty: true,
    });
  });

  it('a minute due before the party left is not waiting for the party', () => {
    // given the user gone in minute 3, minute 2 billed: the clock, ticking before minute 3, waits for the minute only
    const away = awayFrom('user', START + 2 * MINUTE + 1);
    const given = money([...base, ...minute(1, 0, false, START), ...minute(2, RATE, false, START + MINUTE)]);
    expect(decideBilling(away, given, at(START + MINUTE + 30_000))).toEqual({
      kind: 'wait',
      nextAt: t0.getTime() + START + 2 * MINUTE,
      waitingForParty: false,
    });
  });

  it('the balance running out while a session is settled ends it when the first unpaid minute began', () => {
    // given 7 minutes of money, all billed, when the user ends it in minute 9
    let given = [credited(7 * RATE), held()];
    for (let k = 1; k <= 7; k++) given = [...given, ...minute(k, (k - 1) * RATE, k === 7, START + (k - 1) * MINUTE)];
    const end = START + 8 * MINUTE + 10;
    // then minute 8 cannot be paid: the system ended it at its start, for the balance, nothing more charged
    spec
      .given(given)
      .when((m) =>
        decideSettle(
          running,
          sessionId,
          userId,
          m,
          { endedBy: 'user', reason: 'user_ended', endedAt: at(end) },
          at(end),
        ),
      )
      .then([
        settled({
          endedBy: 'system',
          reason: 'balance_exhausted',
          endedAt: iso(START + 7 * MINUTE),
          minutesBilled: 7,
          costUnits: 7 * RATE,
          settledAt: iso(end),
        }),
        released(0, end),
      ]);
  });

  it('the balance running out while the clock catches up bills the minutes it can pay, and ends at the next run', () => {
    // given 6 minutes of money and 5 billed, when a late clock finds minutes 6 to 8 due
    let given = [credited(6 * RATE), held()];
    for (let k = 1; k <= 5; k++) given = [...given, ...minute(k, (k - 1) * RATE, false, START + (k - 1) * MINUTE)];
    const now = START + 7 * MINUTE + 1;
    const outcome = decideBilling(running, money(given), at(now));
    // then minute 6 is billed (the last one) and the next run ends it at minute 7
    expect(outcome).toEqual({
      kind: 'bill',
      events: minute(6, 5 * RATE, true, now),
      nextAt: t0.getTime() + START + 6 * MINUTE,
    });
  });
});

describe('the session money rules the mutants showed loose (issue 24)', () => {
  const spec = deciderSpec(sessionMoney(sessionId));
  const base = [credited(5000), held()];
  const releasedHold: DomainEvent = {
    type: 'AuracoinReleased',
    data: {
      walletId: userId,
      holdId: sessionId,
      amount: 5 * RATE,
      purchasedAmount: 5 * RATE,
      promotionalAmount: 0,
      releasedAt: iso(1),
    },
  };
  const settled = (over: Partial<EventDataOf<'SessionSettled'>>): DomainEvent => ({
    type: 'SessionSettled',
    data: {
      sessionId,
      walletId: userId,
      performerId,
      endedBy: 'performer',
      reason: 'performer_ended',
      endedAt: iso(0),
      minutesBilled: 0,
      costUnits: 0,
      settledAt: iso(0),
      ...over,
    },
  });
  const released = (amount: number, ms: number): DomainEvent => ({
    type: 'AuracoinReleased',
    data: {
      walletId: userId,
      holdId: sessionId,
      amount,
      purchasedAmount: amount,
      promotionalAmount: 0,
      releasedAt: iso(ms),
    },
  });
  const minimumCharged = (amount: number, costBefore: number): DomainEvent[] => [
    {
      type: 'SessionMinimumCharged',
      data: {
        sessionId,
        walletId: userId,
        performerId,
        minutes: amount / RATE,
        amount,
        sessionCostUnits: costBefore + amount,
        purchasedUnits: amount,
        promotionalUnits: 0,
        sessionPurchasedUnits: costBefore + amount,
        chargedAt: iso(0),
      },
    },
    {
      type: 'AuracoinDebited',
      data: {
        walletId: userId,
        amount,
        reason: 'session',
        reference: sessionId,
        holdId: sessionId,
        purchasedAmount: amount,
        promotionalAmount: 0,
        debitedAt: iso(0),
      },
    },
  ];
  const performerEnds = (ms: number) => ({
    endedBy: 'performer' as const,
    reason: 'performer_ended' as const,
    endedAt: at(ms),
  });

  it('a session hold is placed once: not again after it was released', () => {
    // given the session's hold placed and released, when the request is decided again, then nothing is held
    spec
      .given([...base, releasedHold])
      .when((m) => decideSessionHold(terms, m, at(0)))
      .then([]);
  });

  it('a second open session is refused with the words the user reads', () => {
    // given another session's hold, when a session is requested, then the user reads why
    expect(() => decideSessionHold(terms, money([credited(5000), held(otherSession)]), at(0))).toThrow(
      errorMessages.session_in_progress,
    );
  });

  it("another session's minutes are not this session's", () => {
    // given a minute of another session billed from the same wallet
    const other = minute(1, 0, false, START).map(
      (event) => ({ ...event, data: { ...event.data, sessionId: otherSession } }) as DomainEvent,
    );
    // then this session has billed nothing
    expect(money([...base, ...other])).toMatchObject({ minutesBilled: 0, costUnits: 0, purchasedCostUnits: 0 });
  });

  it("the minimum charged is the session's cost, and of its purchased units", () => {
    // given minute 1 billed, then the rest of the minimum charged
    const given = money([...base, ...minute(1, 0, false, START), ...minimumCharged(4 * RATE, RATE)]);
    // then the session cost the minimum, all of it purchased; an event of the session that is not money changes nothing
    expect(given).toMatchObject({ minutesBilled: 1, costUnits: 5 * RATE, purchasedCostUnits: 5 * RATE });
    expect(sessionMoney(sessionId).evolve(given, started)).toEqual(given);
  });

  it('no minute is due on a session that is not running, is settled, or holds nothing', () => {
    const later = at(START + 3 * MINUTE);
    expect(dueMinutes(waiting, money(base), later)).toEqual([]);
    expect(dueMinutes(running, money([...base, settled({})]), later)).toEqual([]);
    expect(dueMinutes(running, money([...base, releasedHold]), later)).toEqual([]);
    // and the same session, running with its hold, owes minutes 1 to 4
    expect(dueMinutes(running, money(base), later)).toEqual([1, 2, 3, 4]);
  });

  it('a session whose start or drop cannot be read bills no minute past now, and never loops', () => {
    const later = at(START + 3 * MINUTE);
    const unreadable: SessionOnWallet = { ...running, startedAt: 'not a date' };
    expect(dueMinutes(unreadable, money(base), later)).toEqual([]);
    const dropUnreadable: SessionOnWallet = { ...running, away: { user: 'not a date' } };
    expect(dueMinutes(dropUnreadable, money(base), later)).toEqual([1, 2, 3, 4]);
    // a minute starting exactly now is due
    expect(dueMinutes(running, money(base), at(START + 3 * MINUTE))).toEqual([1, 2, 3, 4]);
    expect(dueMinutes(running, money(base), at(START + 3 * MINUTE - 1))).toEqual([1, 2, 3]);
  });

  it('only the next minute can be billed', () => {
    // given minute 1 not billed yet, when minute 2 is billed, then it is refused
    expect(() => decideBillMinute(running, money(base), 2, at(START + MINUTE))).toThrow(
      expect.objectContaining({ code: 'conflict' }),
    );
  });

  it('a minute that cannot be billed for another reason than the balance is an error, not the end of the session', () => {
    // given a session whose rate is not a whole number of units (a bug upstream)
    const broken: SessionOnWallet = { ...running, terms: { ...terms, rateUnits: 2.5 } };
    // then neither the clock nor the settlement hides it as the balance running out
    expect(() => decideBilling(broken, money(base), at(START + 5))).toThrow(errorMessages.validation_failed);
    expect(() => decideSettle(broken, sessionId, userId, money(base), performerEnds(START + 5), at(START + 5))).toThrow(
      errorMessages.validation_failed,
    );
  });

  it('a hold whose request was lost is released whole, settled as abandoned, with no performer', () => {
    const end = { unstarted: true as const, reason: 'abandoned' as const, endedBy: null, endedAt: at(5_000) };
    spec
      .given(base)
      .when((m) => decideSettle(null, sessionId, userId, m, end, at(5_000)))
      .then([
        settled({ performerId: null, endedBy: null, reason: 'abandoned', endedAt: iso(5_000), settledAt: iso(5_000) }),
        released(5 * RATE, 5_000),
      ]);
  });

  it('an end decided late keeps the time it was asked for: minutes begun since are not billed', () => {
    // given minutes 1 and 2 billed, the performer ending in minute 2, decided in minute 4
    const asked = START + MINUTE + 20_000;
    const decided = START + 3 * MINUTE + 5;
    const given = [...base, ...minute(1, 0, false, START), ...minute(2, RATE, false, START + MINUTE)];
    spec
      .given(given)
      .when((m) => decideSettle(running, sessionId, userId, m, performerEnds(asked), at(decided)))
      .then([
        settled({ endedAt: iso(asked), minutesBilled: 2, costUnits: 2 * RATE, settledAt: iso(decided) }),
        released(3 * RATE, decided),
      ]);
  });

  it('an end asked at the very instant a billed minute began takes effect just after it began', () => {
    // given minutes 1 and 2 billed, the end asked and decided exactly as minute 2 began
    const asked = START + MINUTE;
    const given = [...base, ...minute(1, 0, false, START), ...minute(2, RATE, false, asked)];
    // then the session ended 1 ms into minute 2, which it paid
    spec
      .given(given)
      .when((m) => decideSettle(running, sessionId, userId, m, performerEnds(asked), at(asked)))
      .then([
        settled({ endedAt: iso(asked + 1), minutesBilled: 2, costUnits: 2 * RATE, settledAt: iso(asked) }),
        released(3 * RATE, asked),
      ]);
  });

  it("every wallet event of a session has its rule's id: a minute's and the minimum's the spend rule's, the others their own", () => {
    const lone: DomainEvent = {
      type: 'AuracoinDebited',
      data: { walletId: userId, amount: 1, reason: 'session', reference: sessionId, debitedAt: iso(0) },
    };
    const events = [
      lone,
      held(),
      ...minute(1, 0, false, START),
      ...minimumCharged(4 * RATE, RATE),
      settled({}),
      released(0, 0),
    ];
    const own = (type: string) => deterministicId(`session:${sessionId}:${type}`);
    expect(sessionWalletEventIds(userId, sessionId, events)).toEqual([
      own('AuracoinDebited'),
      own('AuracoinHeld'),
      ...spendEventIds(userId, `session:${sessionId}:minute:1`),
      ...spendEventIds(userId, `session:${sessionId}:minimum`),
      own('SessionSettled'),
      own('AuracoinReleased'),
    ]);
  });
});

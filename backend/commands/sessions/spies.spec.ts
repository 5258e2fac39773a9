import type { DomainEvent, EventDataOf } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import {
  decideEndSpy,
  decideStartSpy,
  minutesOwed,
  owedFrom,
  spies,
  type PrivateForSpies,
  type StartSpy,
} from './spies';

const now = new Date('2026-11-20T10:00:00.000Z');
const SESSION = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const LUNA = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const BOB = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const ALICE = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const SPY = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const OTHER_SPY = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';

const privateWithSpies: PrivateForSpies = {
  status: 'active',
  sessionId: SESSION,
  userId: BOB,
  performerId: LUNA,
  spyPriceUnits: 200,
  billingMinuteMs: 60_000,
};
const start: StartSpy = {
  spyId: SPY,
  userId: ALICE,
  idempotencyKey: 'k1',
  expectedPrice: 2,
  canPay: true,
  frozen: false,
  freeMs: 10_000,
};
const terms: EventDataOf<'SpyStarted'> = {
  spyId: SPY,
  sessionId: SESSION,
  performerId: LUNA,
  userId: ALICE,
  priceUnits: 200,
  billingMinuteMs: 60_000,
  freeMs: 10_000,
  idempotencyKey: 'k1',
  startedAt: now.toISOString(),
};
const started: DomainEvent = { type: 'SpyStarted', data: terms };
const ended = (at: Date, minutesBilled: number): DomainEvent => ({
  type: 'SpyEnded',
  data: {
    spyId: SPY,
    sessionId: SESSION,
    userId: ALICE,
    reason: 'left',
    endedAt: at.toISOString(),
    minutesBilled,
    costUnits: minutesBilled * 200,
  },
});
const later = (ms: number) => new Date(now.getTime() + ms);

describe('spies on a private', () => {
  const spec = deciderSpec(spies);

  it('a user starts watching a running private that allows spies, at its spy price', () => {
    spec
      .given([])
      .when((state) => decideStartSpy(start, state, privateWithSpies, now))
      .then([started]);
  });

  it('the same key again starts nothing (the watch it started is the answer)', () => {
    spec
      .given([started])
      .when((state) => decideStartSpy(start, state, privateWithSpies, now))
      .then([]);
  });

  it('refuses another key while he watches, and starts again once he left', () => {
    const again = { ...start, spyId: OTHER_SPY, idempotencyKey: 'k2' };
    spec
      .given([started])
      .when((state) => decideStartSpy(again, state, privateWithSpies, now))
      .thenThrows('spy_already_watching');
    spec
      .given([started, ended(later(5_000), 0)])
      .when((state) => decideStartSpy(again, state, privateWithSpies, later(6_000)))
      .then([
        {
          type: 'SpyStarted',
          data: { ...terms, spyId: OTHER_SPY, idempotencyKey: 'k2', startedAt: later(6_000).toISOString() },
        },
      ]);
  });

  it("refuses the private's own user and her", () => {
    spec
      .given([])
      .when((state) => decideStartSpy({ ...start, userId: BOB }, state, privateWithSpies, now))
      .thenThrows('spy_party');
    spec
      .given([])
      .when((state) => decideStartSpy({ ...start, userId: LUNA }, state, privateWithSpies, now))
      .thenThrows('spy_party');
  });

  it('refuses a private without spies, or not running', () => {
    spec
      .given([])
      .when((state) => decideStartSpy(start, state, { ...privateWithSpies, spyPriceUnits: undefined }, now))
      .thenThrows('spies_not_allowed');
    spec
      .given([])
      .when((state) => decideStartSpy(start, state, { ...privateWithSpies, status: 'ended' }, now))
      .thenThrows('session_not_active');
    spec
      .given([])
      .when((state) => decideStartSpy(start, state, { ...privateWithSpies, status: 'requested' }, now))
      .thenThrows('session_not_active');
  });

  it('refuses another price than the one he saw, a frozen wallet, and a balance short of one minute', () => {
    spec
      .given([])
      .when((state) => decideStartSpy({ ...start, expectedPrice: 1 }, state, privateWithSpies, now))
      .thenThrows('price_changed');
    spec
      .given([])
      .when((state) => decideStartSpy({ ...start, frozen: true }, state, privateWithSpies, now))
      .thenThrows('wallet_frozen');
    spec
      .given([])
      .when((state) => decideStartSpy({ ...start, canPay: false }, state, privateWithSpies, now))
      .thenThrows('insufficient_balance');
  });

  it('ends a watch once, with what it was billed; never before it started', () => {
    spec
      .given([started])
      .when((state) =>
        decideEndSpy({ spyId: SPY, reason: 'left', endedAt: later(70_000), minutesBilled: 2, costUnits: 400 }, state),
      )
      .then([ended(later(70_000), 2)]);
    spec
      .given([started, ended(later(70_000), 2)])
      .when((state) =>
        decideEndSpy({ spyId: SPY, reason: 'left', endedAt: later(80_000), minutesBilled: 2, costUnits: 400 }, state),
      )
      .then([]);
    spec
      .given([])
      .when((state) =>
        decideEndSpy({ spyId: SPY, reason: 'left', endedAt: later(1), minutesBilled: 0, costUnits: 0 }, state),
      )
      .thenThrows('not_found');
  });
});

describe('the minutes a spy owes', () => {
  it('minute 1 from the end of the 10 free seconds, each next one from its start', () => {
    expect(owedFrom(terms, 1)).toBe(later(10_000).getTime());
    expect(owedFrom(terms, 2)).toBe(later(60_000).getTime());
    expect(owedFrom(terms, 3)).toBe(later(120_000).getTime());
  });

  it('the clock bills a minute from the moment it is owed', () => {
    expect(minutesOwed(terms, 0, later(9_999).getTime(), 'clock')).toEqual([]);
    expect(minutesOwed(terms, 0, later(10_000).getTime(), 'clock')).toEqual([1]);
    expect(minutesOwed(terms, 1, later(60_000).getTime(), 'clock')).toEqual([2]);
    expect(minutesOwed(terms, 0, later(125_000).getTime(), 'clock')).toEqual([1, 2, 3]);
  });

  it('leaving within the free 10 seconds owes nothing; leaving after owes the minutes begun before', () => {
    expect(minutesOwed(terms, 0, later(10_000).getTime(), 'end')).toEqual([]);
    expect(minutesOwed(terms, 0, later(10_001).getTime(), 'end')).toEqual([1]);
    expect(minutesOwed(terms, 0, later(60_000).getTime(), 'end')).toEqual([1]);
    expect(minutesOwed(terms, 1, later(61_000).getTime(), 'end')).toEqual([2]);
  });

  it('with a minute shorter than the free start (a test clock), no minute is owed before the free start ends', () => {
    const short = { ...terms, billingMinuteMs: 3_000 };
    expect(minutesOwed(short, 0, later(9_000).getTime(), 'clock')).toEqual([]);
    expect(minutesOwed(short, 0, later(10_000).getTime(), 'clock')).toEqual([1, 2, 3, 4]);
  });
});

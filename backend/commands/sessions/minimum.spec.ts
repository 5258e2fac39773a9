/**
 * The minimum cannot be dodged (docs/product.md#session-minimum): one rule each, given the wallet
 * and the session, when it is settled, then what is charged.
 */
import type { DomainEvent, SessionEndReason, SessionParty } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { decideSettle, minimumOwed, sessionMoney } from '../../ledger';
import { settlementEnd } from './money';
import { graceExpired, session, type Closing, type OpenSession } from './session';

const t0 = new Date('2026-11-20T10:00:00.000Z');
const MINUTE = 60_000;
const GRACE = 30_000;
const at = (ms: number) => new Date(t0.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();
const sessionId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const RATE = 250;
const START = 10_000;

const requested: DomainEvent = {
  type: 'SessionRequested',
  data: {
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
  },
};
const started: DomainEvent = { type: 'SessionStarted', data: { sessionId, performerId, startedAt: iso(START) } };
const left = (
  party: SessionParty,
  ms: number,
  cause: 'disconnected' | 'unconfirmed' = 'disconnected',
): DomainEvent => ({ type: 'SessionPartyLeft', data: { sessionId, party, at: iso(ms), cause } });
const sessionAfter = (...events: DomainEvent[]) =>
  [requested, started, ...events].reduce(session.evolve, session.initialState()) as OpenSession;

const wallet: DomainEvent[] = [
  { type: 'AuracoinCredited', data: { walletId: userId, amount: 5000, reason: 'purchase', creditedAt: iso(0) } },
  {
    type: 'AuracoinHeld',
    data: { walletId: userId, holdId: sessionId, amount: 5 * RATE, reason: 'session', heldAt: iso(0) },
  },
];
const minute = (k: number): DomainEvent[] => [
  {
    type: 'SessionMinuteBilled',
    data: {
      sessionId,
      walletId: userId,
      performerId,
      minute: k,
      amount: RATE,
      minuteStartedAt: iso(START + (k - 1) * MINUTE),
      sessionCostUnits: k * RATE,
      lastMinute: false,
      billedAt: iso(START + (k - 1) * MINUTE),
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
      debitedAt: iso(START + (k - 1) * MINUTE),
    },
  },
];
const minimumCharged = (minutesBilled: number, ms: number): DomainEvent[] => [
  {
    type: 'SessionMinimumCharged',
    data: {
      sessionId,
      walletId: userId,
      performerId,
      minutes: 5 - minutesBilled,
      amount: (5 - minutesBilled) * RATE,
      sessionCostUnits: 5 * RATE,
      // all purchased units: the wallet holds no promotional ones
      purchasedUnits: (5 - minutesBilled) * RATE,
      promotionalUnits: 0,
      sessionPurchasedUnits: (5 - minutesBilled) * RATE,
      chargedAt: iso(ms),
    },
  },
  {
    type: 'AuracoinDebited',
    data: {
      walletId: userId,
      amount: (5 - minutesBilled) * RATE,
      reason: 'session',
      reference: sessionId,
      holdId: sessionId,
      purchasedAmount: (5 - minutesBilled) * RATE,
      promotionalAmount: 0,
      debitedAt: iso(ms),
    },
  },
];
const settledAs = (
  endedBy: Closing['endedBy'],
  reason: SessionEndReason,
  endedAtMs: number,
  minutesBilled: number,
  costUnits: number,
  ms: number,
): DomainEvent[] => [
  {
    type: 'SessionSettled',
    data: {
      sessionId,
      walletId: userId,
      performerId,
      endedBy,
      reason,
      endedAt: iso(endedAtMs),
      minutesBilled,
      costUnits,
      settledAt: iso(ms),
    },
  },
  {
    type: 'AuracoinReleased',
    data: {
      walletId: userId,
      holdId: sessionId,
      amount: 5 * RATE - costUnits,
      purchasedAmount: 5 * RATE - costUnits,
      promotionalAmount: 0,
      releasedAt: iso(ms),
    },
  },
];

const spec = deciderSpec(sessionMoney(sessionId));
const settle =
  (state: OpenSession, closing: Closing, nowMs: number) =>
  (money: ReturnType<ReturnType<typeof sessionMoney>['initialState']>) =>
    decideSettle(state, sessionId, userId, money, settlementEnd(state, closing), at(nowMs));
const twoMinutes = [...wallet, ...minute(1), ...minute(2)];
const inMinute2 = START + MINUTE + 20_000;

describe('the session minimum', () => {
  it('the user leaving before the minimum pays the minimum (he ends it)', () => {
    spec
      .given(twoMinutes)
      .when(settle(sessionAfter(), { endedBy: 'user', reason: 'user_ended', endedAt: at(inMinute2) }, inMinute2))
      .then([...minimumCharged(2, inMinute2), ...settledAs('user', 'user_ended', inMinute2, 2, 5 * RATE, inMinute2)]);
  });

  it('the user closing the page and not coming back within the grace pays the minimum', () => {
    const away = sessionAfter(left('user', inMinute2));
    const closing = graceExpired(away, 'user', iso(inMinute2), GRACE, at(inMinute2 + GRACE))!;
    expect(closing).toEqual({ endedBy: 'system', reason: 'user_disconnected', endedAt: at(inMinute2) });
    spec
      .given(twoMinutes)
      .when(settle(away, closing, inMinute2 + GRACE))
      .then([
        ...minimumCharged(2, inMinute2 + GRACE),
        ...settledAs('system', 'user_disconnected', inMinute2, 2, 5 * RATE, inMinute2 + GRACE),
      ]);
  });

  it('the user never opening the session page pays the minimum', () => {
    // minute 1 found nobody to vouch for his page: not billed, and the grace ran out
    const away = sessionAfter(left('user', START, 'unconfirmed'));
    const closing = graceExpired(away, 'user', iso(START), GRACE, at(START + GRACE))!;
    spec
      .given(wallet)
      .when(settle(away, closing, START + GRACE))
      .then([
        ...minimumCharged(0, START + GRACE),
        ...settledAs('system', 'user_disconnected', START, 0, 5 * RATE, START + GRACE),
      ]);
  });

  it('the performer ending after he left does not waive the minimum: his leaving ended it', () => {
    const away = sessionAfter(left('user', inMinute2));
    const now = inMinute2 + 10_000;
    spec
      .given(twoMinutes)
      .when(settle(away, { endedBy: 'performer', reason: 'performer_ended', endedAt: at(now) }, now))
      .then([...minimumCharged(2, now), ...settledAs('performer', 'user_disconnected', inMinute2, 2, 5 * RATE, now)]);
  });

  it('the performer ending waives the minimum', () => {
    spec
      .given(twoMinutes)
      .when(
        settle(sessionAfter(), { endedBy: 'performer', reason: 'performer_ended', endedAt: at(inMinute2) }, inMinute2),
      )
      .then(settledAs('performer', 'performer_ended', inMinute2, 2, 2 * RATE, inMinute2));
  });

  it('the performer leaving waives the minimum, also when he ends it while she is away', () => {
    const away = sessionAfter(left('performer', inMinute2));
    const closing = graceExpired(away, 'performer', iso(inMinute2), GRACE, at(inMinute2 + GRACE))!;
    spec
      .given(twoMinutes)
      .when(settle(away, closing, inMinute2 + GRACE))
      .then(settledAs('system', 'performer_disconnected', inMinute2, 2, 2 * RATE, inMinute2 + GRACE));
    const now = inMinute2 + 5_000;
    spec
      .given(twoMinutes)
      .when(settle(away, { endedBy: 'user', reason: 'user_ended', endedAt: at(now) }, now))
      .then(settledAs('user', 'performer_disconnected', inMinute2, 2, 2 * RATE, now));
  });

  it('the performer leaving first waives the minimum even when his grace runs out too', () => {
    const both = sessionAfter(left('performer', inMinute2), left('user', inMinute2 + 1_000));
    const closing = graceExpired(both, 'user', iso(inMinute2 + 1_000), GRACE, at(inMinute2 + 1_000 + GRACE))!;
    const now = inMinute2 + 1_000 + GRACE;
    spec
      .given(twoMinutes)
      .when(settle(both, closing, now))
      .then(settledAs('system', 'performer_disconnected', inMinute2, 2, 2 * RATE, now));
  });

  it('both pages gone at once (a restart nobody came back from) waives the minimum', () => {
    const both = sessionAfter(left('user', inMinute2, 'unconfirmed'), left('performer', inMinute2, 'unconfirmed'));
    const closing = graceExpired(both, 'user', iso(inMinute2), GRACE, at(inMinute2 + GRACE))!;
    spec
      .given(twoMinutes)
      .when(settle(both, closing, inMinute2 + GRACE))
      .then(settledAs('system', 'performer_disconnected', inMinute2, 2, 2 * RATE, inMinute2 + GRACE));
  });

  it('a request she never accepted costs nothing', () => {
    const waiting = [requested].reduce(session.evolve, session.initialState()) as OpenSession;
    for (const reason of ['declined', 'expired', 'cancelled'] as const) {
      spec
        .given(wallet)
        .when((money) =>
          decideSettle(
            waiting,
            sessionId,
            userId,
            money,
            { unstarted: true, reason, endedBy: reason === 'cancelled' ? 'user' : null, endedAt: at(5_000) },
            at(5_000),
          ),
        )
        .then([
          {
            type: 'SessionSettled',
            data: {
              sessionId,
              walletId: userId,
              performerId,
              endedBy: reason === 'cancelled' ? 'user' : null,
              reason,
              endedAt: iso(5_000),
              minutesBilled: 0,
              costUnits: 0,
              settledAt: iso(5_000),
            },
          },
          {
            type: 'AuracoinReleased',
            data: {
              walletId: userId,
              holdId: sessionId,
              amount: 5 * RATE,
              purchasedAmount: 5 * RATE,
              promotionalAmount: 0,
              releasedAt: iso(5_000),
            },
          },
        ]);
    }
  });

  it('is owed for his leaving only', () => {
    const owed = (
      [
        'user_ended',
        'user_disconnected',
        'performer_ended',
        'performer_disconnected',
        'balance_exhausted',
        'cancelled',
      ] as const
    ).filter(minimumOwed);
    expect(owed).toEqual(['user_ended', 'user_disconnected']);
  });

  it('a wallet frozen by a dispute pays the rest of the minimum only from what is left of the hold', () => {
    const smallHold: DomainEvent[] = [
      { type: 'AuracoinCredited', data: { walletId: userId, amount: 5000, reason: 'purchase', creditedAt: iso(0) } },
      {
        type: 'AuracoinHeld',
        data: { walletId: userId, holdId: sessionId, amount: 600, reason: 'session', heldAt: iso(0) },
      },
    ];
    const frozen: DomainEvent = {
      type: 'WalletFrozen',
      data: {
        walletId: userId,
        disputeId: performerId,
        purchaseId: performerId,
        lockedUnits: 0,
        trace: [],
        frozenAt: iso(inMinute2),
      },
    };
    const closing = { endedBy: 'user' as const, reason: 'user_ended' as const, endedAt: at(inMinute2) };
    const given = [...smallHold, ...minute(1), ...minute(2), frozen];
    const money = given.reduce(sessionMoney(sessionId).evolve, sessionMoney(sessionId).initialState());
    const events = decideSettle(sessionAfter(), sessionId, userId, money, closing, at(inMinute2));
    expect(events[0]).toMatchObject({ type: 'SessionMinimumCharged', data: { amount: 100 } });
    // not frozen, the available balance pays the rest of it
    const free = [...smallHold, ...minute(1), ...minute(2)].reduce(
      sessionMoney(sessionId).evolve,
      sessionMoney(sessionId).initialState(),
    );
    expect(decideSettle(sessionAfter(), sessionId, userId, free, closing, at(inMinute2))[0]).toMatchObject({
      type: 'SessionMinimumCharged',
      data: { amount: 3 * RATE },
    });
  });

  it('an end asked of a session that no longer runs is handed to the ledger as asked', () => {
    // given a session that no longer runs, her page gone: the end stays as asked
    const withdrawn = { ...sessionAfter(left('performer', inMinute2)), status: 'declined' as const };
    const closing = { endedBy: 'user' as const, reason: 'user_ended' as const, endedAt: at(inMinute2 + 5_000) };
    expect(settlementEnd(withdrawn, closing)).toEqual(closing);
    // and running, the same end closes at her drop, as hers
    expect(settlementEnd(sessionAfter(left('performer', inMinute2)), closing)).toEqual({
      ...closing,
      reason: 'performer_disconnected',
      endedAt: at(inMinute2),
    });
  });
});

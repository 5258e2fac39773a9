import { payableCutoff, payoutWeekStarting, type DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import {
  debtCents,
  decidePayout,
  decideRetry,
  decideSettlement,
  earningsAccount,
  payoutIdFor,
  unpaidCents,
  type DecidePayout,
} from './account';
import { deterministicId } from '../../platform/ids';

const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const runId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const payoutId = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const laterPayoutId = '7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const adminId = '8b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const iban = { method: 'iban' as const, holderName: 'Aurora Bianchi', masked: 'IT60 •••• 3456' };

const credit = (
  shareCents: number,
  creditedAt: string,
  source: 'photo' | 'session' | 'message' = 'photo',
): DomainEvent => ({
  type: 'PerformerEarningsCredited',
  data: {
    performerId,
    source,
    sourceId: `${source}-${creditedAt}`,
    grossUnits: Math.ceil((shareCents * 100) / 55),
    shareCents,
    creditedAt,
  },
});

/** The weekly run of a week: period end Sunday 23:59:59.999 Rome, run on the Tuesday after. */
function weeklyRun(
  weekStart: string,
  options: { reserveDays?: number; minimumCents?: number; id?: string; destination?: DecidePayout['destination'] } = {},
): DecidePayout {
  const week = payoutWeekStarting(weekStart);
  const runAt = new Date(week.end.getTime() + 1 + 86_400_000);
  return {
    payoutId: options.id ?? payoutId,
    runId,
    periodEnd: week.end.toISOString(),
    cutoff: payableCutoff(week.end, runAt, options.reserveDays ?? 0).toISOString(),
    minimumCents: options.minimumCents ?? 5000,
    destination: options.destination === undefined ? iban : options.destination,
  };
}

const now = new Date('2026-11-24T00:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(earningsAccount);
const fold = (events: DomainEvent[]) => events.reduce(earningsAccount.evolve, earningsAccount.initialState());

function scheduled(
  credits: number[],
  amountCents: number,
  weeks: { weekStart: string; amountCents: number }[],
  run = weeklyRun(weeks[0]!.weekStart),
): DomainEvent {
  return {
    type: 'PayoutScheduled',
    data: {
      payoutId: run.payoutId,
      performerId,
      runId,
      periodEnd: run.periodEnd,
      amountCents,
      weeks,
      credits,
      method: 'iban',
      holderName: iban.holderName,
      destination: iban.masked,
      scheduledAt: at,
    },
  };
}

describe('payout decider: week boundaries in Europe/Rome', () => {
  it('pays what was earned up to Sunday 23:59:59.999 Rome, not a millisecond later', () => {
    const given = [
      credit(3000, '2026-11-16T00:00:00.000Z'),
      credit(2500, '2026-11-22T22:59:59.999Z'),
      credit(900, '2026-11-22T23:00:00.000Z'),
    ];
    spec
      .given(given)
      .when((s) => decidePayout(weeklyRun('2026-11-16'), s, now))
      .then([scheduled([0, 1], 5500, [{ weekStart: '2026-11-16', amountCents: 5500 }])]);
  });

  it('in the week clocks go forward, Sunday 23:30 CEST (21:30 UTC) is in, Monday 00:00 CEST is out', () => {
    const given = [credit(5000, '2026-03-29T21:30:00.000Z'), credit(700, '2026-03-29T22:00:00.000Z')];
    const run = weeklyRun('2026-03-23');
    expect(run.periodEnd).toBe('2026-03-29T21:59:59.999Z');
    spec
      .given(given)
      .when((s) => decidePayout(run, s, now))
      .then([scheduled([0], 5000, [{ weekStart: '2026-03-23', amountCents: 5000 }], run)]);
  });

  it('in the week clocks go back, 22:30 UTC on Sunday is still Sunday 23:30 CET and is paid', () => {
    const given = [
      credit(2000, '2026-10-18T22:00:00.000Z'),
      credit(3000, '2026-10-25T22:30:00.000Z'),
      credit(400, '2026-10-25T23:00:00.000Z'),
    ];
    const run = weeklyRun('2026-10-19');
    expect(run.periodEnd).toBe('2026-10-25T22:59:59.999Z');
    spec
      .given(given)
      .when((s) => decidePayout(run, s, now))
      .then([scheduled([0, 1], 5000, [{ weekStart: '2026-10-19', amountCents: 5000 }], run)]);
  });

  it('breaks a payout down by week, with the earlier weeks it carried over', () => {
    const given = [credit(1000, '2026-11-10T10:00:00.000Z'), credit(4500, '2026-11-18T10:00:00.000Z')];
    spec
      .given(given)
      .when((s) => decidePayout(weeklyRun('2026-11-16'), s, now))
      .then([
        scheduled(
          [0, 1],
          5500,
          [
            { weekStart: '2026-11-09', amountCents: 1000 },
            { weekStart: '2026-11-16', amountCents: 4500 },
          ],
          weeklyRun('2026-11-16'),
        ),
      ]);
  });
});

describe('payout decider: minimum and carry-over', () => {
  it('below the minimum carries the amount over, and says so once per period', () => {
    const given = [credit(2750, '2026-11-18T10:00:00.000Z')];
    const run = weeklyRun('2026-11-16');
    const carried: DomainEvent = {
      type: 'PayoutCarriedOver',
      data: {
        performerId,
        runId,
        periodEnd: run.periodEnd,
        amountCents: 2750,
        minimumCents: 5000,
        reason: 'below_minimum',
        weeks: [{ weekStart: '2026-11-16', amountCents: 2750 }],
        decidedAt: at,
      },
    };
    spec
      .given(given)
      .when((s) => decidePayout(run, s, now))
      .then([carried]);
    spec
      .given([...given, carried])
      .when((s) => decidePayout(run, s, now))
      .then([]);
    expect(unpaidCents(fold([...given, carried]))).toBe(2750);
  });

  it('pays the carried amount with the next week once the total reaches the minimum', () => {
    const first = [credit(2750, '2026-11-18T10:00:00.000Z')];
    const carried = decidePayout(weeklyRun('2026-11-16'), fold(first), now);
    const given = [...first, ...carried, credit(2750, '2026-11-25T10:00:00.000Z')];
    spec
      .given(given)
      .when((s) => decidePayout(weeklyRun('2026-11-23', { id: laterPayoutId }), s, now))
      .then([
        {
          ...scheduled(
            [0, 1],
            5500,
            [
              { weekStart: '2026-11-16', amountCents: 2750 },
              { weekStart: '2026-11-23', amountCents: 2750 },
            ],
            weeklyRun('2026-11-23', { id: laterPayoutId }),
          ),
        },
      ]);
  });

  it('exactly the minimum is paid', () => {
    spec
      .given([credit(5000, '2026-11-18T10:00:00.000Z')])
      .when((s) => decidePayout(weeklyRun('2026-11-16'), s, now))
      .then([scheduled([0], 5000, [{ weekStart: '2026-11-16', amountCents: 5000 }])]);
  });

  it('without payout details carries over with that reason; nothing payable decides nothing', () => {
    const run = weeklyRun('2026-11-16', { destination: null });
    spec
      .given([credit(6000, '2026-11-18T10:00:00.000Z')])
      .when((s) => decidePayout(run, s, now))
      .then([
        {
          type: 'PayoutCarriedOver',
          data: {
            performerId,
            runId,
            periodEnd: run.periodEnd,
            amountCents: 6000,
            minimumCents: 5000,
            reason: 'missing_details',
            weeks: [{ weekStart: '2026-11-16', amountCents: 6000 }],
            decidedAt: at,
          },
        },
      ]);
    spec
      .given([])
      .when((s) => decidePayout(run, s, now))
      .then([]);
    spec
      .given([credit(6000, '2026-11-25T10:00:00.000Z')])
      .when((s) => decidePayout(run, s, now))
      .then([]);
  });
});

describe('payout decider: reserve', () => {
  it('holds earnings younger than the reserve at the run for a later run', () => {
    // run on Tue 24 Nov 00:00 Rome (23 Nov 23:00 UTC) with 7 days of reserve: cutoff 16 Nov 23:00 UTC
    const given = [
      credit(4000, '2026-11-16T22:59:59.000Z'),
      credit(3000, '2026-11-17T10:00:00.000Z'),
      credit(2000, '2026-11-12T10:00:00.000Z'),
    ];
    const run = weeklyRun('2026-11-16', { reserveDays: 7 });
    expect(run.cutoff).toBe('2026-11-16T23:00:00.000Z');
    spec
      .given(given)
      .when((s) => decidePayout(run, s, now))
      .then([
        scheduled(
          [0, 2],
          6000,
          [
            { weekStart: '2026-11-09', amountCents: 2000 },
            { weekStart: '2026-11-16', amountCents: 4000 },
          ],
          run,
        ),
      ]);
  });

  it('the held earnings are paid by the next week’s run', () => {
    const first = [credit(6000, '2026-11-12T10:00:00.000Z'), credit(5000, '2026-11-20T10:00:00.000Z')];
    const paidFirst = decidePayout(weeklyRun('2026-11-16', { reserveDays: 7 }), fold(first), now);
    expect(paidFirst).toHaveLength(1);
    spec
      .given([...first, ...paidFirst])
      .when((s) => decidePayout(weeklyRun('2026-11-23', { reserveDays: 7, id: laterPayoutId }), s, now))
      .then([
        scheduled(
          [1],
          5000,
          [{ weekStart: '2026-11-16', amountCents: 5000 }],
          weeklyRun('2026-11-23', { reserveDays: 7, id: laterPayoutId }),
        ),
      ]);
  });
});

describe('payout decider: exactly once, failures and retries', () => {
  it("a payout's id is fixed by its performer and period end, however the end is written", () => {
    const id = payoutIdFor(performerId, '2026-11-22T22:59:59.999Z');
    expect(id).toBe(deterministicId(`payout:${performerId}:2026-11-22T22:59:59.999Z`));
    expect(payoutIdFor(performerId, '2026-11-22T23:59:59.999+01:00')).toBe(id);
    expect(payoutIdFor(runId, '2026-11-22T22:59:59.999Z')).not.toBe(id);
  });
  const earned = [credit(3000, '2026-11-17T10:00:00.000Z'), credit(3000, '2026-11-19T10:00:00.000Z', 'session')];
  const payout = scheduled([0, 1], 6000, [{ weekStart: '2026-11-16', amountCents: 6000 }]);
  const weeks = [{ weekStart: '2026-11-16', amountCents: 6000 }];
  const run = weeklyRun('2026-11-16');
  const common = { payoutId, performerId, runId, periodEnd: run.periodEnd, amountCents: 6000, weeks };
  const failed: DomainEvent = {
    type: 'PayoutFailed',
    data: { ...common, attempt: 1, reason: 'account_closed', failedAt: at },
  };

  it('a period already decided pays nothing new, whatever arrived since', () => {
    spec
      .given([...earned, payout])
      .when((s) => decidePayout(run, s, now))
      .then([]);
    spec
      .given([...earned, payout, credit(9000, '2026-11-20T10:00:00.000Z')])
      .when((s) => decidePayout(run, s, now))
      .then([]);
  });

  it('an answer, a failure or a retry of a payout she never had changes nothing', () => {
    const fold = (events: DomainEvent[]) => events.reduce(earningsAccount.evolve, earningsAccount.initialState());
    const state = fold(earned);
    const stray = (type: 'PayoutPaid' | 'PayoutFailed' | 'PayoutRetried') =>
      ({
        type,
        data: {
          ...common,
          payoutId: laterPayoutId,
          attempt: 2,
          providerReference: 'x',
          paidAt: at,
          reason: 'x',
          failedAt: at,
          adminId,
          retriedAt: at,
        },
      }) as DomainEvent;
    for (const type of ['PayoutPaid', 'PayoutFailed', 'PayoutRetried'] as const)
      expect(earningsAccount.evolve(state, stray(type))).toEqual(state);
    const paidState = fold([
      ...earned,
      payout,
      { type: 'PayoutPaid', data: { ...common, attempt: 1, providerReference: 'po', paidAt: at } },
    ]);
    expect(paidState.payouts[payoutId]).toMatchObject({ status: 'paid', attempt: 1, credits: [], taken: [] });
    expect(paidState).toMatchObject({ scheduledCents: 0, paidCents: 6000, unpaid: [] });
    const failedState = fold([...earned, payout, failed]);
    expect(failedState.payouts[payoutId]).toMatchObject({ status: 'failed', attempt: 1, taken: [] });
    expect(failedState.unpaid.map((line) => line.n)).toEqual([0, 1]);
  });

  it('records the provider’s answer once per attempt', () => {
    const paid: DomainEvent = {
      type: 'PayoutPaid',
      data: { ...common, attempt: 1, providerReference: 'po_test_1', paidAt: at },
    };
    spec
      .given([...earned, payout])
      .when((s) =>
        decideSettlement({ payoutId, attempt: 1, outcome: { status: 'paid', reference: 'po_test_1' } }, s, now),
      )
      .then([paid]);
    spec
      .given([...earned, payout, paid])
      .when((s) =>
        decideSettlement({ payoutId, attempt: 1, outcome: { status: 'paid', reference: 'po_test_1' } }, s, now),
      )
      .then([]);
    spec
      .given([...earned, payout])
      .when((s) => decideSettlement({ payoutId, attempt: 2, outcome: { status: 'paid', reference: 'x' } }, s, now))
      .then([]);
    const state = fold([...earned, payout, paid]);
    expect({ paid: state.paidCents, scheduled: state.scheduledCents, unpaid: unpaidCents(state) }).toEqual({
      paid: 6000,
      scheduled: 0,
      unpaid: 0,
    });
  });

  it('a failure gives the money back to her unpaid balance', () => {
    spec
      .given([...earned, payout])
      .when((s) =>
        decideSettlement({ payoutId, attempt: 1, outcome: { status: 'failed', reason: 'account_closed' } }, s, now),
      )
      .then([failed]);
    const state = fold([...earned, payout, failed]);
    expect({ paid: state.paidCents, scheduled: state.scheduledCents, unpaid: unpaidCents(state) }).toEqual({
      paid: 0,
      scheduled: 0,
      unpaid: 6000,
    });
  });

  it('an admin retries a failed payout: same id, same earnings, next attempt', () => {
    const retried: DomainEvent = { type: 'PayoutRetried', data: { ...common, attempt: 2, adminId, retriedAt: at } };
    spec
      .given([...earned, payout, failed])
      .when((s) => decideRetry({ payoutId, adminId, hasDestination: true }, s, now))
      .then([retried]);
    const state = fold([...earned, payout, failed, retried]);
    expect({
      scheduled: state.scheduledCents,
      unpaid: unpaidCents(state),
      attempt: state.payouts[payoutId]!.attempt,
    }).toEqual({ scheduled: 6000, unpaid: 0, attempt: 2 });
    spec
      .given([...earned, payout, failed, retried])
      .when((s) =>
        decideSettlement({ payoutId, attempt: 2, outcome: { status: 'paid', reference: 'po_test_2' } }, s, now),
      )
      .then([{ type: 'PayoutPaid', data: { ...common, attempt: 2, providerReference: 'po_test_2', paidAt: at } }]);
  });

  it('refuses to retry what did not fail, what another payout took since, or without details', () => {
    spec
      .given([...earned, payout])
      .when((s) => decideRetry({ payoutId, adminId, hasDestination: true }, s, now))
      .thenThrows('payout_not_failed');
    spec
      .given(earned)
      .when((s) => decideRetry({ payoutId, adminId, hasDestination: true }, s, now))
      .thenThrows('not_found');
    spec
      .given([...earned, payout, failed])
      .when((s) => decideRetry({ payoutId, adminId, hasDestination: false }, s, now))
      .thenThrows('payout_details_missing');
    const nextWeek = weeklyRun('2026-11-23', { id: laterPayoutId });
    const takenAgain = decidePayout(nextWeek, fold([...earned, payout, failed]), now);
    expect(takenAgain).toEqual([scheduled([0, 1], 6000, weeks, nextWeek)]);
    spec
      .given([...earned, payout, failed, ...takenAgain])
      .when((s) => decideRetry({ payoutId, adminId, hasDestination: true }, s, now))
      .thenThrows('earnings_already_paid');
  });
});

describe('clawbacks and debts (refunds, disputes)', () => {
  const clawback = (shareCents: number, clawedBackAt: string): DomainEvent => ({
    type: 'PerformerEarningsClawedBack',
    data: {
      performerId,
      cause: 'refund',
      causeId: runId,
      source: 'photo',
      sourceId: 'p-1',
      shareCents,
      reason: 'Foto sbagliata',
      clawedBackAt,
    },
  });
  const disputeId = '9b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
  const held = (shareCents: number, heldAt: string): DomainEvent => ({
    type: 'PerformerEarningsHeld',
    data: { performerId, disputeId, shareCents, heldAt },
  });

  it('an event that is not hers changes her account in nothing', () => {
    const fold = (events: DomainEvent[]) => events.reduce(earningsAccount.evolve, earningsAccount.initialState());
    const state = fold([credit(6000, '2026-11-17T10:00:00.000Z'), held(1000, '2026-11-18T10:00:00.000Z')]);
    expect(
      earningsAccount.evolve(state, {
        type: 'AuracoinCredited',
        data: { walletId: performerId, amount: 1, reason: 'welcome', creditedAt: '2026-11-18T10:00:00.000Z' },
      }),
    ).toEqual(state);
  });

  it('a hold seen twice holds once; a release without a hold, or twice, gives nothing back', () => {
    const fold = (events: DomainEvent[]) => events.reduce(earningsAccount.evolve, earningsAccount.initialState());
    const release: DomainEvent = {
      type: 'PerformerEarningsReleased',
      data: { performerId, disputeId, shareCents: 1000, releasedAt: '2026-11-19T10:00:00.000Z' },
    };
    const given = [credit(6000, '2026-11-17T10:00:00.000Z'), held(1000, '2026-11-18T10:00:00.000Z')];
    expect(unpaidCents(fold([...given, held(1000, '2026-11-18T11:00:00.000Z')]))).toBe(5000);
    expect(unpaidCents(fold([credit(6000, '2026-11-17T10:00:00.000Z'), release]))).toBe(6000);
    expect(unpaidCents(fold([...given, release, release]))).toBe(6000);
    expect(fold([...given, release]).held).toEqual({});
    // a refund's clawback is its own line, even while a dispute holds a share
    expect(unpaidCents(fold([...given, clawback(500, '2026-11-19T10:00:00.000Z')]))).toBe(4500);
    expect(fold([...given, clawback(500, '2026-11-19T10:00:00.000Z')])).toMatchObject({
      clawedBackCents: 500,
      held: { [disputeId]: 1000 },
    });
  });

  it('a clawback comes off her unpaid earnings: the next payout pays the rest', () => {
    const given = [credit(6000, '2026-11-17T10:00:00.000Z'), clawback(500, '2026-11-18T10:00:00.000Z')];
    expect(unpaidCents(fold(given))).toBe(5500);
    spec
      .given(given)
      .when((s) => decidePayout(weeklyRun('2026-11-16'), s, now))
      .then([scheduled([0, 1], 5500, [{ weekStart: '2026-11-16', amountCents: 5500 }])]);
  });

  it('a clawback of what was paid already is a debt the next payout deducts at once, whatever the reserve', () => {
    const first = [credit(6000, '2026-11-10T10:00:00.000Z')];
    const paid = decidePayout(weeklyRun('2026-11-09'), fold(first), now);
    expect(paid).toHaveLength(1);
    // refunded on Sunday 22 (after the period of the next run's reserve cutoff), deducted by that run all the same
    const later = [
      ...first,
      ...paid,
      clawback(1000, '2026-11-22T20:00:00.000Z'),
      credit(7000, '2026-11-12T10:00:00.000Z'),
    ];
    expect(debtCents(fold(later.slice(0, 3)))).toBe(1000);
    const run = weeklyRun('2026-11-16', { reserveDays: 7, id: laterPayoutId });
    spec
      .given(later)
      .when((s) => decidePayout(run, s, now))
      .then([
        scheduled(
          [1, 2],
          6000,
          [
            { weekStart: '2026-11-09', amountCents: 7000 },
            { weekStart: '2026-11-16', amountCents: -1000 },
          ],
          run,
        ),
      ]);
  });

  it('a payout never goes below zero: a debt larger than what is payable pays nothing and carries over', () => {
    const first = [credit(6000, '2026-11-10T10:00:00.000Z')];
    const paid = decidePayout(weeklyRun('2026-11-09'), fold(first), now);
    const given = [
      ...first,
      ...paid,
      clawback(6000, '2026-11-17T10:00:00.000Z'),
      credit(2000, '2026-11-18T10:00:00.000Z'),
    ];
    spec
      .given(given)
      .when((s) => decidePayout(weeklyRun('2026-11-16', { minimumCents: 0, id: laterPayoutId }), s, now))
      .then([]);
    expect(debtCents(fold(given))).toBe(4000);
  });

  it('a held share is not paid out; released, it is paid again; lost, it becomes a clawback without a second deduction', () => {
    const given = [credit(6000, '2026-11-17T10:00:00.000Z'), held(1000, '2026-11-18T10:00:00.000Z')];
    expect(unpaidCents(fold(given))).toBe(5000);
    const released: DomainEvent = {
      type: 'PerformerEarningsReleased',
      data: { performerId, disputeId, shareCents: 1000, releasedAt: '2026-11-19T10:00:00.000Z' },
    };
    expect(unpaidCents(fold([...given, released]))).toBe(6000);
    expect(fold([...given, released, released]).held).toEqual({});
    const lost: DomainEvent = {
      type: 'PerformerEarningsClawedBack',
      data: {
        performerId,
        cause: 'dispute',
        causeId: disputeId,
        source: 'session',
        sourceId: 's-1',
        shareCents: 1000,
        reason: 'Contestazione persa',
        clawedBackAt: '2026-11-19T10:00:00.000Z',
      },
    };
    const state = fold([...given, lost]);
    expect({ unpaid: unpaidCents(state), clawedBack: state.clawedBackCents, held: state.held }).toEqual({
      unpaid: 5000,
      clawedBack: 1000,
      held: {},
    });
  });
});

/**
 * The ledger audit's rules for wallets and earnings accounts (docs/architecture.md#money): given a
 * log, then the problems it names (stream, revision, words) and the totals it replays.
 */
import type { StoredEvent } from '../../platform/eventstore/port';
import { auditLedger } from './audit';

const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e43';
const otherUser = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e44';
const performerId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e43';
const purchaseId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e43';
const at = '2026-11-20T10:00:00.000Z';

type Entry = [string, string, Record<string, unknown>] | [string, string, Record<string, unknown>, number];

/** Each entry at the next revision of its stream, unless it names its revision. */
function log(entries: Entry[]): StoredEvent[] {
  const revisions = new Map<string, number>();
  return entries.map(([streamId, type, data, named], index) => {
    const revision = named ?? revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    return {
      id: `e${index}`,
      streamId,
      type,
      data,
      revision,
      position: index + 1,
      metadata: {},
      createdAt: new Date(at),
    };
  });
}

const wallet = `wallet-${userId}`;
const earnings = `earnings-${performerId}`;
const credited = (amount: unknown, reason = 'welcome', extra: Record<string, unknown> = {}): Entry => [
  wallet,
  'AuracoinCredited',
  { walletId: userId, amount, reason, creditedAt: at, ...extra },
];
const bought = (amount: number, id = purchaseId): Entry => [
  wallet,
  'AuracoinPurchased',
  {
    purchaseId: id,
    walletId: userId,
    packageId: id,
    credits: amount / 100,
    amount,
    priceCents: amount,
    provider: 'sandbox',
    providerPaymentId: 'p',
    purchasedAt: at,
  },
];
const alias = (aliasId: string): Entry => [
  wallet,
  'AliasPurchased',
  { aliasId, userId, aliasName: 'Zorro', price: 100, purchasedAt: at },
];
const debited = (amount: unknown, reference = 'a1'): Entry => [
  wallet,
  'AuracoinDebited',
  { walletId: userId, amount, reason: 'alias', reference, debitedAt: at },
];
const held = (amount: number, holdId = 'h1'): Entry => [
  wallet,
  'AuracoinHeld',
  { walletId: userId, holdId, amount, reason: 'session', heldAt: at },
];
const released = (amount: number, holdId = 'h1'): Entry => [
  wallet,
  'AuracoinReleased',
  { walletId: userId, holdId, amount, releasedAt: at },
];
const adjusted = (amount: number, balanceBefore: number, balanceAfter: number, adminId: unknown = 'admin-1'): Entry => [
  wallet,
  'AuracoinAdjusted',
  { walletId: userId, amount, balanceBefore, balanceAfter, adminId, adjustedAt: at },
];
const earned = (shareCents: number): Entry => [
  earnings,
  'PerformerEarningsCredited',
  { performerId, source: 'message', sourceId: 'm1', grossUnits: 100, shareCents, creditedAt: at },
];
const paidOut = (amountCents: number): Entry => [earnings, 'PayoutPaid', { performerId, payoutId: 'p', amountCents }];

const audit = (entries: Entry[]) => auditLedger(log(entries));
const problems = (entries: Entry[]) => audit(entries).problems;
const words = (entries: Entry[]) => problems(entries).map((p) => p.problem);
/** what the audit says of an earnings account, its sales aside (./sales.spec.ts) */
const accountProblems = (entries: Entry[]) => problems(entries).filter((p) => !p.problem.includes('nobody paid for'));

describe('the ledger audit of wallets', () => {
  it('a clean wallet replays to its balance and totals, with no problem', () => {
    // given a welcome, a card purchase, a spend, a hold released and an adjustment
    const replay = audit([
      credited(1000),
      bought(500),
      credited(500, 'purchase', { purchaseId }),
      alias('a1'),
      debited(300),
      held(200),
      released(200),
      adjusted(-100, 1200, 1100),
    ]);
    // then
    expect(replay.problems).toEqual([]);
    expect(replay.wallets.get(userId)).toMatchObject({
      walletId: userId,
      events: 8,
      spent: 300,
      balance: 1100,
      credited: 1500,
      debited: 300,
      adjusted: -100,
    });
    expect(replay.totals).toEqual({
      credited: 1500,
      debited: 300,
      adjusted: -100,
      balance: 1100,
      purchasedUnits: 500,
      purchaseCredits: 500,
      purchasedBalance: 200,
      promotionalBalance: 900,
    });
  });

  it('a revision that does not follow the one before is a gap', () => {
    expect(
      problems([
        credited(100),
        [wallet, 'AuracoinCredited', { walletId: userId, amount: 100, reason: 'welcome', creditedAt: at }, 2],
      ]),
    ).toEqual([{ stream: wallet, revision: 2, problem: 'revision gap: 0 then 2' }]);
    expect(
      problems([[wallet, 'AuracoinCredited', { walletId: userId, amount: 100, reason: 'welcome', creditedAt: at }, 1]]),
    ).toEqual([{ stream: wallet, revision: 1, problem: 'revision gap: -1 then 1' }]);
  });

  it('an event on a wallet naming another wallet is found', () => {
    expect(
      problems([[wallet, 'AuracoinCredited', { walletId: otherUser, amount: 100, reason: 'welcome', creditedAt: at }]]),
    ).toEqual([{ stream: wallet, revision: 0, problem: `AuracoinCredited names wallet ${otherUser}` }]);
  });

  it('a credit or a debit of a missing, fractional, zero or negative amount is found', () => {
    expect(words([credited(undefined)])).toEqual(['AuracoinCredited with a bad amount undefined']);
    expect(words([credited(1.5)])).toContain('AuracoinCredited with a bad amount 1.5');
    expect(words([credited(0)])).toEqual(['AuracoinCredited with a bad amount 0']);
    expect(words([credited(100), alias('a1'), debited(-5)])).toContain('AuracoinDebited with a bad amount -5');
    expect(words([credited(Number.POSITIVE_INFINITY)])).toContain('AuracoinCredited with a bad amount Infinity');
    expect(words([credited(1)])).toEqual([]);
  });

  it('a balance going below zero is found at the event that took it there', () => {
    expect(problems([credited(100), alias('a1'), debited(150)])).toContainEqual({
      stream: wallet,
      revision: 2,
      problem: 'balance went negative: -50 units after AuracoinDebited',
    });
    expect(words([credited(100), alias('a1'), debited(100)])).toEqual([]);
  });

  it('holds above the balance are found', () => {
    expect(problems([credited(100), held(150)])).toContainEqual({
      stream: wallet,
      revision: 1,
      problem: 'holds of 150 units exceed the balance 100 after AuracoinHeld',
    });
    expect(words([credited(100), held(100)])).toEqual([]);
  });

  it('a release of another amount than what is left of its hold is found', () => {
    expect(problems([credited(500), held(200), released(150)])).toContainEqual({
      stream: wallet,
      revision: 2,
      problem: 'release of hold h1: 150 units, but 200 were left of it',
    });
    expect(words([credited(500), released(0, 'h9')])).toContain(
      'release of hold h9: 0 units, but undefined were left of it',
    );
  });

  it('an adjustment whose recorded balances are not the replay, or without an admin, is found', () => {
    expect(problems([credited(500), adjusted(100, 400, 600)])).toContainEqual({
      stream: wallet,
      revision: 1,
      problem: 'adjustment recorded 400 → 600 but the replay gives 500 → 600',
    });
    expect(words([credited(500), adjusted(100, 500, 500)])).toContain(
      'adjustment recorded 500 → 500 but the replay gives 500 → 600',
    );
    expect(problems([credited(500), adjusted(100, 500, 600, '')])).toEqual([
      { stream: wallet, revision: 1, problem: 'adjustment without an admin' },
    ]);
    expect(words([credited(500), adjusted(100, 500, 600, 7)])).toEqual(['adjustment without an admin']);
  });

  it('a purchase credit must follow its AuracoinPurchased of the same amount', () => {
    expect(problems([credited(500, 'purchase', { purchaseId })])).toEqual([
      { stream: wallet, revision: 0, problem: `purchase credit ${purchaseId} without a matching AuracoinPurchased` },
      { stream: '*', problem: 'purchases 0 units but purchase credits 500' },
    ]);
    expect(words([bought(500), credited(400, 'purchase', { purchaseId })])).toEqual([
      `purchase credit ${purchaseId} without a matching AuracoinPurchased`,
      'purchases 500 units but purchase credits 400',
    ]);
  });

  it('a card purchase never credited is found', () => {
    expect(problems([bought(500)])).toEqual([
      { stream: wallet, revision: 0, problem: `AuracoinPurchased ${purchaseId} never credited` },
      { stream: '*', problem: 'purchases 500 units but purchase credits 0' },
    ]);
  });

  it('totals add every wallet', () => {
    const other = `wallet-${otherUser}`;
    const replay = audit([
      credited(1000),
      [other, 'AuracoinCredited', { walletId: otherUser, amount: 300, reason: 'welcome', creditedAt: at }],
      [
        other,
        'AuracoinAdjusted',
        { walletId: otherUser, amount: -100, balanceBefore: 300, balanceAfter: 200, adminId: 'a', adjustedAt: at },
      ],
    ]);
    expect(replay.problems).toEqual([]);
    expect(replay.totals).toMatchObject({
      credited: 1300,
      adjusted: -100,
      balance: 1200,
      promotionalBalance: 1200,
      purchasedBalance: 0,
    });
    expect(replay.wallets.size).toBe(2);
  });

  it('replays a log once, however many hooks ask', () => {
    const events = log([credited(100)]);
    expect(auditLedger(events)).toBe(auditLedger(events));
  });
});

describe('the ledger audit of earnings accounts', () => {
  it('an account accrues shares and loses only what was paid out', () => {
    const replay = audit([earned(300), earned(200), paidOut(400)]);
    expect(replay.problems.filter((p) => !p.problem.includes('nobody paid for'))).toEqual([]);
    expect(replay.earnings.get(performerId)).toEqual({
      performerId,
      balanceCents: 100,
      accruedCents: 500,
      paidOutCents: 400,
      lowestCents: 0,
    });
  });

  it('a payout above what was earned takes the account below zero, and is found', () => {
    const replay = audit([earned(300), paidOut(400)]);
    expect(replay.problems.filter((p) => !p.problem.includes('nobody paid for'))).toEqual([
      { stream: earnings, revision: 1, problem: 'earnings went negative: -100 cents' },
    ]);
    expect(replay.earnings.get(performerId)).toMatchObject({ balanceCents: -100, lowestCents: -100 });
  });

  it('a share that is not a whole non-negative number of cents is found', () => {
    expect(accountProblems([earned(1.5)])).toEqual([{ stream: earnings, revision: 0, problem: 'bad share 1.5' }]);
    expect(accountProblems([earned(-1)]).map((p) => p.problem)).toEqual([
      'bad share -1',
      'earnings went negative: -1 cents',
    ]);
    expect(accountProblems([earned(0)])).toEqual([]);
  });

  it('a refund’s clawback and a dispute’s hold take from her balance, a release gives it back, a lost dispute’s clawback was held already', () => {
    const clawedBack = (cause: 'refund' | 'dispute', shareCents: number): Entry => [
      earnings,
      'PerformerEarningsClawedBack',
      { performerId, cause, causeId: 'c1', source: 'photo', sourceId: 'x', shareCents, reason: 'r', clawedBackAt: at },
    ];
    const heldShare = (shareCents: number): Entry => [
      earnings,
      'PerformerEarningsHeld',
      { performerId, disputeId: 'd1', shareCents, heldAt: at },
    ];
    const releasedShare = (shareCents: number): Entry => [
      earnings,
      'PerformerEarningsReleased',
      { performerId, disputeId: 'd1', shareCents, releasedAt: at },
    ];
    const balance = (entries: Entry[]) => audit(entries).earnings.get(performerId)?.balanceCents;
    expect(balance([earned(500), clawedBack('refund', 120)])).toBe(380);
    expect(balance([earned(500), heldShare(200)])).toBe(300);
    expect(balance([earned(500), heldShare(200), releasedShare(200)])).toBe(500);
    expect(balance([earned(500), heldShare(200), clawedBack('dispute', 200)])).toBe(300);
  });

  it('a clawback leaving a debt is carried, not found; only a payout may not overdraw her', () => {
    const clawedBack: Entry = [
      earnings,
      'PerformerEarningsClawedBack',
      {
        performerId,
        cause: 'refund',
        causeId: 'c1',
        source: 'photo',
        sourceId: 'x',
        shareCents: 500,
        reason: 'r',
        clawedBackAt: at,
      },
    ];
    const replay = audit([earned(300), paidOut(300), clawedBack]);
    expect(replay.earnings.get(performerId)).toMatchObject({ balanceCents: -500, lowestCents: -500 });
    expect(replay.problems.filter((p) => p.problem.startsWith('earnings went negative'))).toEqual([]);
    expect(
      audit([earned(300), paidOut(300)]).problems.filter((p) => p.problem.startsWith('earnings went negative')),
    ).toEqual([]);
  });

  it('an account event without money moves nothing', () => {
    const replay = audit([earned(300), [earnings, 'PayoutScheduled', { performerId, amountCents: 300 }]]);
    expect(replay.earnings.get(performerId)).toEqual({
      performerId,
      balanceCents: 300,
      accruedCents: 300,
      paidOutCents: 0,
      lowestCents: 0,
    });
  });

  it('only wallet and earnings streams move money: another stream’s event is in no account', () => {
    const replay = audit([
      [
        `session-s1`,
        'PerformerEarningsCredited',
        { performerId, source: 'message', sourceId: 'm1', grossUnits: 100, shareCents: 55, creditedAt: at },
      ],
    ]);
    expect(replay.earnings.size).toBe(0);
    expect(replay.wallets.size).toBe(0);
  });
});

describe('the ledger audit of what a debit and a credit name', () => {
  const words = (entries: Entry[]) => audit(entries).problems.map((p) => p.problem);

  it('a debit with an empty reason or an empty reference names nothing it paid for', () => {
    const empty = (reason: string, reference: string): Entry => [
      wallet,
      'AuracoinDebited',
      { walletId: userId, amount: 100, reason, reference, debitedAt: at },
    ];
    const nothing = 'debit of 100 units without a reason and a reference: it names nothing it paid for';
    expect(words([credited(1000), alias('a1'), empty('', 'a1')])).toContain(nothing);
    expect(words([credited(1000), alias('a1'), empty('alias', '')])).toContain(nothing);
    expect(words([credited(1000), alias('a1'), empty('alias', 'a1')])).not.toContain(nothing);
  });

  it('a credit or a debit of no units is one with a bad amount', () => {
    expect(words([credited(0)])).toContain('AuracoinCredited with a bad amount 0');
    expect(words([credited(1000), alias('a1'), debited(0)])).toContain('AuracoinDebited with a bad amount 0');
    expect(words([credited(1000)]).filter((p) => p.includes('bad amount'))).toEqual([]);
  });

  it('a release must give back what its hold took of each kind; an adjustment’s increase is promotional', () => {
    const bought: Entry = [
      wallet,
      'AuracoinCredited',
      { walletId: userId, amount: 1000, reason: 'purchase', purchaseId, creditedAt: at },
    ];
    const heldSplit: Entry = [
      wallet,
      'AuracoinHeld',
      {
        walletId: userId,
        holdId: 'h1',
        amount: 300,
        reason: 'session',
        purchasedAmount: 300,
        promotionalAmount: 0,
        heldAt: at,
      },
    ];
    const release = (purchasedAmount: number): Entry => [
      wallet,
      'AuracoinReleased',
      {
        walletId: userId,
        holdId: 'h1',
        amount: 300,
        purchasedAmount,
        promotionalAmount: 300 - purchasedAmount,
        releasedAt: at,
      },
    ];
    const splitProblems = (entries: Entry[]) =>
      words([bought, ...entries]).filter((p) => p.includes('purchased first'));
    expect(splitProblems([heldSplit, release(300)])).toEqual([]);
    expect(splitProblems([heldSplit, release(0)])).toEqual([
      'AuracoinReleased records 0 purchased and 300 promotional units; purchased first, the wallet gives 300 and 0',
    ]);
    const raise = (purchasedAmount: number): Entry => [
      wallet,
      'AuracoinAdjusted',
      {
        walletId: userId,
        amount: 200,
        balanceBefore: 1000,
        balanceAfter: 1200,
        adminId: 'admin-1',
        purchasedAmount,
        promotionalAmount: 200 - purchasedAmount,
        adjustedAt: at,
      },
    ];
    expect(splitProblems([raise(0)])).toEqual([]);
    expect(splitProblems([raise(200)])).toEqual([
      'AuracoinAdjusted records 200 purchased and 0 promotional units; purchased first, the wallet gives 0 and 200',
    ]);
  });
});

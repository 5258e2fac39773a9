/**
 * The audit of refunds, clawbacks, disputes and frozen wallets (docs/architecture.md#refunds):
 * a clean log passes; each corrupted log (written behind the deciders' back) is found and named.
 */
import type { DomainEvent } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import { decideRefund, refundableWallet } from '../refunds/refund';
import { clawbackOf } from '../refunds/clawback';
import { decideFreeze, decideUnfreeze, disputeEarnings } from '../refunds/dispute';
import { auditLedger } from './audit';
import { photoBoughtWithPurchasedUnits } from '../../test/doubles/ledger-events';

const walletId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const purchaseId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const photoId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const photoPurchaseId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const refundId = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const disputeId = '7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const at = '2026-11-18T10:00:00.000Z';
const now = new Date('2026-11-18T12:00:00.000Z');
const wallet = `wallet-${walletId}`;
const earnings = `earnings-${performerId}`;

type Entry = [string, DomainEvent];
function log(entries: Entry[]): StoredEvent[] {
  const revisions = new Map<string, number>();
  return entries.map(([streamId, event], index) => {
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    return {
      id: `e${index}`,
      streamId,
      type: event.type,
      data: event.data,
      revision,
      position: index + 1,
      metadata: {},
      createdAt: new Date(at),
    };
  });
}
const onWallet = (events: DomainEvent[]): Entry[] => events.map((event) => [wallet, event]);
const onEarnings = (events: DomainEvent[]): Entry[] => events.map((event) => [earnings, event]);
const fold = (events: DomainEvent[]) => events.reduce(refundableWallet.evolve, refundableWallet.initialState());

/** A card purchase of 20 auracoin, then a 10-auracoin photo it pays, and her 5,50 € credited. */
const bought: DomainEvent[] = [
  {
    type: 'AuracoinPurchased',
    data: {
      purchaseId,
      walletId,
      packageId: purchaseId,
      credits: 20,
      amount: 2000,
      priceCents: 2000,
      provider: 'sandbox',
      providerPaymentId: 'pi',
      purchasedAt: at,
    },
  },
  { type: 'AuracoinCredited', data: { walletId, amount: 2000, reason: 'purchase', purchaseId, creditedAt: at } },
  ...photoBoughtWithPurchasedUnits({ saleId: photoPurchaseId, walletId, photoId, performerId, units: 1000, at }),
];
const credit: DomainEvent = {
  type: 'PerformerEarningsCredited',
  data: {
    performerId,
    source: 'photo',
    sourceId: photoPurchaseId,
    grossUnits: 1000,
    purchasedUnits: 1000,
    shareCents: 550,
    creditedAt: at,
  },
};
const refunded = decideRefund(
  {
    refundId,
    walletId,
    kind: 'photo',
    saleId: photoPurchaseId,
    amountUnits: 400,
    reason: 'Foto sfocata',
    adminId: 'admin-1',
    windowHours: 48,
  },
  fold(bought),
  now,
);
const clawback = clawbackOf(refunded[0]!)!;
const frozen = decideFreeze({ walletId, disputeId, purchaseId }, fold(bought), now);
const lost = decideUnfreeze({ walletId, disputeId, outcome: 'lost' }, fold([...bought, ...frozen]), now);
const trace = frozen[0]!.type === 'WalletFrozen' ? frozen[0]!.data.trace : [];
const hold = disputeEarnings(frozen[0]!, trace).map((made) => made.event);
const lostShares = disputeEarnings(lost[0]!, trace).map((made) => made.event);

const problemsOf = (entries: Entry[]) => auditLedger(log(entries)).problems.map((problem) => problem.problem);

describe('ledger audit: refunds and disputes', () => {
  it('a refund with its credit and clawback, and a dispute lost with its hold and clawback, pass', () => {
    expect(
      problemsOf([...onWallet(bought), ...onEarnings([credit]), ...onWallet(refunded), ...onEarnings([clawback])]),
    ).toEqual([]);
    expect(lost.map((event) => event.type)).toEqual(['WalletUnfrozen', 'AuracoinDebited']);
    expect(
      problemsOf([
        ...onWallet(bought),
        ...onEarnings([credit]),
        ...onWallet(frozen),
        ...onEarnings(hold),
        ...onWallet(lost),
        ...onEarnings(lostShares),
      ]),
    ).toEqual([]);
  });

  it('finds a refund above what is left of its sale, with a share or kinds not the rule’s', () => {
    const data = refunded[0]!.data as Record<string, unknown>;
    const above = {
      type: 'SaleRefunded',
      data: { ...data, amount: 1100, purchasedAmount: 1100, promotionalAmount: 0 },
    } as DomainEvent;
    const credited = {
      type: 'AuracoinCredited',
      data: { ...(refunded[1]!.data as object), amount: 1100, purchasedAmount: 1100, promotionalAmount: 0 },
    } as DomainEvent;
    expect(
      problemsOf([
        ...onWallet(bought),
        ...onEarnings([credit]),
        ...onWallet([above, credited]),
        ...onEarnings([{ ...clawback, data: { ...clawback.data, shareCents: 605 } } as DomainEvent]),
      ]),
    ).toEqual(
      expect.arrayContaining([
        `refund ${refundId} of 1100 units exceeds the 1000 units left of its sale of 1000`,
        `refund ${refundId} takes back 220 cents; the share rule of its purchased part gives 605`,
      ]),
    );
  });

  it('finds a clawback that is not the share of what was refunded, a missing one, and one no refund made', () => {
    expect(
      problemsOf([
        ...onWallet(bought),
        ...onEarnings([credit]),
        ...onWallet(refunded),
        ...onEarnings([{ ...clawback, data: { ...clawback.data, shareCents: 300 } } as DomainEvent]),
      ]),
    ).toContain(`PerformerEarningsClawedBack of 300 cents for ${refundId}:${performerId}: the rule gives 220`);
    expect(problemsOf([...onWallet(bought), ...onEarnings([credit]), ...onWallet(refunded)])).toContain(
      `${refundId}:${performerId}: 220 cents to record on her earnings (refund), never recorded`,
    );
    expect(problemsOf([...onWallet(bought), ...onEarnings([credit, clawback])])).toContain(
      `PerformerEarningsClawedBack of 220 cents for ${refundId}:${performerId}, which no refund or dispute made`,
    );
  });

  it('finds a refund without its credit, wrong locked units, a spend from a frozen wallet and a lost dispute removing more than it locked', () => {
    expect(
      problemsOf([
        ...onWallet(bought),
        ...onEarnings([credit]),
        ...onWallet([refunded[0]!]),
        ...onEarnings([clawback]),
      ]),
    ).toContain(`${refundId} on wallet ${walletId} is not followed by its AuracoinCredited`);
    const wrongLock = {
      type: 'WalletFrozen',
      data: { ...(frozen[0]!.data as object), lockedUnits: 2000 },
    } as DomainEvent;
    expect(
      problemsOf([...onWallet(bought), ...onEarnings([credit]), ...onWallet([wrongLock]), ...onEarnings(hold)]),
    ).toContain(`dispute ${disputeId} locked 2000 units; purchase ${purchaseId} had 1000 left in the wallet`);
    const spent: DomainEvent[] = [
      ...photoBoughtWithPurchasedUnits({ saleId: refundId, walletId, photoId, performerId, units: 100, at }),
    ];
    expect(
      problemsOf([
        ...onWallet(bought),
        ...onEarnings([credit]),
        ...onWallet(frozen),
        ...onEarnings(hold),
        ...onWallet(spent),
      ]),
    ).toContain(`a frozen wallet spent 100 units on photo ${photoId}`);
    const greedy = {
      type: 'WalletUnfrozen',
      data: { ...(lost[0]!.data as object), removedUnits: 1500 },
    } as DomainEvent;
    const greedyDebit = {
      type: 'AuracoinDebited',
      data: { ...(lost[1]!.data as object), amount: 1500, purchasedAmount: 1500 },
    } as DomainEvent;
    expect(
      problemsOf([
        ...onWallet(bought),
        ...onEarnings([credit]),
        ...onWallet(frozen),
        ...onEarnings(hold),
        ...onWallet([greedy, greedyDebit]),
        ...onEarnings(lostShares),
      ]),
    ).toContain(`dispute ${disputeId} removed 1500 units, more than the 1000 it locked`);
  });

  const clean = [...onWallet(bought), ...onEarnings([credit])];
  const refundData = refunded[0]!.data as Record<string, unknown>;
  const withRefund = (data: Record<string, unknown>, credited: Record<string, unknown> = {}): Entry[] =>
    onWallet([
      { type: 'SaleRefunded', data: { ...refundData, ...data } } as DomainEvent,
      { type: 'AuracoinCredited', data: { ...(refunded[1]!.data as object), ...credited } } as DomainEvent,
    ]);

  it('a refund must be followed by its credit: of its amount, its purchased part, naming it, as a refund', () => {
    const followed = (credited: Record<string, unknown>) =>
      problemsOf([...clean, ...withRefund({}, credited), ...onEarnings([clawback])]);
    const problem =
      `${refundId} must be followed by its AuracoinCredited (refund) of 400 units, 400 purchased` +
      ` to the lots ${purchaseId}:400; found AuracoinCredited`;
    expect(followed({})).toEqual([]);
    expect(followed({ amount: 300 })).toContain(problem);
    expect(followed({ purchasedAmount: 300 })).toContain(problem);
    expect(followed({ reference: photoId })).toContain(problem);
    expect(followed({ reason: 'welcome' })).toContain(problem);
    const debitInstead = problemsOf([
      ...clean,
      ...onWallet([
        refunded[0]!,
        {
          type: 'AuracoinDebited',
          data: {
            walletId,
            amount: 400,
            reason: 'refund',
            reference: refundId,
            purchasedAmount: 400,
            promotionalAmount: 0,
            debitedAt: at,
          },
        },
      ]),
      ...onEarnings([clawback]),
    ]);
    expect(debitInstead).toContain(
      `${refundId} must be followed by its AuracoinCredited (refund) of 400 units, 400 purchased to the lots ${purchaseId}:400; found AuracoinDebited`,
    );
  });

  it('finds a refund of no sale of its wallet, kinds not in the sale’s proportion, and a performer who did not sell it', () => {
    expect(problemsOf([...clean, ...withRefund({ saleId: refundId }), ...onEarnings([clawback])])).toContain(
      `refund ${refundId} of photo ${refundId}, which is no sale of this wallet`,
    );
    expect(
      problemsOf([
        ...clean,
        ...withRefund({ purchasedAmount: 300, promotionalAmount: 100 }, { purchasedAmount: 300 }),
        ...onEarnings([clawback]),
      ]),
    ).toContain(`refund ${refundId} gives back 300 purchased units; the sale's proportion gives 400`);
    expect(problemsOf([...clean, ...withRefund({ promotionalAmount: 100 }), ...onEarnings([clawback])])).toContain(
      `refund ${refundId} gives back 400 purchased units; the sale's proportion gives 400`,
    );
    expect(problemsOf([...clean, ...withRefund({ performerId: walletId }), ...onEarnings([clawback])])).toContain(
      `refund ${refundId} names performer ${walletId}, the sale ${performerId}`,
    );
  });

  it('a refund exactly of what is left passes; its clawback recorded twice is found', () => {
    expect(
      problemsOf([
        ...clean,
        ...withRefund(
          { amount: 1000, purchasedAmount: 1000, clawbackCents: 550, lots: [{ purchaseId, units: 1000 }] },
          { amount: 1000, purchasedAmount: 1000, lots: [{ purchaseId, units: 1000 }] },
        ),
        ...onEarnings([{ ...clawback, data: { ...clawback.data, shareCents: 550 } } as DomainEvent]),
      ]),
    ).toEqual([]);
    expect(problemsOf([...clean, ...onWallet(refunded), ...onEarnings([clawback, clawback])])).toEqual([
      `PerformerEarningsClawedBack for ${refundId}:${performerId} recorded twice`,
    ]);
  });

  it('a dispute won releases the held shares: the release is owed, a clawback is not', () => {
    const won = decideUnfreeze({ walletId, disputeId, outcome: 'won' }, fold([...bought, ...frozen]), now);
    const released = disputeEarnings(won[0]!, trace).map((made) => made.event);
    expect(released.map((event) => event.type)).toEqual(['PerformerEarningsReleased']);
    expect(
      problemsOf([...clean, ...onWallet(frozen), ...onEarnings(hold), ...onWallet(won), ...onEarnings(released)]),
    ).toEqual([]);
    expect(problemsOf([...clean, ...onWallet(frozen), ...onEarnings(hold), ...onWallet(won)])).toEqual([
      `${disputeId}:${performerId}:release: 550 cents to record on her earnings (release), never recorded`,
    ]);
    expect(
      problemsOf([...clean, ...onWallet(frozen), ...onEarnings(hold), ...onWallet(won), ...onEarnings(lostShares)]),
    ).toContain(
      `PerformerEarningsClawedBack of 550 cents for ${disputeId}:${performerId}:clawback, which no refund or dispute made`,
    );
  });

  it('finds a double freeze, a trace not the rule’s, an unfreeze without a freeze, a won dispute taking units, a lost one without its chargeback', () => {
    const frozenData = frozen[0]!.data as Record<string, unknown>;
    expect(problemsOf([...clean, ...onWallet([frozen[0]!, frozen[0]!]), ...onEarnings(hold)])).toContain(
      `dispute ${disputeId} froze the wallet twice`,
    );
    const otherTrace = {
      type: 'WalletFrozen',
      data: { ...frozenData, trace: [{ ...trace[0]!, units: 500 }] },
    } as DomainEvent;
    expect(problemsOf([...clean, ...onWallet([otherTrace]), ...onEarnings(hold)])).toContain(
      `dispute ${disputeId}: its trace is not what purchase ${purchaseId}'s units paid for (oldest purchase first)`,
    );
    expect(problemsOf([...clean, ...onWallet(lost)])).toContain(
      `dispute ${disputeId} unfroze a wallet it had not frozen`,
    );
    const wonButTook = {
      type: 'WalletUnfrozen',
      data: { ...(lost[0]!.data as object), outcome: 'won' },
    } as DomainEvent;
    expect(
      problemsOf([...clean, ...onWallet(frozen), ...onEarnings(hold), ...onWallet([wonButTook, lost[1]!])]),
    ).toContain(`dispute ${disputeId} won but removed 1000 units`);
    expect(
      problemsOf([
        ...clean,
        ...onWallet(frozen),
        ...onEarnings(hold),
        ...onWallet([lost[0]!]),
        ...onEarnings(lostShares),
      ]),
    ).toContain(`${disputeId} on wallet ${walletId} is not followed by its AuracoinDebited`);
    expect(problemsOf([...clean, ...onWallet(frozen), ...onEarnings(hold)]).length).toBe(0);
    expect(problemsOf([...clean, ...onWallet(frozen)])).toEqual([
      `${disputeId}:${performerId}:hold: 550 cents to record on her earnings (hold), never recorded`,
    ]);
  });

  it('a frozen wallet may still pay a chargeback and what a hold placed before covers', () => {
    const sessionId = '8b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
    const heldBefore: DomainEvent = {
      type: 'AuracoinHeld',
      data: {
        walletId,
        holdId: sessionId,
        amount: 500,
        reason: 'session',
        purchasedAmount: 500,
        promotionalAmount: 0,
        heldAt: at,
      },
    };
    const paidFromHold = (amount: number): DomainEvent => ({
      type: 'AuracoinDebited',
      data: {
        walletId,
        amount,
        reason: 'session',
        reference: sessionId,
        holdId: sessionId,
        purchasedAmount: amount,
        promotionalAmount: 0,
        debitedAt: at,
      },
    });
    const frozenAfterHold = decideFreeze({ walletId, disputeId, purchaseId }, fold([...bought, heldBefore]), now);
    const holdShares = disputeEarnings(frozenAfterHold[0]!, trace).map((made) => made.event);
    const given = [...clean, ...onWallet([heldBefore, ...frozenAfterHold]), ...onEarnings(holdShares)];
    const spentFrozen = (amount: number) => `a frozen wallet spent ${amount} units on session ${sessionId}`;
    expect(problemsOf([...given, ...onWallet([paidFromHold(500)])])).not.toContain(spentFrozen(500));
    expect(problemsOf([...given, ...onWallet([paidFromHold(501)])])).toContain(spentFrozen(501));
    expect(
      problemsOf([
        ...given,
        ...onWallet([
          { ...paidFromHold(200), data: { ...paidFromHold(200).data, holdId: undefined } } as unknown as DomainEvent,
        ]),
      ]),
    ).toContain(spentFrozen(200));
  });
});

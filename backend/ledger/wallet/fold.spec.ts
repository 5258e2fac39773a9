import {
  adjustmentSplit,
  applyWalletEvent,
  availableBalance,
  balanceDelta,
  emptyWallet,
  foldWallet,
  isFrozen,
  kindsMoved,
  recordedSplit,
  spendableFor,
  walletBalance,
  type WalletTotals,
} from './fold';

const walletId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const holdId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const credit = (amount: number) => ({ type: 'AuracoinCredited', data: { walletId, amount } });
const debit = (amount: number, hold?: string) => ({
  type: 'AuracoinDebited',
  data: { walletId, amount, ...(hold ? { holdId: hold } : {}) },
});
const adjust = (amount: number) => ({ type: 'AuracoinAdjusted', data: { walletId, amount } });
const held = (amount: number, id = holdId) => ({
  type: 'AuracoinHeld',
  data: { walletId, holdId: id, amount, reason: 'session' },
});
const released = (amount: number, id = holdId) => ({
  type: 'AuracoinReleased',
  data: { walletId, holdId: id, amount },
});

describe('wallet fold', () => {
  it('adds credits, subtracts debits, applies signed adjustments', () => {
    expect(walletBalance([credit(1000), debit(300), adjust(-200), adjust(50)])).toBe(550);
  });

  it('keeps credited, debited and adjusted apart and the lowest balance seen', () => {
    expect(
      foldWallet([credit(100), debit(150), credit(100), { type: 'AliasPurchased', data: { amount: 999 } }]),
    ).toEqual({
      balance: 50,
      credited: 200,
      debited: 150,
      adjusted: 0,
      lowest: -50,
      held: 0,
      holds: {},
      purchased: 0,
      promotional: 50,
      lots: [],
      frozen: {},
    });
  });

  it('ignores events that move no money', () => {
    expect(walletBalance([{ type: 'AliasPurchased', data: { price: 5000 } }])).toBe(0);
  });
});

describe('wallet holds', () => {
  it('keeps a hold out of the available balance without moving the balance', () => {
    const totals = foldWallet([credit(1000), held(600)]);
    expect(totals.balance).toBe(1000);
    expect(totals.held).toBe(600);
    expect(availableBalance(totals)).toBe(400);
    expect(spendableFor(totals)).toBe(400);
    expect(spendableFor(totals, holdId)).toBe(1000);
  });

  it('pays a debit naming the hold from the hold first, then from the available balance', () => {
    const totals = foldWallet([credit(1000), held(300), debit(200, holdId), debit(200, holdId)]);
    expect(totals.balance).toBe(600);
    expect(totals.holds[holdId]).toEqual({ amount: 0, reason: 'session', purchased: 0, promotional: 0 });
    expect(availableBalance(totals)).toBe(600);
  });

  it('a debit not naming the hold leaves it alone', () => {
    const totals = foldWallet([credit(1000), held(300), debit(100)]);
    expect(totals.held).toBe(300);
    expect(availableBalance(totals)).toBe(600);
  });

  it('a release closes the hold; a repeated hold or release changes nothing', () => {
    const totals = foldWallet([credit(1000), held(300), held(900), debit(100, holdId), released(200), released(200)]);
    expect(totals.holds).toEqual({});
    expect(totals.held).toBe(0);
    expect(availableBalance(totals)).toBe(900);
  });

  it('adds up several holds', () => {
    const other = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
    expect(foldWallet([credit(1000), held(300), held(200, other)]).held).toBe(500);
  });
});

describe('wallet fold: edges of the one rule', () => {
  const purchaseA = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
  const purchaseB = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
  const bought = (amount: number, purchaseId: string) => ({
    type: 'AuracoinCredited',
    data: { walletId, amount, reason: 'purchase', purchaseId },
  });
  const welcome = (amount: number) => ({ type: 'AuracoinCredited', data: { walletId, amount, reason: 'welcome' } });
  const frozen = (disputeId: string, purchaseId: string, lockedUnits?: number) => ({
    type: 'WalletFrozen',
    data: { walletId, disputeId, purchaseId, ...(lockedUnits === undefined ? {} : { lockedUnits }) },
  });
  const unfrozen = (disputeId: string) => ({ type: 'WalletUnfrozen', data: { walletId, disputeId, outcome: 'won' } });

  it('an event without data or of another kind moves no money', () => {
    expect(balanceDelta({ type: 'AuracoinCredited', data: null })).toBe(0);
    expect(Math.abs(balanceDelta({ type: 'AuracoinDebited', data: undefined }))).toBe(0);
    expect(balanceDelta({ type: 'PhotoPurchased', data: { amount: 500 } })).toBe(0);
    expect(
      foldWallet([
        credit(100),
        { type: 'AuracoinHeld', data: null },
        { type: 'AuracoinAdjusted', data: { walletId, amount: 0 } },
      ]),
    ).toMatchObject({ balance: 100, holds: {}, adjusted: 0 });
    expect(kindsMoved(emptyWallet(), { type: 'AuracoinHeld', data: { amount: 5 } })).toBeUndefined();
  });

  it('a split is what the event recorded only when it recorded both kinds', () => {
    expect(recordedSplit({ type: 'AuracoinDebited', data: { purchasedAmount: 3, promotionalAmount: 2 } })).toEqual({
      purchased: 3,
      promotional: 2,
    });
    expect(recordedSplit({ type: 'AuracoinDebited', data: { purchasedAmount: 3 } })).toBeUndefined();
    expect(recordedSplit({ type: 'AuracoinDebited', data: { promotionalAmount: 2 } })).toBeUndefined();
    expect(recordedSplit({ type: 'AuracoinDebited', data: null })).toBeUndefined();
  });

  it('a debit naming a hold that is not open may spend only the available balance', () => {
    const totals = foldWallet([credit(1000), held(300)]);
    expect(spendableFor(totals, 'not-a-hold')).toBe(700);
    expect(spendableFor(totals, holdId)).toBe(1000);
  });

  it('a purchased debit leaves by the oldest card purchase first', () => {
    const totals = foldWallet([bought(300, purchaseA), bought(500, purchaseB), debit(400)]);
    expect(totals.lots).toEqual([{ purchaseId: purchaseB, units: 400 }]);
    expect(foldWallet([bought(300, purchaseA), bought(500, purchaseB), debit(300)]).lots).toEqual([
      { purchaseId: purchaseB, units: 500 },
    ]);
    expect(foldWallet([bought(300, purchaseA), debit(0)]).lots).toEqual([{ purchaseId: purchaseA, units: 300 }]);
  });

  it('a chargeback takes its units from the disputed purchase’s lot only', () => {
    const chargeback = (amount: number) => ({
      type: 'AuracoinDebited',
      data: {
        walletId,
        amount,
        reason: 'chargeback',
        purchaseId: purchaseB,
        purchasedAmount: amount,
        promotionalAmount: 0,
      },
    });
    expect(foldWallet([bought(300, purchaseA), bought(500, purchaseB), chargeback(200)]).lots).toEqual([
      { purchaseId: purchaseA, units: 300 },
      { purchaseId: purchaseB, units: 300 },
    ]);
    expect(foldWallet([bought(300, purchaseA), bought(500, purchaseB), chargeback(500)]).lots).toEqual([
      { purchaseId: purchaseA, units: 300 },
    ]);
  });

  it('a refund’s credit gives its purchased units back to the lots it names, after the others; a chargeback takes them all', () => {
    const refund = (lots: { purchaseId: string | null; units: number }[], purchasedAmount: number) => ({
      type: 'AuracoinCredited',
      data: {
        walletId,
        amount: 600,
        reason: 'refund',
        purchasedAmount,
        promotionalAmount: 600 - purchasedAmount,
        lots,
      },
    });
    const chargeback = (amount: number) => ({
      type: 'AuracoinDebited',
      data: {
        walletId,
        amount,
        reason: 'chargeback',
        purchaseId: purchaseA,
        purchasedAmount: amount,
        promotionalAmount: 0,
      },
    });
    const given = [bought(300, purchaseA), bought(500, purchaseB), debit(400)];
    const refunded = [
      ...given,
      refund(
        [
          { purchaseId: purchaseA, units: 300 },
          { purchaseId: purchaseB, units: 100 },
        ],
        400,
      ),
    ];
    expect(foldWallet(refunded)).toMatchObject({
      purchased: 800,
      promotional: 200,
      lots: [
        { purchaseId: purchaseB, units: 400 },
        { purchaseId: purchaseA, units: 300, refunded: true },
        { purchaseId: purchaseB, units: 100, refunded: true },
      ],
    });
    // a lost dispute on A takes its units wherever they are, and nothing of another purchase
    expect(foldWallet([...refunded, chargeback(300)]).lots).toEqual([
      { purchaseId: purchaseB, units: 400 },
      { purchaseId: purchaseB, units: 100, refunded: true },
    ]);
    expect(foldWallet([...refunded, chargeback(400)]).lots).toEqual([
      { purchaseId: purchaseB, units: 400 },
      { purchaseId: purchaseB, units: 100, refunded: true },
    ]);
    // lots naming fewer units than the credit's purchased part: the rest is of no purchase; more: only the part
    expect(foldWallet([...given, refund([{ purchaseId: purchaseA, units: 100 }], 300)]).lots).toEqual([
      { purchaseId: purchaseB, units: 400 },
      { purchaseId: purchaseA, units: 100, refunded: true },
      { purchaseId: null, units: 200, refunded: true },
    ]);
    expect(
      foldWallet([
        ...given,
        refund(
          [
            { purchaseId: purchaseA, units: 500 },
            { purchaseId: purchaseB, units: 1 },
          ],
          300,
        ),
      ]).lots,
    ).toEqual([
      { purchaseId: purchaseB, units: 400 },
      { purchaseId: purchaseA, units: 300, refunded: true },
    ]);
    // a refund recorded before refunds named their lots: of no purchase
    expect(
      foldWallet([...given, { type: 'AuracoinCredited', data: { walletId, amount: 100, reason: 'refund' } }]).lots,
    ).toEqual([
      { purchaseId: purchaseB, units: 400 },
      { purchaseId: null, units: 100 },
    ]);
  });

  it('an admin’s decrease takes the promotional units a hold does not keep, then purchased ones', () => {
    const heldPromotional = {
      type: 'AuracoinHeld',
      data: { walletId, holdId, amount: 300, reason: 'session', purchasedAmount: 0, promotionalAmount: 300 },
    };
    const totals = foldWallet([bought(1000, purchaseA), welcome(500), heldPromotional]);
    expect(adjustmentSplit(totals, -400)).toEqual({ purchased: -200, promotional: -200 });
    expect(adjustmentSplit(totals, 250)).toEqual({ purchased: 0, promotional: 250 });
  });

  it('a wallet is frozen while a dispute is open, once per dispute, and unfrozen when it closes', () => {
    const disputeA = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
    const disputeB = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
    const once = foldWallet([credit(100), frozen(disputeA, purchaseA, 50), frozen(disputeA, purchaseB, 70)]);
    expect(once.frozen).toEqual({ [disputeA]: { purchaseId: purchaseA, lockedUnits: 50 } });
    expect(isFrozen(once)).toBe(true);
    expect(foldWallet([frozen(disputeA, purchaseA)]).frozen).toEqual({
      [disputeA]: { purchaseId: purchaseA, lockedUnits: 0 },
    });
    const two = foldWallet([frozen(disputeA, purchaseA, 50), frozen(disputeB, purchaseB, 10), unfrozen(disputeA)]);
    expect(two.frozen).toEqual({ [disputeB]: { purchaseId: purchaseB, lockedUnits: 10 } });
    expect(isFrozen(foldWallet([frozen(disputeA, purchaseA), unfrozen(disputeA)]))).toBe(false);
    expect(foldWallet([frozen(disputeA, purchaseA), unfrozen(disputeB)]).frozen).toHaveProperty(disputeA);
    expect(foldWallet([{ type: 'WalletFrozen', data: { walletId, purchaseId: purchaseA } }]).frozen).toEqual({});
    expect(
      foldWallet([frozen(disputeA, purchaseA), { type: 'WalletUnfrozen', data: { walletId } }]).frozen,
    ).toHaveProperty(disputeA);
  });

  it('a wallet folded before disputes existed is not frozen, and a freeze still applies to it', () => {
    const stored = { ...emptyWallet(), frozen: undefined } as unknown as WalletTotals;
    expect(isFrozen(stored)).toBe(false);
    expect(applyWalletEvent(stored, frozen('6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f', purchaseA, 5)).frozen).toEqual({
      '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f': { purchaseId: purchaseA, lockedUnits: 5 },
    });
    expect(applyWalletEvent(stored, unfrozen('x')).frozen).toBeUndefined();
  });

  it('a debit naming a closed hold is paid from the available balance, purchased units first', () => {
    const totals = foldWallet([bought(500, purchaseA), welcome(500), held(300), released(300), debit(200, holdId)]);
    expect(totals).toMatchObject({ balance: 800, held: 0, holds: {}, purchased: 300, promotional: 500 });
  });

  it('a hold that says no reason is kept with an empty one', () => {
    expect(
      foldWallet([credit(1000), { type: 'AuracoinHeld', data: { walletId, holdId, amount: 300 } }]).holds[holdId],
    ).toMatchObject({ amount: 300, reason: '' });
  });
});

import { availableBalance, foldWallet, spendableFor, walletBalance } from './fold';

const walletId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const holdId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const credit = (amount: number) => ({ type: 'AuracoinCredited', data: { walletId, amount } });
const debit = (amount: number, hold?: string) => ({ type: 'AuracoinDebited', data: { walletId, amount, ...(hold ? { holdId: hold } : {}) } });
const adjust = (amount: number) => ({ type: 'AuracoinAdjusted', data: { walletId, amount } });
const held = (amount: number, id = holdId) => ({ type: 'AuracoinHeld', data: { walletId, holdId: id, amount, reason: 'session' } });
const released = (amount: number, id = holdId) => ({ type: 'AuracoinReleased', data: { walletId, holdId: id, amount } });

describe('wallet fold', () => {
  it('adds credits, subtracts debits, applies signed adjustments', () => {
    expect(walletBalance([credit(1000), debit(300), adjust(-200), adjust(50)])).toBe(550);
  });

  it('keeps credited, debited and adjusted apart and the lowest balance seen', () => {
    expect(foldWallet([credit(100), debit(150), credit(100), { type: 'AliasPurchased', data: { amount: 999 } }])).toEqual({
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

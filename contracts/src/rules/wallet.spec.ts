import { foldWallet, walletBalance } from './wallet';

const walletId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const credit = (amount: number) => ({ type: 'AuracoinCredited', data: { walletId, amount } });
const debit = (amount: number) => ({ type: 'AuracoinDebited', data: { walletId, amount } });
const adjust = (amount: number) => ({ type: 'AuracoinAdjusted', data: { walletId, amount } });

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
    });
  });

  it('ignores events that move no money', () => {
    expect(walletBalance([{ type: 'AliasPurchased', data: { price: 5000 } }])).toBe(0);
  });
});

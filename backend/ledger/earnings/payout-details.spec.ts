import type { DomainEvent } from '@aura/contracts';
import { detailsInForce, payoutDetails, type DetailsChange } from './payout-details';

const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const change = (iban: string, effectiveFrom: string): DetailsChange => ({
  performerId,
  holderName: 'Aurora Bianchi',
  method: 'iban',
  iban,
  cardReference: null,
  masked: iban,
  changedAt: effectiveFrom,
  effectiveFrom,
});
const fold = (events: DomainEvent[]) => events.reduce(payoutDetails.evolve, payoutDetails.initialState());
const changed = (data: DetailsChange): DomainEvent => ({ type: 'PayoutDetailsChanged', data });

describe('the payout details in force', () => {
  const first = change('IT1', '2026-11-02T10:00:00.000Z');
  const second = change('IT2', '2026-11-09T23:00:00.000Z');
  const third = change('IT3', '2026-11-16T23:00:00.000Z');
  const state = fold([changed(first), changed(second), changed(third)]);

  it('are the newest change effective by then, from the instant it takes effect', () => {
    expect(detailsInForce(state, new Date('2026-11-20T10:00:00.000Z'))).toEqual(third);
    expect(detailsInForce(state, new Date('2026-11-16T23:00:00.000Z'))).toEqual(third);
    expect(detailsInForce(state, new Date('2026-11-16T22:59:59.999Z'))).toEqual(second);
  });

  it('before her first details took effect, are those first details; without any, none', () => {
    expect(detailsInForce(state, new Date('2026-11-01T10:00:00.000Z'))).toEqual(first);
    expect(detailsInForce(fold([]), new Date('2026-11-01T10:00:00.000Z'))).toBeNull();
  });

  it('change only with a change of details', () => {
    const other: DomainEvent = {
      type: 'AuracoinCredited',
      data: { walletId: performerId, amount: 1, reason: 'purchase', creditedAt: '2026-11-20T10:00:00.000Z' },
    };
    expect(payoutDetails.evolve(state, other)).toBe(state);
  });
});

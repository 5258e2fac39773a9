import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../platform/testing/decider-spec';
import { decideChangeDetails, detailsInForce, payoutDetails } from './details';

const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const wednesday = new Date('2026-11-18T10:00:00.000Z');
const spec = deciderSpec(payoutDetails);
const ibanBody = { method: 'iban' as const, holderName: 'Aurora Bianchi', iban: 'IT60X0542811101000000123456' };
const changed: DomainEvent = {
  type: 'PayoutDetailsChanged',
  data: {
    performerId,
    holderName: 'Aurora Bianchi',
    method: 'iban',
    iban: 'IT60X0542811101000000123456',
    cardReference: null,
    masked: 'IT60 •••• 3456',
    changedAt: wednesday.toISOString(),
    effectiveFrom: '2026-11-22T23:00:00.000Z',
  },
};

describe('payout details decider', () => {
  it('records the change, masked, effective from the next Monday 00:00 Rome', () => {
    spec.given([]).when((s) => decideChangeDetails(performerId, ibanBody, s, wednesday)).then([changed]);
  });

  it('the same details again change nothing; a card reference is a change', () => {
    spec.given([changed]).when((s) => decideChangeDetails(performerId, ibanBody, s, wednesday)).then([]);
    spec.given([changed]).when((s) => decideChangeDetails(performerId, { method: 'card', holderName: 'Aurora Bianchi', cardReference: 'card_1N4x9Q2eZvKYlo2C' }, s, wednesday)).then([
      { type: 'PayoutDetailsChanged', data: { ...changed.data, method: 'card', iban: null, cardReference: 'card_1N4x9Q2eZvKYlo2C', masked: 'Carta •••• lo2C' } } as DomainEvent,
    ]);
  });

  it('refuses an IBAN with a wrong checksum', () => {
    spec.given([]).when((s) => decideChangeDetails(performerId, { ...ibanBody, iban: 'IT61X0542811101000000123456' }, s, wednesday)).thenThrows('validation_failed');
  });

  it('pays the week it was changed in with the details before, the next week with the new ones', () => {
    const state = [changed].reduce(payoutDetails.evolve, payoutDetails.initialState());
    expect(detailsInForce(state, new Date('2026-11-22T22:59:59.999Z'))).toBeNull();
    expect(detailsInForce(state, new Date('2026-11-29T22:59:59.999Z'))?.masked).toBe('IT60 •••• 3456');
  });
});

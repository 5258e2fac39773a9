import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { decideChangeDetails, detailsInForce, payoutDetails } from './details';

const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const wednesday = new Date('2026-11-18T10:00:00.000Z');
const spec = deciderSpec(payoutDetails);
const ibanBody = { method: 'iban' as const, holderName: 'Aurora Bianchi', iban: 'IT60X0542811101000000123456' };
const newBank = { method: 'iban' as const, holderName: 'Aurora Bianchi', iban: 'GB82 WEST 1234 5698 7654 32' };
const first: DomainEvent = {
  type: 'PayoutDetailsChanged',
  data: {
    performerId,
    holderName: 'Aurora Bianchi',
    method: 'iban',
    iban: 'IT60X0542811101000000123456',
    cardReference: null,
    masked: 'IT60 •••• 3456',
    changedAt: '2026-11-11T10:00:00.000Z',
    effectiveFrom: '2026-11-11T10:00:00.000Z',
  },
};
const changed: DomainEvent = {
  type: 'PayoutDetailsChanged',
  data: {
    performerId,
    holderName: 'Aurora Bianchi',
    method: 'iban',
    iban: 'GB82WEST12345698765432',
    cardReference: null,
    masked: 'GB82 •••• 5432',
    changedAt: wednesday.toISOString(),
    effectiveFrom: '2026-11-22T23:00:00.000Z',
  },
};

describe('payout details decider', () => {
  it('her first details apply at once: there is nothing to redirect', () => {
    spec
      .given([])
      .when((s) => decideChangeDetails(performerId, ibanBody, s, new Date('2026-11-11T10:00:00.000Z')))
      .then([first]);
  });

  it('records a later change, masked, effective from the next Monday 00:00 Rome', () => {
    spec
      .given([first])
      .when((s) => decideChangeDetails(performerId, newBank, s, wednesday))
      .then([changed]);
  });

  it('the same details again change nothing; a card reference is a change', () => {
    spec
      .given([first, changed])
      .when((s) => decideChangeDetails(performerId, newBank, s, wednesday))
      .then([]);
    spec
      .given([first, changed])
      .when((s) =>
        decideChangeDetails(
          performerId,
          { method: 'card', holderName: 'Aurora Bianchi', cardReference: 'card_1N4x9Q2eZvKYlo2C' },
          s,
          wednesday,
        ),
      )
      .then([
        {
          type: 'PayoutDetailsChanged',
          data: {
            ...changed.data,
            method: 'card',
            iban: null,
            cardReference: 'card_1N4x9Q2eZvKYlo2C',
            masked: 'Carta •••• lo2C',
          },
        } as DomainEvent,
      ]);
  });

  it('refuses an IBAN with a wrong checksum', () => {
    spec
      .given([])
      .when((s) => decideChangeDetails(performerId, { ...ibanBody, iban: 'IT61X0542811101000000123456' }, s, wednesday))
      .thenThrows('iban_invalid');
  });

  it('pays the week it was changed in with the details before, the next week with the new ones', () => {
    const state = [first, changed].reduce(payoutDetails.evolve, payoutDetails.initialState());
    expect(detailsInForce(state, new Date('2026-11-22T22:59:59.999Z'))?.masked).toBe('IT60 •••• 3456');
    expect(detailsInForce(state, new Date('2026-11-29T22:59:59.999Z'))?.masked).toBe('GB82 •••• 5432');
  });

  it('her first details pay the weeks before them too; none at all, none in force', () => {
    const state = [first].reduce(payoutDetails.evolve, payoutDetails.initialState());
    expect(detailsInForce(state, new Date('2026-11-08T22:59:59.999Z'))?.masked).toBe('IT60 •••• 3456');
    expect(detailsInForce(payoutDetails.initialState(), new Date('2026-11-29T22:59:59.999Z'))).toBeNull();
  });
});

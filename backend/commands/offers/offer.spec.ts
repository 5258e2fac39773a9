import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { decideCreateOffer, decideEndOffer, offer } from './offer';

const now = new Date('2026-11-20T10:00:00.000Z');
const offerId = '2d9e6f3a-0b9c-4a85-9c73-7c6e3d4f5a61';
const adminId = 'admin-1';
const created: DomainEvent = {
  type: 'OfferCreated',
  data: {
    offerId,
    bonusPercent: 20,
    startsAt: now.toISOString(),
    endsAt: '2026-11-20T12:00:00.000Z',
    createdBy: adminId,
    createdAt: now.toISOString(),
  },
};

describe('offer decider', () => {
  const spec = deciderSpec(offer);

  it('starts an offer ending after its duration', () => {
    spec
      .given([])
      .when((state) =>
        decideCreateOffer({ offerId, bonusPercent: 20, durationMinutes: 120, createdBy: adminId }, state, now),
      )
      .then([created]);
  });

  it('holds every package on sale to the price floor with its bonus on top (issue 38 item 4)', () => {
    const atFloor = { credits: 85, bonus: 0, priceCents: 4_000 };
    const command = { offerId, bonusPercent: 20, durationMinutes: 120, createdBy: adminId };
    spec
      .given([])
      .when((state) => decideCreateOffer({ ...command, floor: { floorEur: 0.4, packages: [atFloor] } }, state, now))
      .thenThrows('price_below_floor');
    spec
      .given([])
      .when((state) => decideCreateOffer({ ...command, floor: { floorEur: 0.3, packages: [atFloor] } }, state, now))
      .then([created]);
  });

  it('refuses a bonus out of range and a second creation', () => {
    spec
      .given([])
      .when((state) =>
        decideCreateOffer({ offerId, bonusPercent: 0, durationMinutes: 120, createdBy: adminId }, state, now),
      )
      .thenThrows('validation_failed');
    spec
      .given([created])
      .when((state) =>
        decideCreateOffer({ offerId, bonusPercent: 20, durationMinutes: 120, createdBy: adminId }, state, now),
      )
      .thenThrows('conflict');
  });

  it('ends a running offer once', () => {
    const ended: DomainEvent = { type: 'OfferEnded', data: { offerId, endedBy: adminId, endedAt: now.toISOString() } };
    spec
      .given([created])
      .when((state) => decideEndOffer({ offerId, endedBy: adminId }, state, now))
      .then([ended]);
    spec
      .given([created, ended])
      .when((state) => decideEndOffer({ offerId, endedBy: adminId }, state, now))
      .thenThrows('offer_ended');
  });

  it('cannot end an unknown or expired offer', () => {
    spec
      .given([])
      .when((state) => decideEndOffer({ offerId, endedBy: adminId }, state, now))
      .thenThrows('not_found');
    spec
      .given([created])
      .when((state) => decideEndOffer({ offerId, endedBy: adminId }, state, new Date('2026-11-20T13:00:00.000Z')))
      .thenThrows('offer_ended');
  });
});

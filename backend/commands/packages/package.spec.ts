import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { auracoinPackage, decideCreatePackage, decideDeletePackage, decideUpdatePackage } from './package';

const now = new Date('2026-11-20T10:00:00.000Z');
const at = now.toISOString();
const packageId = '3f0e8a52-0c6b-4c1e-9d7a-2b5f6e1a9c40';
const adminId = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const terms = { credits: 100, bonus: 10, priceCents: 9900, popular: false };
const created: DomainEvent = {
  type: 'PackageCreated',
  data: { packageId, ...terms, createdBy: adminId, createdAt: at },
};
const deleted: DomainEvent = { type: 'PackageDeleted', data: { packageId, deletedBy: adminId, deletedAt: at } };

describe('package decider', () => {
  const spec = deciderSpec(auracoinPackage);

  it('creates a package naming the admin', () => {
    spec
      .given([])
      .when((state) => decideCreatePackage({ packageId, ...terms, createdBy: adminId }, state, now))
      .then([created]);
  });
  it('refuses terms under the price floor at the top tier with the running offer (issue 38 item 4)', () => {
    const atFloor = { ...terms, credits: 85, bonus: 0, priceCents: 4_000 };
    spec
      .given([])
      .when((state) =>
        decideCreatePackage({ packageId, ...atFloor, floor: { floorEur: 0.4, offerBonusPercent: 1 } }, state, now),
      )
      .thenThrows('price_below_floor');
    spec
      .given([created])
      .when((state) =>
        decideUpdatePackage({ ...atFloor, adminId, floor: { floorEur: 0.4, offerBonusPercent: 1 } }, state, now),
      )
      .thenThrows('price_below_floor');
    spec
      .given([])
      .when((state) =>
        decideCreatePackage({ packageId, ...atFloor, floor: { floorEur: 0.4, offerBonusPercent: 0 } }, state, now),
      )
      .then([{ type: 'PackageCreated', data: { packageId, ...atFloor, createdAt: at } }]);
  });

  it('refuses to create the same package twice', () => {
    spec
      .given([created])
      .when((state) => decideCreatePackage({ packageId, ...terms }, state, now))
      .thenThrows('conflict');
  });
  it('updates every field, naming the admin', () => {
    spec
      .given([created])
      .when((state) =>
        decideUpdatePackage({ credits: 250, bonus: 0, priceCents: 20000, popular: true, adminId }, state, now),
      )
      .then([
        {
          type: 'PackageUpdated',
          data: {
            packageId,
            credits: 250,
            bonus: 0,
            priceCents: 20000,
            popular: true,
            updatedBy: adminId,
            updatedAt: at,
          },
        },
      ]);
  });
  it('deletes a package, naming the admin', () => {
    spec
      .given([created])
      .when((state) => decideDeletePackage({ adminId }, state, now))
      .then([deleted]);
  });
  it('answers not found for an unknown or deleted package', () => {
    spec
      .given([])
      .when((state) => decideUpdatePackage({ ...terms, adminId }, state, now))
      .thenThrows('not_found');
    spec
      .given([created, deleted])
      .when((state) => decideUpdatePackage({ ...terms, adminId }, state, now))
      .thenThrows('not_found');
    spec
      .given([created, deleted])
      .when((state) => decideDeletePackage({ adminId }, state, now))
      .thenThrows('not_found');
  });
});

import type { DomainEvent } from '@aura/contracts';
import { evolvePackage, type PackageDoc } from './projection';
import { toPackageView } from './queries';

const packageId = '3f0e8a52-0c6b-4c1e-9d7a-2b5f6e1a9c40';
const adminId = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const created: DomainEvent = {
  type: 'PackageCreated',
  data: { packageId, credits: 100, bonus: 10, priceCents: 9900, popular: false, createdAt: '2026-11-20T10:00:00.000Z' },
};
const updated: DomainEvent = {
  type: 'PackageUpdated',
  data: {
    packageId,
    credits: 200,
    bonus: 0,
    priceCents: 15000,
    popular: true,
    updatedBy: adminId,
    updatedAt: '2026-11-21T10:00:00.000Z',
  },
};
const deleted: DomainEvent = {
  type: 'PackageDeleted',
  data: { packageId, deletedBy: adminId, deletedAt: '2026-11-22T10:00:00.000Z' },
};
const replay = (events: DomainEvent[]) => events.reduce<PackageDoc | null>(evolvePackage, null);

describe('packages read model', () => {
  it('records a created package and answers its price in euro', () => {
    const doc = replay([created]);
    expect(doc).toEqual({
      _id: packageId,
      credits: 100,
      bonus: 10,
      priceCents: 9900,
      popular: false,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    expect(toPackageView(doc!)).toEqual({ id: packageId, credits: 100, bonus: 10, price: 99, popular: false });
  });

  it('replaces every field on an update and keeps the creation date', () => {
    expect(replay([created, updated])).toEqual({
      _id: packageId,
      credits: 200,
      bonus: 0,
      priceCents: 15000,
      popular: true,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('removes a deleted package, and an update met after a deletion stands on its own', () => {
    expect(replay([created, deleted])).toBeNull();
    expect(replay([updated])?.credits).toBe(200);
  });
});

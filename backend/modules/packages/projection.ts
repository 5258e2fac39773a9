import type { DomainEvent } from '@aura/contracts';
import { docProjection } from '../../platform/projections/doc-projection';

export const PACKAGES = 'packages';

export type PackageDoc = {
  _id: string;
  credits: number;
  bonus: number;
  /** euro cents, as the events carry it */
  priceCents: number;
  popular: boolean;
  createdAt: string;
};

export function evolvePackage(doc: PackageDoc | null, event: DomainEvent): PackageDoc | null {
  switch (event.type) {
    case 'PackageCreated':
      return {
        _id: event.data.packageId,
        credits: event.data.credits,
        bonus: event.data.bonus,
        priceCents: event.data.priceCents,
        popular: event.data.popular,
        createdAt: event.data.createdAt,
      };
    case 'PackageUpdated':
      // the event carries every field, so it stands on its own even after a crash left no doc
      return {
        _id: event.data.packageId,
        credits: event.data.credits,
        bonus: event.data.bonus,
        priceCents: event.data.priceCents,
        popular: event.data.popular,
        createdAt: doc?.createdAt ?? event.data.updatedAt,
      };
    case 'PackageDeleted':
      return null;
    default:
      return doc;
  }
}

export const packagesProjection = docProjection<PackageDoc>({
  name: PACKAGES,
  collection: PACKAGES,
  eventTypes: ['PackageCreated', 'PackageUpdated', 'PackageDeleted'],
  documentId(event) {
    switch (event.type) {
      case 'PackageCreated':
      case 'PackageUpdated':
      case 'PackageDeleted':
        return event.data.packageId;
      default:
        return undefined;
    }
  },
  evolve: evolvePackage,
  indexes: [{ keys: { credits: 1 }, options: { name: 'by_credits' } }],
});

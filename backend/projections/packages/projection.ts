import type { DomainEvent } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';

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
    case 'PackageUpdated': {
      // an update carries every field, so it stands on its own even after a crash left no doc
      const { packageId, credits, bonus, priceCents, popular } = event.data;
      const createdAt =
        event.type === 'PackageCreated' ? event.data.createdAt : (doc?.createdAt ?? event.data.updatedAt);
      return { _id: packageId, credits, bonus, priceCents, popular, createdAt };
    }
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

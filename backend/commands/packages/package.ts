import { belowPriceFloor, worstCaseEurPerAuracoin, type DomainEvent } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

export type AuracoinPackage =
  { status: 'none' } | { status: 'listed'; packageId: string } | { status: 'deleted'; packageId: string };

export const auracoinPackage: Aggregate<AuracoinPackage> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'PackageCreated':
        return { status: 'listed', packageId: event.data.packageId };
      case 'PackageDeleted':
        return { status: 'deleted', packageId: event.data.packageId };
      default:
        return state;
    }
  },
};

/** Every command of a package goes through this handler. */
export const handlePackage = commandHandler(auracoinPackage);

export interface PackageTerms {
  credits: number;
  bonus: number;
  /** euro cents */
  priceCents: number;
  popular: boolean;
}

/**
 * The price floor a package is held to (contracts/src/rules/price-floor.ts): the floor, euro per
 * auracoin, and the bonus of the most generous offer running now. A route always passes it; the
 * demo seed, which is code and no one's request, does not.
 */
export interface PriceFloor {
  floorEur: number;
  offerBonusPercent: number;
}

/** Refuses terms that would sell an auracoin under the floor in the worst case (400 `price_below_floor`). */
export function assertAboveFloor(terms: PackageTerms, floor: PriceFloor | undefined) {
  if (!floor || !belowPriceFloor(terms, floor.offerBonusPercent, floor.floorEur)) return;
  throw new DomainError('price_below_floor', {
    worstEurPerAuracoin: worstCaseEurPerAuracoin(terms, floor.offerBonusPercent),
    floorEur: floor.floorEur,
  });
}

export interface CreatePackage extends PackageTerms {
  packageId: string;
  createdBy?: string;
  floor?: PriceFloor;
}

export function decideCreatePackage(command: CreatePackage, state: AuracoinPackage, now: Date): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict');
  const { floor, ...data } = command;
  assertAboveFloor(data, floor);
  return [{ type: 'PackageCreated', data: { ...data, createdAt: now.toISOString() } }];
}

function listed(state: AuracoinPackage) {
  if (state.status !== 'listed') throw new DomainError('not_found');
  return state;
}

/** The event carries every field as it now stands, so the read model needs nothing earlier. */
export function decideUpdatePackage(
  command: PackageTerms & { adminId: string; floor?: PriceFloor },
  state: AuracoinPackage,
  now: Date,
): DomainEvent[] {
  const { packageId } = listed(state);
  const { adminId, floor, ...terms } = command;
  assertAboveFloor(terms, floor);
  return [{ type: 'PackageUpdated', data: { packageId, ...terms, updatedBy: adminId, updatedAt: now.toISOString() } }];
}

export function decideDeletePackage(command: { adminId: string }, state: AuracoinPackage, now: Date): DomainEvent[] {
  const { packageId } = listed(state);
  return [{ type: 'PackageDeleted', data: { packageId, deletedBy: command.adminId, deletedAt: now.toISOString() } }];
}

import type { DomainEvent } from '@aura/contracts';
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

export interface CreatePackage extends PackageTerms {
  packageId: string;
  createdBy?: string;
}

export function decideCreatePackage(command: CreatePackage, state: AuracoinPackage, now: Date): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict', 'Pacchetto già esistente');
  return [{ type: 'PackageCreated', data: { ...command, createdAt: now.toISOString() } }];
}

function listed(state: AuracoinPackage) {
  if (state.status !== 'listed') throw new DomainError('not_found', 'Pacchetto non trovato');
  return state;
}

/** The event carries every field as it now stands, so the read model needs nothing earlier. */
export function decideUpdatePackage(
  command: PackageTerms & { adminId: string },
  state: AuracoinPackage,
  now: Date,
): DomainEvent[] {
  const { packageId } = listed(state);
  const { adminId, ...terms } = command;
  return [{ type: 'PackageUpdated', data: { packageId, ...terms, updatedBy: adminId, updatedAt: now.toISOString() } }];
}

export function decideDeletePackage(command: { adminId: string }, state: AuracoinPackage, now: Date): DomainEvent[] {
  const { packageId } = listed(state);
  return [{ type: 'PackageDeleted', data: { packageId, deletedBy: command.adminId, deletedAt: now.toISOString() } }];
}

import type { DomainEvent } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { Aggregate } from '../../platform/eventstore/handle-command';

export type AuracoinPackage = { status: 'none' } | { status: 'listed'; packageId: string };

export const auracoinPackage: Aggregate<AuracoinPackage> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'PackageCreated') return { status: 'listed', packageId: event.data.packageId };
    return state;
  },
};

export interface CreatePackage {
  packageId: string;
  credits: number;
  bonus: number;
  priceCents: number;
  popular: boolean;
  createdBy?: string;
}

export function decideCreatePackage(command: CreatePackage, state: AuracoinPackage, now: Date): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict', 'Pacchetto già esistente');
  return [{ type: 'PackageCreated', data: { ...command, createdAt: now.toISOString() } }];
}

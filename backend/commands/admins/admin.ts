import type { DomainEvent } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { Aggregate } from '../../platform/eventstore/handle-command';

export type Admin = { status: 'none' } | { status: 'active'; adminId: string; role: 'admin' | 'superadmin' };

export const admin: Aggregate<Admin> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'AdminCreated') return { status: 'active', adminId: event.data.adminId, role: event.data.role };
    return state;
  },
};

export interface CreateAdmin {
  adminId: string;
  fullName: string;
  username: string;
  email: string;
  passwordHash: string;
  role: 'admin' | 'superadmin';
  createdBy?: string;
}

export function decideCreateAdmin(command: CreateAdmin, state: Admin, now: Date): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict', 'Admin già esistente');
  return [{ type: 'AdminCreated', data: { ...command, email: command.email.toLowerCase(), createdAt: now.toISOString() } }];
}

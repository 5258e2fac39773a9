import type { AdminRole, DomainEvent } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

export type Admin =
  | { status: 'none' }
  | { status: 'deleted'; adminId: string; username: string }
  | { status: 'listed'; adminId: string; username: string; role: AdminRole; isActive: boolean };

export const admin: Aggregate<Admin> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'AdminCreated':
        return {
          status: 'listed',
          adminId: event.data.adminId,
          username: event.data.username,
          role: event.data.role,
          isActive: true,
        };
      case 'AdminActivated':
        return state.status === 'listed' ? { ...state, isActive: true } : state;
      case 'AdminDeactivated':
        return state.status === 'listed' ? { ...state, isActive: false } : state;
      case 'AdminDeleted':
        return state.status === 'listed'
          ? { status: 'deleted', adminId: state.adminId, username: state.username }
          : state;
      default:
        return state;
    }
  },
};

/** Every command of an admin goes through this handler. */
export const handleAdmin = commandHandler(admin);

/** Who is acting: every admin command carries the acting admin's id into its events. */
export interface Actor {
  id: string;
  role: AdminRole;
}

export interface CreateAdmin {
  adminId: string;
  fullName: string;
  username: string;
  email: string;
  passwordHash: string;
  role: AdminRole;
  createdBy?: string;
}

/** `actor` is absent only for the superadmin the first start creates. */
export function decideCreateAdmin(command: CreateAdmin, state: Admin, now: Date, actor?: Actor): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict');
  if (actor && command.role === 'superadmin' && actor.role !== 'superadmin') {
    throw new DomainError('superadmin_only');
  }
  const data = { ...command, email: command.email.toLowerCase(), createdAt: now.toISOString() };
  if (actor) data.createdBy = actor.id;
  return [{ type: 'AdminCreated', data }];
}

function listed(state: Admin): Extract<Admin, { status: 'listed' }> {
  if (state.status !== 'listed') throw new DomainError('not_found');
  return state;
}

/** Activate or disable. Repeating the current state writes nothing. */
export function decideSetAdminActive(
  command: { isActive: boolean },
  state: Admin,
  now: Date,
  actor: Actor,
): DomainEvent[] {
  const target = listed(state);
  if (target.isActive === command.isActive) return [];
  if (target.adminId === actor.id) throw new DomainError('admin_self');
  if (target.role === 'superadmin' && actor.role !== 'superadmin') {
    throw new DomainError('superadmin_only');
  }
  const data = { adminId: target.adminId, by: actor.id, at: now.toISOString() };
  return [command.isActive ? { type: 'AdminActivated', data } : { type: 'AdminDeactivated', data }];
}

export function decideDeleteAdmin(state: Admin, now: Date, actor: Actor): DomainEvent[] {
  const target = listed(state);
  if (target.role === 'superadmin') throw new DomainError('superadmin_undeletable');
  if (target.adminId === actor.id) throw new DomainError('admin_self');
  return [{ type: 'AdminDeleted', data: { adminId: target.adminId, by: actor.id, at: now.toISOString() } }];
}

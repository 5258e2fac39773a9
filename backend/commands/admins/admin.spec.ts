import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { admin, decideCreateAdmin, decideDeleteAdmin, decideSetAdminActive, type Actor } from './admin';
import { actingAdmin, maySignIn } from './policy';

const now = new Date('2026-11-20T10:00:00.000Z');
const at = now.toISOString();
const adminId = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const superId = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const otherId = '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b';
const superadmin: Actor = { id: superId, role: 'superadmin' };
const plainAdmin: Actor = { id: otherId, role: 'admin' };
const command = {
  adminId,
  fullName: 'Anna Rossi',
  username: 'anna',
  email: 'Anna@Example.com',
  passwordHash: 'hash',
  role: 'admin' as const,
};
const created = (role: 'admin' | 'superadmin' = 'admin'): DomainEvent => ({
  type: 'AdminCreated',
  data: { ...command, role, email: 'anna@example.com', createdBy: superId, createdAt: at },
});
const deactivated: DomainEvent = { type: 'AdminDeactivated', data: { adminId, by: superId, at } };

describe('admin decider', () => {
  const spec = deciderSpec(admin);

  describe('create', () => {
    it('records the acting admin and a lower-cased email', () => {
      spec
        .given([])
        .when((state) => decideCreateAdmin(command, state, now, superadmin))
        .then([created()]);
    });
    it('creates the first-start superadmin without an actor', () => {
      spec
        .given([])
        .when((state) => decideCreateAdmin({ ...command, role: 'superadmin' }, state, now))
        .then([
          { type: 'AdminCreated', data: { ...command, role: 'superadmin', email: 'anna@example.com', createdAt: at } },
        ]);
    });
    it('refuses a superadmin created by a plain admin', () => {
      spec
        .given([])
        .when((state) => decideCreateAdmin({ ...command, role: 'superadmin' }, state, now, plainAdmin))
        .thenThrows('superadmin_only');
    });
    it('refuses to create the same admin twice', () => {
      spec
        .given([created()])
        .when((state) => decideCreateAdmin(command, state, now, superadmin))
        .thenThrows('conflict');
    });
  });

  describe('activate and disable', () => {
    it('disables an active admin, naming the actor', () => {
      spec
        .given([created()])
        .when((state) => decideSetAdminActive({ isActive: false }, state, now, plainAdmin))
        .then([{ type: 'AdminDeactivated', data: { adminId, by: otherId, at } }]);
    });
    it('activates a disabled admin', () => {
      spec
        .given([created(), deactivated])
        .when((state) => decideSetAdminActive({ isActive: true }, state, now, superadmin))
        .then([{ type: 'AdminActivated', data: { adminId, by: superId, at } }]);
    });
    it('writes nothing when the state is already the asked one', () => {
      spec
        .given([created()])
        .when((state) => decideSetAdminActive({ isActive: true }, state, now, superadmin))
        .then([]);
    });
    it('refuses to disable oneself', () => {
      spec
        .given([created()])
        .when((state) => decideSetAdminActive({ isActive: false }, state, now, { id: adminId, role: 'admin' }))
        .thenThrows('admin_self');
    });
    it('lets only a superadmin disable a superadmin', () => {
      spec
        .given([created('superadmin')])
        .when((state) => decideSetAdminActive({ isActive: false }, state, now, plainAdmin))
        .thenThrows('superadmin_only');
      spec
        .given([created('superadmin')])
        .when((state) => decideSetAdminActive({ isActive: false }, state, now, superadmin))
        .then([{ type: 'AdminDeactivated', data: { adminId, by: superId, at } }]);
    });
    it('answers not found for an unknown or deleted admin', () => {
      spec
        .given([])
        .when((state) => decideSetAdminActive({ isActive: false }, state, now, superadmin))
        .thenThrows('not_found');
      spec
        .given([created(), { type: 'AdminDeleted', data: { adminId, by: superId, at } }])
        .when((state) => decideSetAdminActive({ isActive: true }, state, now, superadmin))
        .thenThrows('not_found');
    });
  });

  describe('delete', () => {
    it('deletes an admin, naming the actor', () => {
      spec
        .given([created(), deactivated])
        .when((state) => decideDeleteAdmin(state, now, plainAdmin))
        .then([{ type: 'AdminDeleted', data: { adminId, by: otherId, at } }]);
    });
    it('never deletes a superadmin, even for a superadmin', () => {
      spec
        .given([created('superadmin')])
        .when((state) => decideDeleteAdmin(state, now, superadmin))
        .thenThrows('superadmin_undeletable');
    });
    it('refuses to delete oneself', () => {
      spec
        .given([created()])
        .when((state) => decideDeleteAdmin(state, now, { id: adminId, role: 'admin' }))
        .thenThrows('admin_self');
    });
    it('answers not found for an unknown admin or a second deletion', () => {
      spec
        .given([])
        .when((state) => decideDeleteAdmin(state, now, superadmin))
        .thenThrows('not_found');
      spec
        .given([created(), { type: 'AdminDeleted', data: { adminId, by: superId, at } }])
        .when((state) => decideDeleteAdmin(state, now, superadmin))
        .thenThrows('not_found');
    });
  });
});

describe('admins policy', () => {
  it('a deactivated admin signs in no more', () => {
    const login = { id: adminId, passwordHash: 'hash', isActive: true };
    expect(maySignIn(login)).toBe(login);
    expect(() => maySignIn({ ...login, isActive: false })).toThrow(expect.objectContaining({ code: 'admin_disabled' }));
  });
  it('the admin acting is one the records know', () => {
    expect(actingAdmin(plainAdmin)).toBe(plainAdmin);
    expect(() => actingAdmin(null)).toThrow(expect.objectContaining({ status: 403 }));
  });
});

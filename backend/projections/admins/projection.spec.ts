import type { DomainEvent } from '@aura/contracts';
import { evolveAdmin, type AdminDoc } from './projection';
import { toAdminView } from './queries';

const adminId = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const by = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const at = '2026-11-20T10:00:00.000Z';
const created: DomainEvent = {
  type: 'AdminCreated',
  data: {
    adminId,
    fullName: 'Anna Rossi',
    username: 'Anna',
    email: 'anna@example.com',
    passwordHash: 'h',
    role: 'admin',
    createdBy: by,
    createdAt: at,
  },
};
const replay = (events: DomainEvent[]) => events.reduce<AdminDoc | null>(evolveAdmin, null);

describe('admins read model', () => {
  it('records a created admin as active, and its view hides the hash', () => {
    const doc = replay([created]);
    expect(doc).toMatchObject({ _id: adminId, usernameLower: 'anna', isActive: true, passwordHash: 'h' });
    expect(toAdminView(doc!)).toEqual({
      id: adminId,
      fullName: 'Anna Rossi',
      username: 'Anna',
      email: 'anna@example.com',
      role: 'admin',
      isActive: true,
      createdAt: at,
    });
  });

  it('follows deactivation and reactivation', () => {
    const off: DomainEvent = { type: 'AdminDeactivated', data: { adminId, by, at } };
    const on: DomainEvent = { type: 'AdminActivated', data: { adminId, by, at } };
    expect(replay([created, off])?.isActive).toBe(false);
    expect(replay([created, off, on])?.isActive).toBe(true);
  });

  it('removes a deleted admin and does not resurrect it from a later state change', () => {
    const deleted: DomainEvent = { type: 'AdminDeleted', data: { adminId, by, at } };
    expect(replay([created, deleted])).toBeNull();
    expect(replay([{ type: 'AdminActivated', data: { adminId, by, at } }])).toBeNull();
  });
});

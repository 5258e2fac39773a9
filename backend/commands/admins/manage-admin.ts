import { streams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { releaseAll } from '../../kernel/unique-values';
import { handleAdmin, decideDeleteAdmin, decideSetAdminActive, type Actor } from './admin';

export async function setAdminActive(
  eventStore: EventStore,
  adminId: string,
  isActive: boolean,
  actor: Actor,
  now: () => Date,
  metadata: Record<string, unknown>,
) {
  return handleAdmin(
    eventStore,
    streams.admin(adminId),
    (state) => decideSetAdminActive({ isActive }, state, now(), actor),
    { metadata },
  );
}

/** Deletes the admin, then frees its username so it can be given again. */
export async function deleteAdmin(
  eventStore: EventStore,
  adminId: string,
  actor: Actor,
  now: () => Date,
  metadata: Record<string, unknown>,
) {
  const result = await handleAdmin(
    eventStore,
    streams.admin(adminId),
    (state) => decideDeleteAdmin(state, now(), actor),
    { metadata },
  );
  if (result.state.status === 'deleted') {
    await releaseAll(
      eventStore,
      [{ kind: 'admin-username', value: result.state.username, ownerId: adminId }],
      now,
      metadata,
    );
  }
  return result;
}

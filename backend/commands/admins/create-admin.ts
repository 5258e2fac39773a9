import { streams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { claimAll, releaseAll } from '../../kernel/unique-values';
import { handleAdmin, decideCreateAdmin, type Actor, type CreateAdmin } from './admin';

/**
 * Claims the admin username (unique among admins, ignoring case), then records AdminCreated.
 * A refused creation releases the claim it made. `actor` is absent only for the first-start superadmin.
 */
export async function createAdmin(
  eventStore: EventStore,
  command: CreateAdmin,
  now: () => Date,
  metadata: Record<string, unknown> = {},
  actor?: Actor,
) {
  const claims = [{ kind: 'admin-username' as const, value: command.username, ownerId: command.adminId }];
  await claimAll(eventStore, claims, now, metadata);
  try {
    return await handleAdmin(
      eventStore,
      streams.admin(command.adminId),
      (state) => decideCreateAdmin(command, state, now(), actor),
      { metadata },
    );
  } catch (error) {
    await releaseAll(eventStore, claims, now, metadata);
    throw error;
  }
}

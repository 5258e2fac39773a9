import { streams } from '@aura/contracts';
import { handleCommand } from '../../platform/eventstore/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { claimAll } from '../../platform/unique-values';
import { admin, decideCreateAdmin, type CreateAdmin } from './admin';

/** Claims the admin username (unique among admins, ignoring case), then records AdminCreated. */
export async function createAdmin(eventStore: EventStore, command: CreateAdmin, now: () => Date, metadata: Record<string, unknown> = {}) {
  await claimAll(eventStore, [{ kind: 'admin-username', value: command.username, ownerId: command.adminId }], now, metadata);
  return handleCommand(eventStore, streams.admin(command.adminId), admin, (state) => decideCreateAdmin(command, state, now()), { metadata });
}

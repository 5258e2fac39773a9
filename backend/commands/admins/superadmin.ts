import { randomBytes } from 'node:crypto';
import { streams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import type { Passwords } from '../../platform/http/password';
import { deterministicId } from '../../platform/ids';
import { createAdmin } from './create-admin';

/**
 * Creates the superadmin on first start. Its id is fixed, so a second start finds it and leaves it.
 * Answers the generated password when one was made (to print once).
 */
export async function ensureSuperadmin(
  eventStore: EventStore,
  options: { username: string; password?: string; now: () => Date; passwords: Passwords },
) {
  const adminId = deterministicId(`superadmin:${options.username.toLowerCase()}`);
  if ((await eventStore.readStream(streams.admin(adminId))).length > 0)
    return { created: false as const, username: options.username };
  const password = options.password ?? randomBytes(12).toString('base64url');
  await createAdmin(
    eventStore,
    {
      adminId,
      fullName: 'Super Admin',
      username: options.username,
      email: `${options.username.toLowerCase()}@aura.local`,
      passwordHash: await options.passwords.hash(password),
      role: 'superadmin',
    },
    options.now,
    { source: 'seed' },
  );
  return {
    created: true as const,
    username: options.username,
    generatedPassword: options.password ? undefined : password,
  };
}

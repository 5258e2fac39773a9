import { streams, type RegisterBody } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { creditWallet } from '../../ledger';
import { newId } from '../../platform/ids';
import { claimAll } from '../../kernel/unique-values';
import { decideRegister, handleUser, welcomeCredit, welcomeCreditEventId } from './user';

export interface RegistrationDeps {
  eventStore: EventStore;
  now: () => Date;
  hashPassword: (password: string) => Promise<string>;
}

/**
 * Registers a user: claims the username and the email (unique ignoring case), records
 * UserRegistered, then opens the wallet with the welcome credit. Returns the user id and the
 * global position of the last event.
 */
export async function registerUser(deps: RegistrationDeps, body: RegisterBody, metadata: Record<string, unknown>) {
  const userId = newId();
  const passwordHash = await deps.hashPassword(body.password);
  await claimAll(
    deps.eventStore,
    [
      { kind: 'username', value: body.username, ownerId: userId },
      { kind: 'email', value: body.email, ownerId: userId },
    ],
    deps.now,
    metadata,
  );
  await handleUser(
    deps.eventStore,
    streams.user(userId),
    (state) =>
      decideRegister(
        {
          userId,
          username: body.username,
          email: body.email,
          passwordHash,
          sensitiveDataConsent: body.sensitiveDataConsent,
        },
        state,
        deps.now(),
      ),
    { metadata },
  );
  const credit = await creditWelcomeBonus(deps, userId, metadata);
  return { userId, position: credit.position };
}

/**
 * Idempotent: the welcome credit has a fixed name, so a second call (a recovery) writes nothing.
 */
export async function creditWelcomeBonus(
  deps: Pick<RegistrationDeps, 'eventStore' | 'now'>,
  userId: string,
  metadata: Record<string, unknown>,
) {
  return creditWallet(
    deps.eventStore,
    userId,
    [{ name: welcomeCreditEventId(userId), event: welcomeCredit(userId, deps.now()) }],
    metadata,
  );
}

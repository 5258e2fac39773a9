import { streams } from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import { releaseAll } from '../../kernel/unique-values';
import { user } from '../../commands/accounts/user';

/** Enqueues work for a job; injected by the composition root so this module knows no worker. */
export type EnqueueWelcomeCredit = (userId: string, causationId: string) => Promise<void>;

/**
 * Recovery for a registration cut short between UserRegistered and the welcome credit: every
 * UserRegistered asks for its credit. The credit's fixed event id makes the usual case a no-op.
 */
export function welcomeCreditReaction(enqueue: EnqueueWelcomeCredit): ProjectionDefinition {
  return {
    name: 'reaction:welcome-credit',
    collections: [],
    eventTypes: ['UserRegistered'],
    async apply(event) {
      if (event.type === 'UserRegistered') await enqueue(event.data.userId, event.id);
    },
  };
}

/**
 * A deleted user's username and email become free again. The delete route releases them at once;
 * this reaction heals a delete cut short between UserDeleted and the releases (releasing a value
 * someone else holds by then is a no-op, so replaying it is harmless).
 */
export function releaseDeletedUserClaims(eventStore: EventStore, now: () => Date): ProjectionDefinition {
  return {
    name: 'reaction:release-deleted-user-claims',
    collections: [],
    eventTypes: ['UserDeleted'],
    async apply(event) {
      if (event.type !== 'UserDeleted') return;
      const userId = event.data.userId;
      const state = foldStream(user, await eventStore.readStream(streams.user(userId)));
      if (state.status === 'unregistered') return;
      await releaseAll(
        eventStore,
        [
          { kind: 'username', value: state.username, ownerId: userId },
          { kind: 'email', value: state.email, ownerId: userId },
        ],
        now,
        { causationId: event.id },
      );
    },
  };
}

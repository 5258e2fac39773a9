import type { ProjectionDefinition } from '../../platform/projections/runner';

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
      await enqueue((event.data as { userId: string }).userId, event.id);
    },
  };
}

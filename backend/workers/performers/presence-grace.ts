import { streams } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { EventStore } from '../../platform/eventstore/port';
import type { KeyValueStore } from '../../platform/kv/port';
import { jobProcessor } from '../../kernel/module';
import { decideSetOnline, handlePerformer } from '../../commands/performers/performer';
import { PRESENCE_GRACE_JOB, performerConnectedKey, type PresenceGraceJob } from '../../commands/performers/presence';

/**
 * When a performer's last connection dropped, this job runs after the grace period and sets her
 * offline unless she reconnected meanwhile. Going offline twice writes nothing (the decider is
 * idempotent), so a retried job is harmless.
 */
export const presenceGraceJob = (deps: { eventStore: EventStore; kv: KeyValueStore; clock: Clock }) =>
  jobProcessor<PresenceGraceJob>(PRESENCE_GRACE_JOB, async ({ performerId, disconnectedAt }) => {
    if (await deps.kv.has(performerConnectedKey(performerId))) return;
    try {
      await handlePerformer(
        deps.eventStore,
        streams.performer(performerId),
        (state) => decideSetOnline({ isOnline: false, by: 'disconnected' }, state, deps.clock.now()),
        {
          metadata: { source: 'presence-grace', disconnectedAt },
        },
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found') return;
      throw error;
    }
  });

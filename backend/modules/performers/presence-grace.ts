import { streams } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { EventStore } from '../../platform/eventstore/port';
import type { KeyValueStore } from '../../platform/kv/port';
import { jobProcessor } from '../../platform/module';
import { decideSetOnline, handlePerformer } from './performer';

export const PRESENCE_GRACE_JOB = 'presence.grace';

export type PresenceGraceJob = { performerId: string; disconnectedAt: string };

/** Set while a performer has a live socket connection (written by the api, read by this job). */
export const performerConnectedKey = (performerId: string) => `presence:performer:${performerId}`;
export const PERFORMER_CONNECTED_TTL_MS = 24 * 60 * 60_000;

/**
 * When a performer's last connection dropped, this job runs after the grace period and sets her
 * offline unless she reconnected meanwhile. Going offline twice writes nothing (the decider is
 * idempotent), so a retried job is harmless.
 */
export const presenceGraceJob = (deps: { eventStore: EventStore; kv: KeyValueStore; now: () => Date }) =>
  jobProcessor<PresenceGraceJob>(PRESENCE_GRACE_JOB, async ({ performerId, disconnectedAt }) => {
    if (await deps.kv.has(performerConnectedKey(performerId))) return;
    try {
      await handlePerformer(deps.eventStore, streams.performer(performerId), (state) => decideSetOnline({ isOnline: false, by: 'disconnected' }, state, deps.now()), {
        metadata: { source: 'presence-grace', disconnectedAt },
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found') return;
      throw error;
    }
  });

/** One job per disconnection (its time in the id), delayed by the grace period. */
export const presenceGraceJobOptions = (performerId: string, disconnectedAt: string, graceMs: number) => ({
  jobId: `presence-grace-${performerId}-${Date.parse(disconnectedAt)}`,
  delayMs: graceMs,
  attempts: 5,
  backoff: { type: 'exponential' as const, delayMs: 500 },
});

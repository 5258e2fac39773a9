import type { EventStore } from '../platform/eventstore/port';
import type { JobQueue } from '../platform/jobs/port';
import { registerWelcomeCreditJob } from './welcome-credit';
import type { KeyValueStore } from '../platform/kv/port';
import { registerPresenceGraceJob } from './presence-grace';

/** Every job processor, registered on the worker role's queue. */
export function registerJobs(jobs: JobQueue, deps: { eventStore: EventStore; now: () => Date; kv?: KeyValueStore }) {
  registerWelcomeCreditJob(jobs, deps.eventStore, deps.now);
  if (deps.kv) registerPresenceGraceJob(jobs, { eventStore: deps.eventStore, kv: deps.kv, now: deps.now });
}

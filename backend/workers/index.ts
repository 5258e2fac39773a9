import type { EventStore } from '../platform/eventstore/port';
import type { JobQueue } from '../platform/jobs/port';
import { registerWelcomeCreditJob } from './welcome-credit';

/** Every job processor, registered on the worker role's queue. */
export function registerJobs(jobs: JobQueue, deps: { eventStore: EventStore; now: () => Date }) {
  registerWelcomeCreditJob(jobs, deps.eventStore, deps.now);
}

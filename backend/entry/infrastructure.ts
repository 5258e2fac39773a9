import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../platform/config/config';
import { createPgliteEventStore } from '../platform/eventstore/pglite';
import type { EventStore } from '../platform/eventstore/port';
import { createLocalFileStorage, type FileStorage } from '../platform/files/storage';
import { createInProcessJobQueue, type InProcessJobQueue } from '../platform/jobs/in-process';
import type { JobQueue } from '../platform/jobs/port';
import { createMemoryKeyValueStore } from '../platform/kv/memory';
import type { KeyValueStore } from '../platform/kv/port';
import type { Logger } from '../platform/logging/logger';
import { createMingoReadModelStore, type MingoReadModelStore } from '../platform/readmodels/mingo';
import type { ReadModelStore } from '../platform/readmodels/port';
import { codeFingerprint } from '../platform/code-fingerprint';
import { createReadModelSnapshots, type ReadModelSnapshots } from '../platform/projections/snapshots';
import type { SnapshotStep } from '../platform/readmodels/snapshot-file';

export interface Infrastructure {
  eventStore: EventStore;
  readModels: ReadModelStore;
  jobs: JobQueue;
  kv: KeyValueStore;
  /** identity documents and photos (local folder under DATA_DIR/files) */
  files: FileStorage;
  /** snapshots of the in-memory read models (none with MongoDB) */
  snapshots?: ReadModelSnapshots;
  close(): Promise<void>;
}

/**
 * The only place adapters are chosen: by the configuration's URLs, embedded when none is set. The
 * external engines' adapters are loaded only when configured: their drivers (MongoDB, BullMQ,
 * EventStoreDB, pg) weigh ~50 MiB that the embedded process would otherwise hold for nothing.
 */
export interface InfrastructureOptions {
  /** tests: a throw before a step of writing a read-model snapshot stands for a crash there */
  snapshotFaults?: (step: SnapshotStep) => void;
}

export async function openInfrastructure(config: Config, logger: Logger, options: InfrastructureOptions = {}): Promise<Infrastructure> {
  await mkdir(config.dataDir, { recursive: true });
  const eventStore = config.EVENTSTORE_URL
    ? await (await import('../platform/eventstore/esdb')).createEventStoreDbEventStore({ connectionString: config.EVENTSTORE_URL })
    : config.DATABASE_URL
      ? await (await import('../platform/eventstore/postgres')).createPostgresEventStore({ connectionString: config.DATABASE_URL })
      : await createPgliteEventStore({ dataDir: path.join(config.dataDir, 'eventstore') });
  let memory: MingoReadModelStore | undefined;
  const readModels = config.MONGO_URL ? await (await import('../platform/readmodels/mongo')).createMongoReadModelStore({ url: config.MONGO_URL, dbName: config.MONGO_DB }) : (memory = createMingoReadModelStore());
  const jobLogger = logger.child({ component: 'jobs' });
  let inProcessJobs: InProcessJobQueue | undefined;
  const jobs = config.REDIS_URL ? await (await import('../platform/jobs/bullmq')).createBullMqJobQueue({ redisUrl: config.REDIS_URL, logger: jobLogger }) : (inProcessJobs = createInProcessJobQueue({ logger: jobLogger }));
  const snapshots = memory && createReadModelSnapshots({
    store: memory,
    file: path.join(config.dataDir, 'readmodels.snapshot'),
    fingerprint: await codeFingerprint([path.resolve(__dirname, '..'), path.resolve(__dirname, '../../contracts/src')], [path.resolve(__dirname, '../../package-lock.json')]),
    jobsSettled: inProcessJobs && (() => inProcessJobs.pending() === 0),
    jobsDueAt: inProcessJobs && (() => inProcessJobs.lastDueAt()),
    logger: logger.child({ component: 'snapshots' }),
    beforeStep: options.snapshotFaults,
  });
  const kv = config.REDIS_URL ? (await import('../platform/kv/redis')).createRedisKeyValueStore(config.REDIS_URL) : createMemoryKeyValueStore();
  const files = await createLocalFileStorage(path.join(config.dataDir, 'files'));
  logger.info('adapters', { eventStore: eventStore.adapter, readModels: readModels.adapter, jobs: jobs.adapter, kv: kv.adapter });
  return {
    eventStore,
    readModels,
    jobs,
    kv,
    files,
    snapshots,
    async close() {
      await jobs.close();
      await kv.close();
      await readModels.close();
      await eventStore.close();
    },
  };
}

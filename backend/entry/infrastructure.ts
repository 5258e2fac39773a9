import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../platform/config/config';
import { createEventStoreDbEventStore } from '../platform/eventstore/esdb';
import { createPgliteEventStore } from '../platform/eventstore/pglite';
import type { EventStore } from '../platform/eventstore/port';
import { createPostgresEventStore } from '../platform/eventstore/postgres';
import { createLocalFileStorage, type FileStorage } from '../platform/files/storage';
import { createBullMqJobQueue } from '../platform/jobs/bullmq';
import { createInProcessJobQueue } from '../platform/jobs/in-process';
import type { JobQueue } from '../platform/jobs/port';
import { createMemoryKeyValueStore } from '../platform/kv/memory';
import type { KeyValueStore } from '../platform/kv/port';
import { createRedisKeyValueStore } from '../platform/kv/redis';
import type { Logger } from '../platform/logging/logger';
import { createMingoReadModelStore } from '../platform/readmodels/mingo';
import { createMongoReadModelStore } from '../platform/readmodels/mongo';
import type { ReadModelStore } from '../platform/readmodels/port';

export interface Infrastructure {
  eventStore: EventStore;
  readModels: ReadModelStore;
  jobs: JobQueue;
  kv: KeyValueStore;
  /** identity documents and photos (local folder under DATA_DIR/files) */
  files: FileStorage;
  close(): Promise<void>;
}

/** The only place adapters are chosen: by the configuration's URLs, embedded when none is set. */
export async function openInfrastructure(config: Config, logger: Logger): Promise<Infrastructure> {
  await mkdir(config.dataDir, { recursive: true });
  const eventStore = config.EVENTSTORE_URL
    ? await createEventStoreDbEventStore({ connectionString: config.EVENTSTORE_URL })
    : config.DATABASE_URL
      ? await createPostgresEventStore({ connectionString: config.DATABASE_URL })
      : await createPgliteEventStore({ dataDir: path.join(config.dataDir, 'eventstore') });
  const readModels = config.MONGO_URL ? await createMongoReadModelStore({ url: config.MONGO_URL, dbName: config.MONGO_DB }) : createMingoReadModelStore();
  const jobLogger = logger.child({ component: 'jobs' });
  const jobs = config.REDIS_URL ? await createBullMqJobQueue({ redisUrl: config.REDIS_URL, logger: jobLogger }) : createInProcessJobQueue({ logger: jobLogger });
  const kv = config.REDIS_URL ? createRedisKeyValueStore(config.REDIS_URL) : createMemoryKeyValueStore();
  const files = await createLocalFileStorage(path.join(config.dataDir, 'files'));
  logger.info('adapters', { eventStore: eventStore.adapter, readModels: readModels.adapter, jobs: jobs.adapter, kv: kv.adapter });
  return {
    eventStore,
    readModels,
    jobs,
    kv,
    files,
    async close() {
      await jobs.close();
      await kv.close();
      await readModels.close();
      await eventStore.close();
    },
  };
}

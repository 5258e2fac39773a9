import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../platform/config/config';
import { createEventStoreDbEventStore } from '../platform/eventstore/esdb';
import { createPgliteEventStore } from '../platform/eventstore/pglite';
import type { EventStore } from '../platform/eventstore/port';
import { createPostgresEventStore } from '../platform/eventstore/postgres';
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
import { createLocalFileStorage, type FileStorage } from '../platform/files/storage';

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
  const readModels = config.MONGO_URL
    ? await createMongoReadModelStore({ url: config.MONGO_URL, dbName: config.MONGO_DB })
    : createMingoReadModelStore();
  const jobs = config.REDIS_URL
    ? await createBullMqJobQueue({ redisUrl: config.REDIS_URL, logger: logger.child({ component: 'jobs' }) })
    : createInProcessJobQueue({ logger: logger.child({ component: 'jobs' }) });
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

/** SESSION_SECRET, else a secret generated once and kept under DATA_DIR (so sessions survive restarts). */
export async function sessionSecret(config: Config): Promise<string> {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.dataDir, 'session-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}

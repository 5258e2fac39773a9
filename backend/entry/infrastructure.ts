import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { systemClock, type Clock } from '../platform/clock';
import type { Config } from '../platform/config/config';
import { createPgliteEventStore } from '../platform/eventstore/pglite';
import { createRemoteImages, internetImageNetwork, type ImageNetwork } from '../platform/files/remote-image';
import { createLocalFileStorage } from '../platform/files/storage';
import { createInProcessJobQueue, type InProcessJobQueue } from '../platform/jobs/in-process';
import { createFileBackedKeyValueStore } from '../platform/kv/file-backed';
import { createMemoryKeyValueStore } from '../platform/kv/memory';
import type { Logger } from '../platform/logging/logger';
import { measureAppends, observeJobs } from '../platform/metrics/instrument';
import { createMingoReadModelStore, type MingoReadModelStore } from '../platform/readmodels/mingo';
import type { Infrastructure } from '../kernel/module';
import { embeddedSnapshots } from '../kernel/projections/snapshots';
import { memoryPresence } from '../platform/presence/memory';
import { openShowMedia } from '../platform/sfu';
import type { SnapshotStep } from '../platform/readmodels/snapshot-file';

export type { Infrastructure };
/** tests: `snapshotFaults` throws before a step of writing a read-model snapshot (a crash there) */
/** tests: `imageNetwork` answers the image fetcher from memory (tests send traffic to loopback only) */
/** `clock`: business time of the embedded adapters (delayed jobs, keys' expiry); default the system's */
export type InfrastructureOptions = {
  snapshotFaults?: (step: SnapshotStep) => void;
  imageNetwork?: ImageNetwork;
  clock?: Clock;
  /** an api process: its sockets count in presence (a projector or worker only reads the sums) */
  presenceWrites?: boolean;
};
/**
 * The only place adapters are chosen: by the configuration's URLs, embedded when none is set. The
 * external engines' adapters are loaded only when configured: their drivers (MongoDB, BullMQ,
 * EventStoreDB, pg) weigh ~50 MiB that the embedded process would otherwise hold for nothing.
 */
export async function openInfrastructure(
  config: Config,
  logger: Logger,
  options: InfrastructureOptions = {},
): Promise<Infrastructure> {
  await mkdir(config.dataDir, { recursive: true });
  const clock = options.clock ?? systemClock;
  const eventStore = measureAppends(
    config.EVENTSTORE_URL
      ? await (
          await import('../platform/eventstore/esdb')
        ).createEventStoreDbEventStore({ connectionString: config.EVENTSTORE_URL })
      : config.DATABASE_URL
        ? await (
            await import('../platform/eventstore/postgres')
          ).createPostgresEventStore({ connectionString: config.DATABASE_URL })
        : await createPgliteEventStore({
            dataDir: path.join(config.dataDir, 'eventstore'),
            initdbCache: config.PGLITE_INITDB_CACHE,
          }),
  );
  let memory: MingoReadModelStore | undefined;
  const readModels =
    config.READ_MODELS === 'postgres' && config.DATABASE_URL
      ? await (
          await import('../platform/readmodels/postgres')
        ).createPostgresReadModelStore({ connectionString: config.DATABASE_URL })
      : config.READ_MODELS === 'mongo' && config.MONGO_URL
        ? await (
            await import('../platform/readmodels/mongo')
          ).createMongoReadModelStore({ url: config.MONGO_URL, dbName: config.MONGO_DB })
        : (memory = createMingoReadModelStore());
  const jobLogger = logger.child({ component: 'jobs' });
  let inProcessJobs: InProcessJobQueue | undefined;
  const jobs = observeJobs(
    config.REDIS_URL
      ? await (
          await import('../platform/jobs/bullmq')
        ).createBullMqJobQueue({ redisUrl: config.REDIS_URL, logger: jobLogger })
      : (inProcessJobs = createInProcessJobQueue({ logger: jobLogger, clock })),
    logger,
  );
  const snapshots =
    memory &&
    (await embeddedSnapshots(memory, {
      dataDir: config.dataDir,
      jobs: inProcessJobs,
      logger,
      beforeStep: options.snapshotFaults,
      clock,
    }));
  const kv = config.REDIS_URL
    ? (await import('../platform/kv/redis')).createRedisKeyValueStore(config.REDIS_URL)
    : createMemoryKeyValueStore(clock.nowMs);
  const revocations = config.REDIS_URL
    ? kv
    : await createFileBackedKeyValueStore(path.join(config.dataDir, 'revocations.jsonl'), clock.nowMs);
  const files = await createLocalFileStorage(path.join(config.dataDir, 'files'));
  const remoteImages = createRemoteImages(options.imageNetwork ?? internetImageNetwork, files);
  const showMedia = openShowMedia(config);
  const presence = config.REDIS_URL
    ? (await import('../platform/presence/redis')).redisPresence({
        redisUrl: config.REDIS_URL,
        ttlMs: config.PRESENCE_TTL_MS,
        writes: options.presenceWrites ?? true,
        logger,
      })
    : memoryPresence();
  logger.info('adapters', {
    eventStore: eventStore.adapter,
    readModels: readModels.adapter,
    jobs: jobs.adapter,
    kv: kv.adapter,
    showMedia: showMedia.adapter,
    presence: presence.adapter,
  });
  return {
    eventStore,
    readModels,
    jobs,
    kv,
    revocations,
    files,
    remoteImages,
    snapshots,
    inProcessJobs,
    showMedia,
    presence,
    async close() {
      await presence.close();
      await showMedia.close();
      for (const adapter of [jobs, kv, readModels, eventStore]) await adapter.close();
      if (revocations !== kv) await revocations.close();
    },
  };
}

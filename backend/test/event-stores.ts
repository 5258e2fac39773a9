/**
 * The event stores a suite can run on: PGlite always, PostgreSQL from DATABASE_URL (or a
 * container), EventStoreDB from EVENTSTORE_URL (or a container). An engine this machine cannot
 * reach is skipped with a printed notice (./engines.ts).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { StartedTestContainer } from 'testcontainers';
import { createPgliteEventStore } from '../platform/eventstore/pglite';
import type { EventStore } from '../platform/eventstore/port';
import { createPostgresEventStore } from '../platform/eventstore/postgres';
import { describeWithEngine, engineSource, type EngineSource } from './engines';

const CONTAINER_START_TIMEOUT_MS = 180_000;

export const postgresSource = (): EngineSource => engineSource('DATABASE_URL', 'PostgreSQL');
export const eventStoreDbSource = (): EngineSource => engineSource('EVENTSTORE_URL', 'EventStoreDB');

/**
 * In a describe block: PostgreSQL for its tests (started before them when it is a container), and
 * event stores on it in a schema of their own, dropped after them.
 */
export function usePostgresEventStore(source: EngineSource): {
  url: () => string;
  schema: string;
  open: () => Promise<EventStore>;
} {
  const schema = `eventstore_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let container: StartedTestContainer | undefined;
  let url = source.kind === 'url' ? source.url : '';

  beforeAll(async () => {
    if (source.kind !== 'container') return;
    // loaded only where a Docker engine runs them: testcontainers weighs a second of CPU per test file
    const { GenericContainer, Wait } = await import('testcontainers');
    container = await new GenericContainer('postgres:16')
      .withEnvironment({ POSTGRES_USER: 'aura', POSTGRES_PASSWORD: 'aura', POSTGRES_DB: 'aura' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    url = `postgres://aura:aura@${container.getHost()}:${container.getMappedPort(5432)}/aura`;
  }, CONTAINER_START_TIMEOUT_MS);

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
    await container?.stop();
  });

  return { url: () => url, schema, open: () => createPostgresEventStore({ connectionString: url, schema }) };
}

/** In a describe block: EventStoreDB for its tests (started before them when it is a container, stopped after). */
export function useEventStoreDb(source: EngineSource): { open: () => Promise<EventStore> } {
  let container: StartedTestContainer | undefined;
  let url = source.kind === 'url' ? source.url : '';

  beforeAll(async () => {
    if (source.kind !== 'container') return;
    const { GenericContainer, Wait } = await import('testcontainers');
    container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None', EVENTSTORE_MEM_DB: 'true' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start();
    url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  }, CONTAINER_START_TIMEOUT_MS);

  afterAll(async () => {
    await container?.stop();
  });

  return {
    open: async () => {
      const { createEventStoreDbEventStore } = await import('../platform/eventstore/esdb');
      return createEventStoreDbEventStore({ connectionString: url });
    },
  };
}

/**
 * An in-memory PGlite event store started from the tier's initdb result (PGLITE_INITDB_CACHE,
 * test/setup/pglite-initdb-cache.ts) rather than running initdb again: ~1.5 s of CPU instead of ~5.
 */
export const openMemoryPglite = (): Promise<EventStore> =>
  createPgliteEventStore({ initdbCache: process.env.PGLITE_INITDB_CACHE });

/**
 * `body` once per event store this machine can reach, given a way to open one (the suite opens and
 * closes its stores within its own describe blocks, before the engine goes away).
 */
export function describeOnEveryEventStore(title: string, body: (open: () => Promise<EventStore>) => void): void {
  describe(`${title}, on PGlite`, () => body(openMemoryPglite));
  const postgres = postgresSource();
  describeWithEngine(postgres, `${title}, on PostgreSQL`, () => body(usePostgresEventStore(postgres).open));
  const eventStoreDb = eventStoreDbSource();
  describeWithEngine(eventStoreDb, `${title}, on EventStoreDB`, () => body(useEventStoreDb(eventStoreDb).open));
}

/**
 * The embedded event store: PGlite (PostgreSQL in WebAssembly) running the SQL adapter. One
 * connection per process, so appends are serialised and no cross-process signal is needed: the
 * data directory cannot be opened by two processes at once.
 */
import type * as PgliteModule from '@electric-sql/pglite';
import { Module } from 'node:module';
import type { EventStore } from './port';
import { createSqlEventStore, type SqlExecutor, type SqlQuery } from './sql';

/**
 * PostgreSQL's default 128 MB of shared buffers would live in the WebAssembly heap, which never
 * shrinks: with the log read once at start and then appended to, 16 MB serve as well (the file
 * system cache holds the rest) and the process stays ~110 MiB smaller.
 */
const MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** `dataDir` undefined keeps everything in memory. */
export async function createPgliteEventStore(options: { dataDir?: string }): Promise<EventStore> {
  const { PGlite } = loadPglite();
  const db = await PGlite.create({ dataDir: options.dataDir, startParams: [...PGlite.defaultStartParams, ...MEMORY_SETTINGS] });
  const asQuery = (runner: Pick<PgliteModule.PGlite, 'query'>): SqlQuery => ({
    query: async <Row extends object>(sql: string, params?: readonly unknown[]) =>
      (await runner.query<Row>(sql, params ? [...params] : undefined)).rows,
  });
  const executor: SqlExecutor = {
    ...asQuery(db),
    transaction: (fn) => db.transaction((tx) => fn(asQuery(tx))),
  };
  try {
    return await createSqlEventStore({ adapter: 'pglite', executor, closeExecutor: () => db.close() });
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * PGlite is loaded by Node's own module loader, not by the importing runtime's: it fetches its
 * WebAssembly and Node built-ins with dynamic import(), which Jest's module sandbox refuses unless
 * Node runs with --experimental-vm-modules (Jest swaps `createRequire` too, hence a bare Module).
 * Its results may then belong to another realm (a Date that is not `instanceof Date` in a test),
 * which is why the SQL adapter only takes primitives from the executor.
 */
function loadPglite(): typeof PgliteModule {
  const entry = require.resolve('@electric-sql/pglite');
  return new Module(entry).require(entry) as typeof PgliteModule;
}

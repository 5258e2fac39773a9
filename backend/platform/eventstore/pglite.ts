/**
 * The embedded event store: PGlite (PostgreSQL in WebAssembly) running the SQL adapter. One
 * connection per process, so appends are serialised and no cross-process signal is needed: the
 * data directory cannot be opened by two processes at once.
 */
import type * as PgliteModule from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { Module } from 'node:module';
import path from 'node:path';
import type { EventStore } from './port';
import { createSqlEventStore, type SqlExecutor, type SqlQuery } from './sql';

/**
 * PostgreSQL's default 128 MB of shared buffers would live in the WebAssembly heap, which never
 * shrinks: with the log read once at start and then appended to, 16 MB serve as well (the file
 * system cache holds the rest) and the process stays ~110 MiB smaller.
 */
const MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * `dataDir` undefined keeps everything in memory. `initdbCache`: a folder holding what initdb made
 * once, copied for each new data folder (or loaded as a tarball into memory) instead of running
 * initdb again (5–7 s of CPU each: tests that open hundreds of event stores set it, through
 * `PGLITE_INITDB_CACHE`).
 */
export async function createPgliteEventStore(options: { dataDir?: string; initdbCache?: string }): Promise<EventStore> {
  if (options.dataDir) await initialiseDataDir(options.dataDir, options.initdbCache);
  const { PGlite } = loadPglite();
  const startParams = [...PGlite.defaultStartParams, ...MEMORY_SETTINGS];
  const db =
    !options.dataDir && options.initdbCache
      ? await PGlite.create({ loadDataDir: await memoryInitdbResult(options.initdbCache), startParams })
      : await PGlite.create({ dataDir: options.dataDir, startParams });
  const asQuery = (runner: Pick<PgliteModule.PGlite, 'query'>): SqlQuery => ({
    query: async <Row extends object>(sql: string, params?: readonly unknown[]) =>
      (await runner.query<Row>(sql, params ? [...params] : undefined)).rows,
  });
  const executor: SqlExecutor = {
    ...preparedOnce(db),
    transaction: (fn) => db.transaction((tx) => fn(asQuery(tx))),
  };
  try {
    return await createSqlEventStore({
      adapter: 'pglite',
      executor,
      gatherAppends: true,
      soleWriter: true,
      closeExecutor: () => db.close(),
    });
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * A new data folder is initialised (initdb) by a short-lived child process. initdb runs a second
 * PostgreSQL instance and its own WebAssembly module beside the first, and the memory they touch
 * stays with the process that ran them: ~100 MiB of a fresh demo's resident memory for as long as
 * it runs. It is made in a sibling folder and renamed when complete, so a crash midway leaves no
 * half-made data folder (the next start makes it again). A folder holding anything else is left to
 * PGlite, as before.
 */
async function initialiseDataDir(dataDir: string, initdbCache: string | undefined): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const entries = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (entries && entries.length > 0) return;
  const parent = path.dirname(dataDir);
  const prefix = `${path.basename(dataDir)}.initdb-`;
  await mkdir(parent, { recursive: true });
  for (const stale of (await readdir(parent)).filter((name) => name.startsWith(prefix)))
    await rm(path.join(parent, stale), { recursive: true, force: true });
  const temporary = path.join(parent, `${prefix}${process.pid}`);
  if (initdbCache && existsSync(path.join(initdbCache, 'PG_VERSION')))
    await cp(initdbCache, temporary, { recursive: true });
  else {
    await runInitdb(temporary);
    if (initdbCache) await keepInitdbResult(temporary, initdbCache);
  }
  if (entries) await rmdir(dataDir);
  await rename(temporary, dataDir);
}

/**
 * An in-memory store starts from initdb's result as PGlite's own tarball, kept beside the data
 * folder cache (`<initdbCache>.tar`): made once by the first in-memory store, then read by the
 * others instead of running initdb in the process again (about 5 s of CPU each).
 */
async function memoryInitdbResult(initdbCache: string): Promise<Blob> {
  const tarball = `${initdbCache}.tar`;
  if (existsSync(tarball)) return new Blob([await readFile(tarball)]);
  const { PGlite } = loadPglite();
  const fresh = await PGlite.create();
  try {
    const dump = await fresh.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${tarball}.partial-${process.pid}`;
    await mkdir(path.dirname(tarball), { recursive: true });
    await writeFile(partial, bytes);
    await rename(partial, tarball).catch(() => rm(partial, { force: true }));
    return new Blob([bytes]);
  } finally {
    await fresh.close();
  }
}

/** initdb into `folder`, in a child process (see initialiseDataDir). */
async function runInitdb(folder: string): Promise<void> {
  const script = `require(${JSON.stringify(require.resolve('@electric-sql/pglite'))}).PGlite.create({ dataDir: process.argv[1] })
    .then((db) => db.close()).then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, folder], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`initialising the event store in ${folder} failed (exit code ${code})`)),
    );
  });
}

/** Copies a fresh initdb result into the cache, whole or not at all; a process that lost the race keeps the winner's. */
async function keepInitdbResult(folder: string, initdbCache: string): Promise<void> {
  const copy = `${initdbCache}.partial-${process.pid}`;
  await mkdir(path.dirname(initdbCache), { recursive: true });
  await rm(copy, { recursive: true, force: true });
  await cp(folder, copy, { recursive: true });
  await rename(copy, initdbCache).catch(() => rm(copy, { recursive: true, force: true }));
}

/**
 * PGlite's query() parses and plans its statement on every call (the unnamed statement of the
 * extended protocol): for the append statement that was ~2.2 ms of CPU out of ~2.8, the largest
 * cost of a paid chat message. So each parameterised statement is prepared once on this
 * connection (PREPARE) and then run with EXECUTE, its parameters written as literals: ~0.6 ms.
 * Only text, numbers, booleans and null are written so (a string literal needs nothing but its
 * quotes doubled, standard_conforming_strings being on); a statement with other parameters, or one
 * PostgreSQL cannot prepare, runs as before. Transactions keep plain queries.
 */
function preparedOnce(db: Pick<PgliteModule.PGlite, 'query' | 'exec'>): SqlQuery {
  const prepared = new Map<string, Promise<string | null>>();
  const prepare = (sql: string) => {
    let name = prepared.get(sql);
    if (!name) {
      const candidate = `aura_stmt_${prepared.size + 1}`;
      name = db.exec(`prepare ${candidate} as ${sql}`).then(
        () => candidate,
        () => null,
      );
      prepared.set(sql, name);
    }
    return name;
  };
  return {
    async query<Row extends object>(sql: string, params?: readonly unknown[]) {
      const literals = params && params.length > 0 ? params.map(literal) : undefined;
      const name = literals && !literals.includes(undefined) ? await prepare(sql) : null;
      if (!name) return (await db.query<Row>(sql, params ? [...params] : undefined)).rows;
      return (await db.query<Row>(`execute ${name}(${literals!.join(', ')})`)).rows;
    },
  };
}

/** A parameter as an SQL literal, or undefined when it is of a kind not written so. */
function literal(value: unknown): string | undefined {
  if (value === null) return 'null';
  // quoted, each is an untyped literal that takes the prepared parameter's type, as a bound value would
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return `'${String(value)}'`;
  if (typeof value === 'string') return value.includes('\0') ? undefined : `'${value.replaceAll("'", "''")}'`;
  return undefined;
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

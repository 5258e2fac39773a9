// Every test app on the embedded event store copies one initdb result instead of running initdb
// (7 s of CPU a data folder): kept in the system's temporary folder, one per PGlite version, and
// set in the environment so that the processes a test starts inherit it (PGLITE_INITDB_CACHE).
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const pgliteRoot = path.dirname(path.dirname(require.resolve('@electric-sql/pglite')));
const { version } = JSON.parse(readFileSync(path.join(pgliteRoot, 'package.json'), 'utf8')) as { version: string };
process.env.PGLITE_INITDB_CACHE ??= path.join(tmpdir(), `aura-pglite-initdb-${version}`);

/**
 * Every mutating route of the contracts (POST, PUT, PATCH, DELETE) has an in-memory API spec: some
 * `*.api.spec.ts` names it in its `apiSpec({ covers: [...] })`, and that file fails unless its specs
 * show the route both answering and refusing (backend/test/api-spec.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoutes } from '@aura/contracts';
import { mutatingRoutes } from './api-spec';

const BACKEND = path.resolve(__dirname, '..');

/** Routes whose API spec is still to be written: the list only shrinks (a route covered must leave it). */
const PENDING: readonly string[] = [];

function apiSpecFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : apiSpecFiles(full);
    return entry.name.endsWith('.api.spec.ts') ? [full] : [];
  });
}

/** The route names a file's `covers: [...]` lists. */
function coveredBy(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/covers:\s*\[([^\]]*)\]/g)].flatMap((match) =>
    [...match[1]!.matchAll(/'(\w+)'/g)].map((name) => name[1]!),
  );
}

describe('API specs in memory', () => {
  const covered = new Map<string, string[]>();
  for (const file of apiSpecFiles(BACKEND))
    for (const name of coveredBy(file)) covered.set(name, [...(covered.get(name) ?? []), path.relative(BACKEND, file)]);

  it('cover every mutating route of the contracts', () => {
    const missing = mutatingRoutes().filter((name) => !covered.has(name) && !PENDING.includes(name));
    expect(missing).toEqual([]);
  });

  it('name only routes that exist', () => {
    expect([...covered.keys()].filter((name) => !Object.hasOwn(apiRoutes, name))).toEqual([]);
  });

  it('leave the pending list once covered', () => {
    expect(PENDING.filter((name) => covered.has(name))).toEqual([]);
  });
});

/**
 * The updates projections make most ($set, $inc, $unset on plain fields, $push of one value) applied in plain code;
 * mingo's updater builds a fresh operator context on every call. Anything else (array operators,
 * positional paths, a path through an array or a scalar, a non-number under $inc, two operators on
 * one path) returns false untouched, and mingo applies it with its own checks and errors.
 */
import { isPlainRecord } from './simple-filter';

const SIMPLE = new Set(['$set', '$inc', '$unset', '$push']);

/** Applies `modifier` to `doc` in place and returns true, or returns false having changed nothing. */
export function applySimpleUpdate(
  doc: Record<string, unknown>,
  modifier: Record<string, unknown>,
  copy: (value: unknown) => unknown,
): boolean {
  const steps: { operator: string; path: string[]; operand: unknown }[] = [];
  const paths: string[] = [];
  for (const [operator, fields] of Object.entries(modifier)) {
    if (!SIMPLE.has(operator) || !isPlainRecord(fields)) return false;
    for (const [field, operand] of Object.entries(fields)) {
      const path = field.split('.');
      if (
        path[0] === '_id' ||
        path.some((segment) => segment === '' || segment.startsWith('$') || /^\d+$/.test(segment))
      )
        return false;
      if (operator === '$inc' && (typeof operand !== 'number' || Number.isNaN(operand))) return false;
      if (operator === '$push' && isPlainRecord(operand) && Object.keys(operand).some((key) => key.startsWith('$')))
        return false;
      paths.push(field);
      steps.push({ operator, path, operand });
    }
  }
  if (conflicting(paths)) return false;
  // check every step before changing anything, so a refusal leaves the document as it was
  for (const { operator, path } of steps) {
    const parent = parentOf(doc, path, false);
    if (parent === 'blocked') return false;
    if (operator === '$inc' && parent !== undefined) {
      const current = parent[path.at(-1)!];
      if (current !== undefined && (typeof current !== 'number' || Number.isNaN(current))) return false;
    }
    if (operator === '$push' && parent !== undefined) {
      const current = parent[path.at(-1)!];
      if (current !== undefined && !Array.isArray(current)) return false;
    }
  }
  for (const { operator, path, operand } of steps) {
    const leaf = path.at(-1)!;
    if (operator === '$unset') {
      const parent = parentOf(doc, path, false);
      if (parent && parent !== 'blocked') delete parent[leaf];
      continue;
    }
    const parent = parentOf(doc, path, true) as Record<string, unknown>;
    if (operator === '$push') {
      // the caller hands over a document whose arrays it may change (the mingo adapter copies what an update touches)
      const list = parent[leaf] as unknown[] | undefined;
      if (list) list.push(copy(operand));
      else parent[leaf] = [copy(operand)];
      continue;
    }
    parent[leaf] =
      operator === '$inc' ? ((parent[leaf] as number | undefined) ?? 0) + (operand as number) : copy(operand);
  }
  return true;
}

/** The object holding the path's last field: undefined when absent (created on request), 'blocked' past an array or scalar. */
function parentOf(
  doc: Record<string, unknown>,
  path: string[],
  create: boolean,
): Record<string, unknown> | undefined | 'blocked' {
  let current: Record<string, unknown> = doc;
  for (const segment of path.slice(0, -1)) {
    const next = current[segment];
    if (next === undefined) {
      if (!create) return undefined;
      const made: Record<string, unknown> = {};
      current[segment] = made;
      current = made;
    } else if (isPlainRecord(next)) {
      current = next;
    } else {
      return 'blocked';
    }
  }
  return current;
}

/** Two paths that are equal or one the prefix of the other: MongoDB refuses them, so mingo answers. */
function conflicting(paths: string[]): boolean {
  return paths.some((path, index) =>
    paths.some((other, at) => at !== index && (other === path || other.startsWith(`${path}.`))),
  );
}

/**
 * A secondary index of the in-memory adapter, as MongoDB keeps one per declared index: the ids of
 * the documents holding each scalar value of the index's first field (every element of an array,
 * a missing field as null). Documents whose value it cannot key (a subdocument, a date, a path
 * through an array) sit in `unkeyed` and are always candidates. It only narrows the candidates:
 * every candidate is still tested against the whole filter, so it can never change an answer.
 */
import { isPlainRecord, isScalar, type Scalar } from './simple-filter';

export class EqualityIndex {
  private readonly byValue = new Map<Scalar, Set<string>>();
  private readonly unkeyed = new Set<string>();
  private readonly path: readonly string[];

  constructor(readonly field: string) {
    this.path = field.split('.');
  }

  add(id: string, doc: Record<string, unknown>): void {
    const keys = this.keysOf(doc);
    if (keys === undefined) {
      this.unkeyed.add(id);
      return;
    }
    for (const key of keys) {
      let ids = this.byValue.get(key);
      if (!ids) this.byValue.set(key, (ids = new Set()));
      ids.add(id);
    }
  }

  remove(id: string, doc: Record<string, unknown>): void {
    const keys = this.keysOf(doc);
    if (keys === undefined) {
      this.unkeyed.delete(id);
      return;
    }
    for (const key of keys) {
      const ids = this.byValue.get(key);
      ids?.delete(id);
      if (ids?.size === 0) this.byValue.delete(key);
    }
  }

  /** whether two versions of a document sit under the same keys (the usual update) */
  sameKeys(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
    const old = this.keysOf(before);
    const next = this.keysOf(after);
    return (
      old !== undefined &&
      next !== undefined &&
      old.length === next.length &&
      old.every((key, index) => key === next[index])
    );
  }

  /** ids of the documents that may equal one of `values` */
  candidates(values: readonly Scalar[]): Set<string> {
    const ids = new Set(this.unkeyed);
    for (const value of values) for (const id of this.byValue.get(value) ?? []) ids.add(id);
    return ids;
  }

  private keysOf(doc: Record<string, unknown>): Scalar[] | undefined {
    let current: unknown = doc;
    for (const segment of this.path) {
      if (current === null || current === undefined) return [null];
      if (Array.isArray(current)) return undefined;
      if (!isPlainRecord(current)) return typeof current === 'object' ? undefined : [null];
      current = current[segment];
    }
    if (current === undefined) return [null];
    if (isScalar(current)) return [current];
    if (Array.isArray(current) && current.length > 0 && current.every(isScalar)) return current;
    return undefined;
  }
}

/** The scalar values an equality filter on one field asks for (`v`, `{$eq: v}`, `{$in: [...]}`), or undefined. */
export function equalityValues(expression: unknown): Scalar[] | undefined {
  if (isScalar(expression)) return [expression];
  if (!isPlainRecord(expression)) return undefined;
  if (isScalar(expression.$eq)) return [expression.$eq];
  const list = expression.$in;
  if (Array.isArray(list) && list.every(isScalar)) return list;
  return undefined;
}

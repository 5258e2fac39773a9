/**
 * The read-model port: document collections queried and updated in MongoDB's language.
 * Adapters: MongoDB (`mongodb`) and in-memory (`mingo`). Both pass readmodels.contract.ts.
 */
import type { AdapterHealth } from '../eventstore/port';

export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Record<string, 0 | 1>;
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  findOne(filter: Filter): Promise<T | null>;
  /**
   * The stored document itself where the store holds it in memory (no copy), for a pure fold that
   * only reads it; other stores answer a copy. Whoever calls it must change nothing in it.
   */
  findOneShared?(filter: Filter): Promise<T | null>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]>;
  insertOne(doc: T): Promise<void>;
  /** replace the document matched by filter; with upsert, insert when none matches. Returns whether one was written. */
  replaceOne(
    filter: Filter,
    doc: T,
    options?: {
      upsert?: boolean;
      /** stored as given, not copied: the caller keeps and changes none of it */ adopt?: boolean;
    },
  ): Promise<boolean>;
  /** $set, $inc, $push, $pull, $unset, $setOnInsert... Returns whether one matched (or was upserted). */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<boolean>;
  updateMany(filter: Filter, update: Update): Promise<number>;
  deleteOne(filter: Filter): Promise<boolean>;
  deleteMany(filter?: Filter): Promise<number>;
  /**
   * Documents upserted whole by `_id` (distinct ids), at once where the store can (one statement on
   * PostgreSQL). `positioned`: each carries docProjection's `_pos`, and a stored one already at or
   * past it is kept as it is (a batch seen again after a crash).
   */
  upsertMany?(docs: T[], options?: { positioned?: boolean }): Promise<void>;
  createIndex(keys: Record<string, 1 | -1>, options?: { unique?: boolean; name?: string }): Promise<void>;
  drop(): Promise<void>;
}

export interface ReadModelStore {
  readonly adapter: string;
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /**
   * Calls `onChange` soon after another process (or this one) writes to the collection, where the
   * store can tell (PostgreSQL's LISTEN/NOTIFY, for the checkpoints); returns the unwatch. Absent or
   * silent: the caller polls.
   */
  watch?(collection: string, onChange: () => void): () => void;
  health(): Promise<AdapterHealth>;
  close(): Promise<void>;
}

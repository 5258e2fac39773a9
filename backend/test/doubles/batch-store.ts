/**
 * An in-memory read-model store shaped like the PostgreSQL one for the projections' batch paths:
 * no shared reads (`findOneShared`), and `upsertMany` with its `positioned` guard. Specs apply a
 * batch on it and compare with the same events applied one by one.
 */
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import type { Collection, Doc, ReadModelStore } from '../../platform/readmodels/port';

export function createBatchReadModelStore(): ReadModelStore & { statements: () => number } {
  const inner = createMingoReadModelStore();
  let statements = 0;
  const counted = <F extends (...args: never[]) => Promise<unknown>>(run: F) =>
    ((...args: Parameters<F>) => {
      statements += 1;
      return run(...args);
    }) as F;
  return {
    adapter: 'batch-test',
    statements: () => statements,
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      const collection = inner.collection<T>(name);
      return {
        name,
        findOne: counted((filter) => collection.findOne(filter)),
        find: counted((filter, options) => collection.find(filter, options)),
        count: counted((filter) => collection.count(filter)),
        aggregate: counted((pipeline) => collection.aggregate(pipeline)),
        insertOne: counted((doc) => collection.insertOne(doc)),
        replaceOne: counted((filter, doc, options) => collection.replaceOne(filter, doc, { upsert: options?.upsert })),
        updateOne: counted((filter, update, options) => collection.updateOne(filter, update, options)),
        updateMany: counted((filter, update) => collection.updateMany(filter, update)),
        deleteOne: counted((filter) => collection.deleteOne(filter)),
        deleteMany: counted((filter) => collection.deleteMany(filter)),
        createIndex: (keys, options) => collection.createIndex(keys, options),
        drop: () => collection.drop(),
        upsertMany: counted(async (docs: T[], options?: { positioned?: boolean }) => {
          for (const doc of docs) {
            const stored = await collection.findOne({ _id: doc._id });
            const kept = options?.positioned && typeof stored?._pos === 'number' && stored._pos >= (doc._pos as number);
            if (!kept) await collection.replaceOne({ _id: doc._id }, doc, { upsert: true });
          }
        }),
      };
    },
    health: () => inner.health(),
    close: () => inner.close(),
  };
}

/** The MongoDB read-model adapter ('mongodb'), on the official driver. */
import { MongoClient, type Collection as DriverCollection, type Document } from 'mongodb';
import type { AdapterHealth } from '../eventstore/port';
import type { Collection, Doc, Filter, FindOptions, ReadModelStore, Update } from './port';

export async function createMongoReadModelStore(options: { url: string; dbName: string }): Promise<ReadModelStore> {
  const client = new MongoClient(options.url);
  await client.connect();
  const db = client.db(options.dbName);
  return {
    adapter: 'mongodb',
    collection: <T extends Doc = Doc>(name: string): Collection<T> => mongoCollection<T>(db.collection<Document>(name)),
    async health(): Promise<AdapterHealth> {
      try {
        await db.command({ ping: 1 });
        return { adapter: 'mongodb', ok: true };
      } catch (error) {
        return { adapter: 'mongodb', ok: false, detail: error instanceof Error ? error.message : String(error) };
      }
    },
    close: () => client.close(),
  };
}

/** The port's types are the documents' own; the driver only sees plain Documents. */
function mongoCollection<T extends Doc>(collection: DriverCollection<Document>): Collection<T> {
  return {
    name: collection.collectionName,
    findOne: async (filter: Filter) => (await collection.findOne(filter)) as T | null,
    async find(filter: Filter = {}, options: FindOptions = {}) {
      let cursor = collection.find(filter);
      if (options.sort) cursor = cursor.sort(options.sort);
      if (options.skip) cursor = cursor.skip(options.skip);
      if (options.limit) cursor = cursor.limit(options.limit);
      if (options.projection) cursor = cursor.project(options.projection);
      const docs: Document[] = await cursor.toArray();
      return docs as T[];
    },
    count: (filter: Filter = {}) => collection.countDocuments(filter),
    aggregate: async <R = Record<string, unknown>>(pipeline: Record<string, unknown>[]) =>
      (await collection.aggregate(pipeline).toArray()) as R[],
    async insertOne(doc: T) {
      // the driver writes an _id into the object it is given: hand it a copy, not the caller's
      const copy: Document = { ...doc };
      await collection.insertOne(copy);
    },
    async replaceOne(filter: Filter, doc: T, options: { upsert?: boolean } = {}) {
      const replacement: Document = doc;
      const result = await collection.replaceOne(filter, replacement, { upsert: options.upsert ?? false });
      return result.matchedCount + result.upsertedCount > 0;
    },
    async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}) {
      const result = await collection.updateOne(filter, update, { upsert: options.upsert ?? false });
      return result.matchedCount + result.upsertedCount > 0;
    },
    updateMany: async (filter: Filter, update: Update) => (await collection.updateMany(filter, update)).matchedCount,
    deleteOne: async (filter: Filter) => (await collection.deleteOne(filter)).deletedCount > 0,
    deleteMany: async (filter: Filter = {}) => (await collection.deleteMany(filter)).deletedCount,
    async createIndex(keys: Record<string, 1 | -1>, options: { unique?: boolean; name?: string } = {}) {
      // an undefined option would reach the server as null
      const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
      await collection.createIndex(keys, defined);
    },
    async drop() {
      await collection.drop();
    },
  };
}

import { describeWithEngine, engineSource } from '../../test/engines';
import { createMingoReadModelStore } from './mingo';
import { createMongoReadModelStore } from './mongo';
import { createPostgresReadModelStore } from './postgres';
import { readModelContract } from './readmodels.contract';

describe('in-memory read models (mingo)', () => {
  readModelContract(async () => createMingoReadModelStore());

  it('a snapshot dumped before an update keeps the documents as they were (updates share, never change, stored parts)', async () => {
    const store = createMingoReadModelStore();
    const statements = store.collection('statements');
    await statements.insertOne({ _id: 's', total: 1, sources: { message: { count: 1 } }, lines: [{ n: 1 }] });
    const [before] = store.dump().find((dump) => dump.name === 'statements')!.docs;
    const asDumped = structuredClone(before);
    await statements.updateOne(
      { _id: 's' },
      { $inc: { total: 1, 'sources.message.count': 1 }, $push: { lines: { n: 2 } } },
    );
    await statements.updateOne({ _id: 's' }, { $inc: { 'lines.0.n': 10 } });
    await statements.updateOne({ _id: 's', 'lines.n': 2 }, { $set: { 'lines.$.n': 20 } });
    expect(before).toEqual(asDumped);
    expect(await statements.findOne({ _id: 's' })).toEqual({
      _id: 's',
      total: 2,
      sources: { message: { count: 2 } },
      lines: [{ n: 11 }, { n: 20 }],
    });
  });
});

const mongo = engineSource('MONGO_URL', 'MongoDB');

describeWithEngine(mongo, 'MongoDB read models', () => {
  let url = mongo.kind === 'url' ? mongo.url : '';
  let stopContainer = async (): Promise<void> => {};

  beforeAll(async () => {
    if (mongo.kind !== 'container') return;
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('mongo:7')
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start();
    url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}`;
    stopContainer = async () => {
      await container.stop();
    };
  }, 180_000);

  afterAll(() => stopContainer());

  readModelContract(() => createMongoReadModelStore({ url, dbName: `aura_contract_${process.pid}_${Date.now()}` }));
});

const postgres = process.env.DATABASE_URL
  ? ({ kind: 'url', url: process.env.DATABASE_URL } as const)
  : ({ kind: 'absent', reason: 'PostgreSQL: no DATABASE_URL set' } as const);

describeWithEngine(postgres, 'PostgreSQL read models', () => {
  // a schema of the run's own, dropped at the end: the contract's collections never meet the app's
  const schema = `readmodels_contract_${process.pid}`;
  afterAll(async () => {
    if (postgres.kind !== 'url') return;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  readModelContract(() =>
    createPostgresReadModelStore({ connectionString: postgres.kind === 'url' ? postgres.url : '', schema }),
  );
});

import { describeWithEngine, engineSource } from '../../test/engines';
import { createMingoReadModelStore } from './mingo';
import { createMongoReadModelStore } from './mongo';
import { readModelContract } from './readmodels.contract';

describe('in-memory read models (mingo)', () => {
  readModelContract(async () => createMingoReadModelStore());
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

import { GenericContainer, type StartedTestContainer } from 'testcontainers';
import { describeWithEngine, engineSource } from '../../test/engines';
import { keyValueContract } from './kv.contract';
import { createRedisKeyValueStore } from './redis';

const redis = engineSource('REDIS_URL', 'Redis');
describeWithEngine(redis, 'the Redis key-value store', () => {
  let redisUrl = redis.kind === 'url' ? redis.url : '';
  let container: StartedTestContainer | undefined;
  beforeAll(async () => {
    if (redis.kind === 'url') return;
    container = await new GenericContainer('redis:7').withExposedPorts(6379).start();
    redisUrl = `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
  });
  afterAll(async () => {
    await container?.stop();
  });

  keyValueContract(async () => createRedisKeyValueStore(redisUrl, `aura:kv-contract:${process.pid}:`));
});

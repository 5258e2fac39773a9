import { keyValueContract } from './kv.contract';
import { createMemoryKeyValueStore } from './memory';

describe('the memory key-value store', () => {
  keyValueContract(async () => createMemoryKeyValueStore());
});

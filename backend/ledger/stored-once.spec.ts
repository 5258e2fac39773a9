import { createInMemoryEventStore } from '../test/doubles/in-memory-event-store';
import { storedOnceContract } from './stored-once.contract';

// a store whose ids are unique per stream only, and which forgets an `any` append at once
describe('on a store without unique event ids (in memory)', () => {
  storedOnceContract(async () => createInMemoryEventStore());
});

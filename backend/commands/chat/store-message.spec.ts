import { createInMemoryEventStore } from '../../test/doubles/in-memory-event-store';
import { keyedMessageContract } from './store-message.contract';

// a store whose ids are unique per stream only, and which forgets an `any` append at once
describe('on a store without unique event ids (in memory)', () => {
  keyedMessageContract(async () => createInMemoryEventStore());
});

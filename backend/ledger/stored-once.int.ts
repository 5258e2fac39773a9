import { describeOnEveryEventStore } from '../test/event-stores';
import { storedOnceContract } from './stored-once.contract';

// the integration project's testTimeout is not applied per project by Jest
jest.setTimeout(60_000);

describeOnEveryEventStore('the ledger', storedOnceContract);

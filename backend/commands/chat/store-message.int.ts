import { describeOnEveryEventStore } from '../../test/event-stores';
import { keyedMessageContract } from './store-message.contract';

// the integration project's testTimeout is not applied per project by Jest
jest.setTimeout(60_000);

describeOnEveryEventStore('the chat', keyedMessageContract);
